/**
 * The outside judges of our files, run as programs: EPUBCheck (Debian package `epubcheck`, run as
 * `java -jar` because the /usr/bin wrapper needs binfmt_misc) and poppler's pdfinfo/pdffonts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

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
  await run('java', ['-jar', '/usr/share/java/epubcheck.jar', file, '-j', report], { maxBuffer: 16 << 20 }).catch(
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

/** Size of every page in PDF points `[width, height]`, rounded, from `pdfinfo -f 1 -l N`. */
export async function pdfPageSizes(file: string): Promise<[number, number][]> {
  const info = (await run('pdfinfo', [file])).stdout;
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
  const perPage = (await run('pdfinfo', ['-f', '1', '-l', String(pages), file], { maxBuffer: 16 << 20 })).stdout;
  return [...perPage.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => [
    Math.round(Number(m[1])),
    Math.round(Number(m[2])),
  ]);
}

/** Fonts of a PDF from `pdffonts`: name and whether it is embedded. */
export async function pdfFonts(file: string): Promise<{ name: string; embedded: boolean }[]> {
  const lines = (await run('pdffonts', [file])).stdout.split('\n').slice(2).filter((l) => l.trim());
  return lines.map((line) => {
    const cols = line.trim().split(/\s+/);
    // columns: name type [encoding words...] emb sub uni object ID; emb is the 5th from the end
    return { name: cols[0] ?? '', embedded: cols[cols.length - 5] === 'yes' };
  });
}
