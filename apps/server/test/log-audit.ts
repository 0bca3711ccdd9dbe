/**
 * The whole server suite's logs, audited (issue 32, point 7: "a test greps the whole suite's logs for hashes,
 * e-mails, tokens and keys"). vitest's global setup of this project makes a folder and names it in
 * `QUIRE_TEST_LOG_DIR`; every app a test builds without a log stream of its own logs at `info` into a file there
 * (test/helpers.ts `buildTestApp`); once every test has run, the teardown reads them all and fails the run, naming
 * the file and the line, when one holds a secret.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** What must never be in a log line: a password hash, an e-mail address, a bearer or mailed token, a key. */
export const SECRET_PATTERNS: ReadonlyArray<readonly [string, RegExp]> = [
  ['an argon2 password hash', /\$argon2(?:id|i|d)\$/],
  ['an e-mail address', /[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|test|example)\b/],
  ['a bearer token', /Bearer [A-Za-z0-9_-]{20,}/],
  ['a token in a URL', /[?&](?:token|confirm|unsubscribe)=(?!\[redacted\])[A-Za-z0-9_-]{16,}/],
  ['a Stripe key or webhook secret', /\b(?:sk|rk|pk)_(?:test|live)_[A-Za-z0-9]{8,}|\bwhsec_[A-Za-z0-9_]{8,}/],
];

/** The lines of `text` that hold a secret, with what they hold. */
export function secretsIn(text: string): { line: number; what: string; excerpt: string }[] {
  const found: { line: number; what: string; excerpt: string }[] = [];
  text.split('\n').forEach((line, i) => {
    for (const [what, pattern] of SECRET_PATTERNS) {
      const m = pattern.exec(line);
      if (m) found.push({ line: i + 1, what, excerpt: line.slice(Math.max(0, m.index - 60), m.index + 80) });
    }
  });
  return found;
}

/** vitest global setup: the folder of the suite's logs, and the teardown that audits them. */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'quire-test-logs-'));
  process.env.QUIRE_TEST_LOG_DIR = dir;
  return async () => {
    const problems: string[] = [];
    let lines = 0;
    for (const file of await readdir(dir)) {
      const text = await readFile(path.join(dir, file), 'utf8');
      lines += text.split('\n').length - 1;
      for (const p of secretsIn(text)) problems.push(`${file}:${p.line}: ${p.what}: ...${p.excerpt}...`);
    }
    if (problems.length > 0) {
      // vitest reports a teardown's error but exits 0 for it: the exit code says it too.
      process.exitCode = 1;
      throw new Error(`The server suite's logs (${lines} lines, kept in ${dir}) hold secrets:\n${problems.slice(0, 20).join('\n')}`);
    }
    await rm(dir, { recursive: true, force: true });
  };
}
