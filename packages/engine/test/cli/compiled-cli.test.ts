/**
 * The CLI as shipped: built to JavaScript by `scripts/build.mjs` (what `npm ci` runs) and started as a user
 * starts it, with no TypeScript loader. The build goes to a folder of its own here, so that the test does not
 * depend on (or replace) a `dist/` already built; the PDF is typeset by the compiled child process.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ENGINE = fileURLToPath(new URL('../..', import.meta.url));
const BOOK = fileURLToPath(new URL('../fixtures/pg14572-spirit-of-christmas.txt', import.meta.url));
const OUT_DIR = path.join('.tmp', `cli-build-${process.pid}`);

afterAll(() => rmSync(path.join(ENGINE, OUT_DIR), { recursive: true, force: true }));

describe('the compiled quire command', () => {
  it('builds to plain JavaScript and converts a book to PDF, EPUB and Markdown without the TypeScript loader', async () => {
    await run(process.execPath, ['scripts/build.mjs', '--outdir', OUT_DIR], { cwd: ENGINE });
    const built = path.join(ENGINE, OUT_DIR);
    expect(readdirSync(built)).toEqual(expect.arrayContaining(['cli.js', 'pdf-child.js', 'extract-child.js']));
    // Nothing of the sources is left to load: no TypeScript file is imported by the build.
    expect(readFileSync(path.join(built, 'cli.js'), 'utf8')).not.toMatch(/from\s+["'][^"']*\.ts["']/);

    const out = mkdtempSync(path.join(tmpdir(), 'quire-compiled-cli-'));
    const script = `const { main } = await import(${JSON.stringify(path.join(built, 'cli.js'))}); process.exitCode = await main(process.argv.slice(1));`;
    // A plain `node` with no loader flags: a `.ts` import would fail here.
    await run(process.execPath, ['--input-type=module', '-e', script, 'convert', BOOK, '--to', 'pdf,epub,md', '-o', out]);
    const files = readdirSync(out).sort();
    expect(files.map((f) => path.extname(f))).toEqual(['.epub', '.md', '.pdf']);
    const pdf = path.join(out, files.find((f) => f.endsWith('.pdf'))!);
    // The book's text, typeset by the compiled PDF child.
    const text = (await run('pdftotext', [pdf, '-'])).stdout;
    expect(text).toContain('Christmas');
    expect(Number(/Pages:\s+(\d+)/.exec((await run('pdfinfo', [pdf])).stdout)?.[1])).toBeGreaterThan(4);
  });
});
