import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PdfProcessPool,
  cleanText,
  getLayout,
  openingExcerpt,
  openingMarkdown,
  parseMarkdown,
  renderPreview,
  writeTypst,
  type BookDocument,
} from '../../src/index.ts';
import { corpusDir } from '../helpers/corpus.ts';

let pool: PdfProcessPool;
let alice: BookDocument;
let aliceMarkdown: string;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'quire-preview-test-'));

beforeAll(() => {
  pool = new PdfProcessPool({ size: 1 });
  const cleaned = cleanText(readFileSync(path.join(corpusDir(), 'gutenberg/pg11-alice-in-wonderland.txt'), 'utf8'));
  aliceMarkdown = cleaned.markdown;
  alice = parseMarkdown(aliceMarkdown, { title: 'Alice’s Adventures in Wonderland', author: 'Lewis Carroll', language: 'en' });
});
afterAll(async () => {
  await pool.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Fraction of dark pixels in each band of 1/40 of the page height: where the lines of type are. */
function inkProfile(data: Uint8ClampedArray, width: number, height: number): number[] {
  const bands = new Array<number>(40).fill(0);
  for (let y = 0; y < height; y++) {
    let dark = 0;
    for (let x = 0; x < width; x++) if (data[(y * width + x) * 4]! < 128) dark++;
    bands[Math.min(39, Math.floor((y / height) * 40))]! += dark / (width * (height / 40));
  }
  return bands;
}

/** A page image drawn at `width` x `height` pixels on white, as RGBA. */
async function rasterize(bytes: Buffer, width: number, height: number): Promise<Uint8ClampedArray> {
  const image = await loadImage(bytes);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(image, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height).data;
}

const dataOf = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');

describe('opening preview (SVG pages)', () => {
  it('cuts a long book before parsing it and keeps the first chapters whole at block boundaries', () => {
    const warAndPeace = cleanText(readFileSync(path.join(corpusDir(), 'gutenberg/pg2600-war-and-peace.txt'), 'utf8')).markdown;
    const cut = openingMarkdown(warAndPeace);
    expect(cut.length).toBeLessThan(60_000);
    expect(warAndPeace.startsWith(cut.trimEnd())).toBe(true);
    const excerpt = openingExcerpt(parseMarkdown(cut, { title: 'War and Peace', author: 'Leo Tolstoy', language: 'en' }));
    const chapters = excerpt.body.flatMap((d) => (d.type === 'part' ? d.chapters : [d]));
    expect(chapters.length).toBeGreaterThanOrEqual(1);
    expect(chapters.length).toBeLessThanOrEqual(2);
    expect(excerpt.back).toEqual([]);
  });

  it('answers the pages of the PDF, page for page: same count, same trim, same lines of type as poppler draws', async () => {
    const layout = getLayout('classic-literature');
    const { pages } = await renderPreview(alice, layout, { pool, scope: 'opening' });
    // The same excerpt typeset to PDF, for the outside judges.
    const excerpt = openingExcerpt(alice);
    const { pdf, pageCount } = await pool.typeset(writeTypst(excerpt, layout), excerpt.assets);
    const pdfFile = path.join(scratch, 'opening.pdf');
    writeFileSync(pdfFile, pdf);
    const info = execFileSync('pdfinfo', [pdfFile], { encoding: 'utf8' });
    expect(Number(/Pages:\s+(\d+)/.exec(info)![1])).toBe(pageCount);
    expect(pages).toHaveLength(Math.min(12, pageCount));
    const [wPt, hPt] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!.slice(1).map(Number) as [number, number];
    for (const page of pages) {
      expect(page.imageDataUrl.startsWith('data:image/svg+xml;base64,')).toBe(true);
      expect([page.widthPx, page.heightPx]).toEqual([Math.round((wPt * 4) / 3), Math.round((hPt * 4) / 3)]);
      expect(page.side).toBe(page.pageNumber % 2 === 1 ? 'recto' : 'verso');
      // Every glyph a page uses is defined in that page's own SVG.
      const svg = dataOf(page.imageDataUrl).toString('utf8');
      const ids = new Set([...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
      for (const m of svg.matchAll(/href="#([^"]+)"/g)) expect(ids.has(m[1])).toBe(true);
    }
    // The first page with most text: its lines of type sit where poppler draws them from the PDF.
    const fullest = [...pages].sort((a, b) => b.imageDataUrl.length - a.imageDataUrl.length)[0]!;
    const png = path.join(scratch, 'page');
    execFileSync('pdftoppm', ['-f', String(fullest.pageNumber), '-l', String(fullest.pageNumber), '-r', '72', '-png', '-singlefile', pdfFile, png]);
    const width = Math.round(wPt);
    const height = Math.round(hPt);
    // The SVG as a browser draws it (the web app shows it in an <img>).
    const svgFile = path.join(scratch, 'page.svg');
    writeFileSync(svgFile, dataOf(fullest.imageDataUrl));
    const shot = path.join(scratch, 'page-svg.png');
    execFileSync('/usr/bin/chromium', ['--headless', '--no-sandbox', '--disable-gpu', `--screenshot=${shot}`, `--window-size=${fullest.widthPx},${fullest.heightPx}`, `file://${svgFile}`], { stdio: 'ignore', timeout: 60_000 });
    const fromSvg = inkProfile(await rasterize(readFileSync(shot), width, height), width, height);
    const fromPdf = inkProfile(await rasterize(readFileSync(`${png}.png`), width, height), width, height);
    const inked = fromPdf.filter((v) => v > 0.005).length;
    expect(inked).toBeGreaterThan(10);
    const agree = fromPdf.filter((v, i) => (v > 0.005) === (fromSvg[i]! > 0.005)).length;
    expect(agree).toBeGreaterThanOrEqual(38);
  });
});

describe('whole-book preview (pdf.js pages)', () => {
  it('draws the asked pages of the typeset book as WebP images of the trim', async () => {
    const layout = getLayout('modern-fiction');
    const { pages, pageCount } = await renderPreview(alice, layout, { pool, scope: 'book', fromPage: 9, toPage: 11, widthPx: 500 });
    expect(pageCount).toBeGreaterThan(20);
    expect(pages.map((p) => p.pageNumber)).toEqual([9, 10, 11]);
    for (const page of pages) {
      const bytes = dataOf(page.imageDataUrl);
      expect(page.imageDataUrl.startsWith('data:image/webp;base64,')).toBe(true);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(page.widthPx).toBe(500);
      expect(page.heightPx).toBe(Math.round((500 * layout.trimHeightIn) / layout.trimWidthIn));
      const image = await loadImage(bytes);
      expect([image.width, image.height]).toEqual([page.widthPx, page.heightPx]);
    }
  });

  it('refuses a range of more than 40 pages', async () => {
    await expect(renderPreview(alice, getLayout('modern-fiction'), { pool, scope: 'book', fromPage: 1, toPage: 41 })).rejects.toThrow(RangeError);
  });
});
