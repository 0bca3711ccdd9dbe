/**
 * Every raw Project Gutenberg book of the shared corpus goes the whole way: read, clean, parse, and
 * written as print PDF, EPUB, DOCX and HTML; the outside validators judge the files
 * (pdfinfo/pdffonts for the PDF, EPUBCheck for the EPUB).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanText,
  getLayout,
  parseMarkdown,
  PdfProcessPool,
  readText,
  writeDocx,
  writeEpub,
  writeHtml,
  writePdf,
  type BookMeta,
} from '../../src/index.ts';
import { corpusDir } from '../helpers/corpus.ts';
import { epubcheck } from '../helpers/validators.ts';
import { fonts, pageCount, pageSizes } from '../pdf/poppler.ts';

const run = promisify(execFile);
const gutenbergDir = path.join(corpusDir(), 'gutenberg');
const books = readdirSync(gutenbergDir).filter((f) => f.endsWith('.txt')).sort();
const out = mkdtempSync(path.join(tmpdir(), 'quire-corpus-'));
const layout = getLayout('kdp-6x9');
const pool = new PdfProcessPool({ size: 2 });

afterAll(() => pool.close());

describe.concurrent('every Gutenberg book of the corpus exports', () => {
  it.each(books)('%s', async (file) => {
    const read = readText(new Uint8Array(readFileSync(path.join(gutenbergDir, file))));
    const cleaned = cleanText(read.text);
    const meta: BookMeta = {
      title: cleaned.meta.title ?? read.meta.title ?? file,
      author: cleaned.meta.author ?? read.meta.author ?? 'Unknown Author',
      language: cleaned.meta.language ?? read.meta.language ?? 'en',
    };
    const doc = parseMarkdown(cleaned.markdown, meta);
    expect(doc.body.length).toBeGreaterThan(0);
    const base = path.join(out, file.replace(/\.txt$/, ''));

    const pdf = await writePdf(doc, layout, { pool });
    writeFileSync(`${base}.pdf`, pdf);
    const sizes = pageSizes(`${base}.pdf`, pageCount(`${base}.pdf`));
    expect(sizes.length).toBeGreaterThan(2);
    expect(new Set(sizes.map(([w, h]) => `${Math.round(w)}x${Math.round(h)}`))).toEqual(new Set(['432x648']));
    const embedded = fonts(`${base}.pdf`);
    expect(embedded.length).toBeGreaterThan(0);
    expect(embedded.filter((f) => !f.embedded)).toEqual([]);
    const text = (await run('pdftotext', ['-l', '40', `${base}.pdf`, '-'], { maxBuffer: 64 << 20 })).stdout;
    expect(text).not.toMatch(/Project Gutenberg/i);

    const epub = await writeEpub(doc, layout);
    writeFileSync(`${base}.epub`, epub);
    const report = await epubcheck(`${base}.epub`);
    expect(report.messages).toEqual([]);

    const docx = await writeDocx(doc, layout);
    expect(Buffer.from(docx.subarray(0, 2)).toString()).toBe('PK');
    const html = writeHtml(doc, layout, { variant: 'print' });
    expect(html).toContain('size: 6in 9in');
    expect(html).not.toMatch(/Project Gutenberg/i);
  }, 600_000); // War and Peace alone is a 1,700-page PDF and a 3 MB EPUB check: generous on a loaded 2-core machine
});
