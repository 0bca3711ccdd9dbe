/**
 * Test helpers: EPUBCheck runner, XML well-formedness check, small zip readers.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SaxesParser } from 'saxes';
import { EPUBCHECK_JVM_OPTIONS } from '../helpers/validators.ts';

const run = promisify(execFile);

/** The Debian package's jar; `/usr/bin/epubcheck` needs binfmt_misc and does not work in containers. */
export const EPUBCHECK_JAR = '/usr/share/java/epubcheck.jar';

/** One EPUBCheck message from its JSON report. */
export interface EpubcheckMessage {
  ID: string;
  severity: 'FATAL' | 'ERROR' | 'WARNING' | 'INFO' | 'USAGE' | 'SUPPRESSED';
  message: string;
  locations: { path: string; line: number; column: number }[];
}

/**
 * Run EPUBCheck on `epub` and return the messages of its JSON report (`-j`).
 * @throws when Java or the jar is missing (the validator is part of the build: DESIGN.md §6).
 */
export async function epubcheck(epub: Uint8Array): Promise<EpubcheckMessage[]> {
  if (!existsSync(EPUBCHECK_JAR)) throw new Error(`EPUBCheck not found at ${EPUBCHECK_JAR} (apt-get install epubcheck)`);
  const dir = await mkdtemp(join(tmpdir(), 'quire-epubcheck-'));
  try {
    const file = join(dir, 'book.epub');
    const report = join(dir, 'report.json');
    await writeFile(file, epub);
    // Exit code 1 means "errors found"; the report says which, so do not fail on the exit code.
    await run('java', [...EPUBCHECK_JVM_OPTIONS, '-jar', EPUBCHECK_JAR, file, '-j', report]).catch((e: unknown) => e);
    const json = JSON.parse(await readFile(report, 'utf8')) as { messages: EpubcheckMessage[] };
    return json.messages;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Messages at WARNING level or above, formatted for a readable assertion failure. */
export function problems(messages: readonly EpubcheckMessage[]): string[] {
  return messages
    .filter((m) => m.severity === 'FATAL' || m.severity === 'ERROR' || m.severity === 'WARNING')
    .map((m) => `${m.severity} ${m.ID} ${m.message} @ ${m.locations.map((l) => `${l.path}:${l.line}:${l.column}`).join(', ')}`);
}

/** Parse `xml` with a strict XML 1.0 parser; returns the error messages (empty when well-formed). */
export function xmlErrors(xml: string): string[] {
  const errors: string[] = [];
  const parser = new SaxesParser({ xmlns: true });
  parser.on('error', (e) => errors.push(e.message));
  try {
    parser.write(xml).close();
  } catch (e) {
    errors.push(String(e));
  }
  return errors;
}
