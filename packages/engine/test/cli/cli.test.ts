/**
 * The `quire convert` command as a user runs it: every template and style-guide id, a trim size,
 * several formats, and the errors a person can make on the command line.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli.ts';
import { layouts } from '../../src/layout/index.ts';

const run = promisify(execFile);
const BOOK = fileURLToPath(new URL('../fixtures/pg14572-spirit-of-christmas.txt', import.meta.url));

async function pageSize(pdf: string): Promise<string> {
  const info = (await run('pdfinfo', [pdf])).stdout;
  return /Page size:\s+([\d.]+ x [\d.]+) pts/.exec(info)?.[1] ?? '';
}

function points(inches: number): string {
  return String(Math.round(inches * 72 * 100) / 100).replace(/\.0+$/, '');
}

afterEach(() => vi.restoreAllMocks());

describe('quire convert', () => {
  it.each(Object.keys(layouts))('--template %s writes a PDF on the layout\'s trim', async (id) => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const out = mkdtempSync(path.join(tmpdir(), 'quire-cli-'));
    expect(await main(['convert', BOOK, '--template', id, '--to', 'pdf', '-o', out])).toBe(0);
    const [pdf] = readdirSync(out);
    const layout = layouts[id]!;
    const size = await pageSize(path.join(out, pdf!));
    const [w, h] = size.split(' x ').map(Number);
    expect(Math.round(w!)).toBe(Math.round(layout.trimWidthIn * 72));
    expect(Math.round(h!)).toBe(Math.round(layout.trimHeightIn * 72));
  });

  it('--trim sets the page size, and every format is written', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const out = mkdtempSync(path.join(tmpdir(), 'quire-cli-'));
    const code = await main(['convert', BOOK, '--template', 'apa-7', '--trim', '6x9', '--to', 'pdf,epub,docx,html,epub-html,md', '-o', out]);
    expect(code).toBe(0);
    const files = readdirSync(out).sort();
    expect(files.map((f) => f.replace(/^[^.]+/, ''))).toEqual(['.docx', '.epub', '.epub.html', '.html', '.md', '.pdf']);
    expect(await pageSize(path.join(out, files.find((f) => f.endsWith('.pdf'))!))).toBe(`${points(6)} x ${points(9)}`);
  });

  it('prints the layout report after a PDF export: page count as pdfinfo counts it, the KDP limit, margins raised', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((m: string) => void lines.push(m));
    const out = mkdtempSync(path.join(tmpdir(), 'quire-cli-'));
    expect(await main(['convert', BOOK, '--template', 'apa-7', '--trim', '6x9', '--to', 'pdf', '-o', out])).toBe(0);
    const pdf = path.join(out, readdirSync(out)[0]!);
    const pages = Number(/^Pages:\s+(\d+)/m.exec((await run('pdfinfo', [pdf])).stdout)?.[1]);
    const text = lines.join('\n');
    expect(text).toContain(`${pages} pages at 6 x 9 in, set in `);
    expect(text).toContain('KDP prints up to 828 pages at this trim.');
    // APA's one-inch margins meet KDP's edges; a one-sided layout's right margin is its verso gutter.
    expect(text).not.toMatch(/^\s*Warning:/m);
  });

  it('prints what was found in the book, as the Clean tab shows it, and warns when the structure looks unreliable', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((m: string) => void lines.push(m));
    const dir = mkdtempSync(path.join(tmpdir(), 'quire-cli-'));
    expect(await main(['convert', BOOK, '--to', 'md', '-o', dir])).toBe(0);
    expect(lines[0]).toBe('Found: 2 poems · 7 pieces');
    expect(lines.join('\n')).not.toContain('on the structure found');

    // A long text with no chapter heading: 40 paragraphs of 540 words.
    const paragraph = 'The road ran on through the fields and the woods, and the travellers walked on without a word. '.repeat(30);
    const long = path.join(dir, 'the-long-road.txt');
    writeFileSync(long, Array.from({ length: 40 }, () => paragraph.trim()).join('\n\n'));
    lines.length = 0;
    expect(await main(['convert', long, '--to', 'md', '-o', dir])).toBe(0);
    expect(lines.slice(0, 3)).toEqual([
      'Found: 1 chapter',
      'One warning on the structure found (check the headings):',
      "  - No chapters were found: the text will be set as one long chapter of 21,600 words. If the book has chapters, put each chapter's heading on a line of its own.",
    ]);
  });

  it('answers a usage error with exit code 2 and a failed conversion with 1, writing nothing', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((m: string) => void errors.push(m));
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'quire-cli-')), 'out');
    expect(await main(['convert', BOOK, '--to', 'pdf,mobi', '-o', out])).toBe(2);
    expect(errors.at(-1)).toMatch(/Unknown format: mobi/);
    expect(await main(['convert', BOOK, '--trim', '9x9', '-o', out])).toBe(2);
    expect(errors.at(-1)).toMatch(/Unknown trim size: 9x9/);
    expect(await main(['convert', BOOK, '--template', 'no-such-template', '-o', out])).toBe(1);
    expect(errors.at(-1)).toMatch(/no-such-template/);
    expect(await main(['convert', 'no-such-file.txt', '-o', out])).toBe(1);
    expect(existsSync(out)).toBe(false);
  });
});
