/**
 * The outside judge of our EPUB files, run as a program: EPUBCheck (Debian package `epubcheck`, run as
 * `java -jar` because the /usr/bin wrapper needs binfmt_misc). The PDF judges (poppler) are in `test/pdf/poppler.ts`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * JVM options for one short EPUBCheck run: the client compiler only and the serial collector roughly halve the CPU a
 * run takes (measured 7.5 s -> 3.5 s of CPU on a 230 KB EPUB), which the test suite's two cores share.
 */
export const EPUBCHECK_JVM_OPTIONS = ['-Xshare:auto', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/** One EPUBCheck message: severity (ERROR, WARNING, ...), id (e.g. RSC-005) and text. */
export interface EpubcheckMessage {
  severity: string;
  id: string;
  message: string;
  locations: string[];
}

/**
 * Validates an EPUB with EPUBCheck.
 * @returns the messages of severity FATAL, ERROR and WARNING (empty when the file is valid and clean).
 */
export async function epubcheck(file: string): Promise<{ messages: EpubcheckMessage[] }> {
  const report = path.join(mkdtempSync(path.join(tmpdir(), 'epubcheck-')), 'report.json');
  await run('java', [...EPUBCHECK_JVM_OPTIONS, '-jar', '/usr/share/java/epubcheck.jar', file, '-j', report], { maxBuffer: 16 << 20 }).catch(
    () => undefined, // a non-zero exit means messages, which the JSON report lists
  );
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    messages: { severity: string; ID: string; message: string; locations: { path: string; line: number }[] }[];
  };
  return {
    messages: json.messages
      .filter((m) => ['FATAL', 'ERROR', 'WARNING'].includes(m.severity))
      .map((m) => ({
        severity: m.severity,
        id: m.ID,
        message: m.message,
        locations: m.locations.map((l) => `${l.path}:${l.line}`),
      })),
  };
}
