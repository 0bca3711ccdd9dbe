/**
 * Proof of the cover files on three real books of different lengths, judged by poppler and EPUBCheck (issue "Covers",
 * "Proof"): The Spirit of Christmas (under 79 pages: no spine text), Frankenstein (about 200 pages, on cream
 * paper) and War and Peace (over 1,800 pages), each in the four templates and one AI style:
 * - the wrap's page size equals KDP's formula to 0.01 in (`pdfinfo`);
 * - spine text only where KDP allows it and type of 7 pt fits, and then inside the spine's safe area;
 * - no word in the barcode area, none outside the safe areas, none smaller than 7 pt (`pdftotext -bbox-layout`);
 * - every font embedded, from the shipped families (`pdffonts`);
 * - a raster artwork printed at 300 dpi or more (`pdfimages -list`), an image model's small picture included;
 * - the e-book cover a 1600 x 2560 px RGB JPEG whose title and author are legible as a 160 px thumbnail;
 * - an EPUB carrying the cover passes EPUBCheck.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanText,
  coverTemplateForStyle,
  coverTypst,
  defaultPalette,
  getLayout,
  imageDimensions,
  parseMarkdown,
  PdfProcessPool,
  readText,
  renderCoverNow,
  renderEbookCover,
  renderWrapCover,
  wrapGeometry,
  writeEpub,
  writePdf,
  type BookDocument,
  type CoverDesign,
  type WrapGeometry,
  type WrapRect,
} from '../../src/index.ts';
import { loadCorpusBook } from '../proof/proof-books.ts';
import { fonts, pageSizes, pdfFile, textLines, wordBoxes, type WordBox } from '../pdf/poppler.ts';
import { epubcheck } from '../helpers/validators.ts';
import { SHIPPED_FONT_FAMILIES } from '../../src/write/typst/fonts.ts';

const PT = 72;

/**
 * The least extent across its line of a word set in 7 pt (the cover's smallest type): pdftotext boxes a word from the
 * font's ascender to its descender, 1.11 em in Crimson Pro (the tightest of the shipped faces), so 7 pt makes 7.78 pt.
 */
const MIN_WORD_BOX_PT = 7.7;
const fixture = (name: string) => new Uint8Array(readFileSync(fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url))));

function fixtureBook(name: string): BookDocument {
  const read = readText(fixture(name));
  const cleaned = cleanText(read.text, { meta: read.meta });
  return parseMarkdown(cleaned.markdown, { ...read.meta, ...cleaned.meta, title: cleaned.meta.title ?? read.meta.title ?? name, author: cleaned.meta.author ?? read.meta.author ?? 'Unknown', language: 'en' });
}

/** A PNG of `w` x `h` px: a diagonal gradient (a stand-in for a painting, of known pixels). */
function gradientPng(w: number, h: number): Uint8Array {
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  const g = ctx.createLinearGradient(0, 0, w, h);
  g.addColorStop(0, '#21435c');
  g.addColorStop(1, '#d9a05b');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  return new Uint8Array(canvas.toBuffer('image/png'));
}

/** Whether word box `b` (points) lies inside rect `r` (inches), with `slackPt` for glyph overhang. */
const inside = (b: WordBox, r: WrapRect, slackPt = 0.5) =>
  b.xMin >= r.xIn * PT - slackPt && b.xMax <= (r.xIn + r.widthIn) * PT + slackPt && b.yMin >= r.yIn * PT - slackPt && b.yMax <= (r.yIn + r.heightIn) * PT + slackPt;
const overlaps = (b: WordBox, r: WrapRect) => b.xMax > r.xIn * PT && b.xMin < (r.xIn + r.widthIn) * PT && b.yMax > r.yIn * PT && b.yMin < (r.yIn + r.heightIn) * PT;

/** The number of colour components of a baseline or progressive JPEG (its SOF segment). */
function jpegComponents(bytes: Uint8Array): number {
  for (let i = 2; i < bytes.length - 9; ) {
    if (bytes[i] !== 0xff) return -1;
    const marker = bytes[i + 1]!;
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    if (marker >= 0xc0 && marker <= 0xc2) return bytes[i + 9]!;
    i += 2 + length;
  }
  return -1;
}

interface Case {
  label: string;
  geometry: WrapGeometry;
  title: string;
  author: string;
}

const cases: Case[] = [];
let pool: PdfProcessPool;

beforeAll(async () => {
  pool = new PdfProcessPool({ size: 2 });
  const layout = getLayout('kdp-6x9');
  const books: Array<[string, BookDocument, 'white' | 'cream']> = [
    ['The Spirit of Christmas', fixtureBook('pg14572-spirit-of-christmas.txt'), 'white'],
    ['Frankenstein', await loadCorpusBook('gutenberg/pg84-frankenstein.txt'), 'cream'],
    ['War and Peace', await loadCorpusBook('gutenberg/pg2600-war-and-peace.txt'), 'white'],
  ];
  for (const [label, doc, paperType] of books) {
    const pdf = pdfFile(await writePdf(doc, layout, { pool }));
    try {
      const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [pdf.path], { encoding: 'utf8' }))![1]);
      const geometry = wrapGeometry({ trimWidthIn: layout.trimWidthIn, trimHeightIn: layout.trimHeightIn, pageCount: pages, paperType });
      cases.push({ label, geometry, title: doc.meta.title, author: doc.meta.author ?? '' });
    } finally {
      pdf.dispose();
    }
  }
}, 240_000);

afterAll(async () => {
  await pool?.close();
});

/** A back-cover text of the most characters the API takes (1,200): the back's longest. */
const blurb = 'A long back-cover text, as a publisher writes it: what the book is, why it lasts, and who will love it. '.repeat(12).slice(0, 1200).trim();

function designs(c: Case): Array<[string, CoverDesign]> {
  const text = { title: c.title, subtitle: 'A Quire Edition', author: c.author, blurb };
  const out: Array<[string, CoverDesign]> = (['elegant', 'bold', 'academic', 'classic'] as const).map((template) => [
    template,
    { template, text, palette: defaultPalette(template, null, 'literature') },
  ]);
  out.push(['vintage', { template: coverTemplateForStyle('vintage'), text, palette: defaultPalette('academic', 'vintage', null), artwork: { kind: 'generated', style: 'vintage', seed: c.label } }]);
  return out;
}

describe('the paperback full wrap', () => {
  it('spans three page counts: under 79, about 200 on cream, over 700', () => {
    const [short, middle, long] = cases.map((c) => c.geometry);
    expect(short!.pageCount).toBeLessThan(79);
    expect(middle!.paperType).toBe('cream');
    expect(middle!.pageCount).toBeGreaterThan(120);
    expect(middle!.pageCount).toBeLessThan(300);
    expect(long!.pageCount).toBeGreaterThan(700);
  });

  it('is one page of KDP\'s size, every font embedded, every word inside the safe areas, none in the barcode area', async () => {
    for (const c of cases) {
      const g = c.geometry;
      for (const [name, design] of designs(c)) {
        const file = pdfFile(await renderWrapCover(design, g, { pool }));
        try {
          const where = `${c.label} / ${name}`;
          const sizes = pageSizes(file.path, 1);
          expect(sizes, where).toHaveLength(1);
          expect(Math.abs(sizes[0]![0] / PT - g.widthIn), where).toBeLessThan(0.01);
          expect(Math.abs(sizes[0]![1] / PT - g.heightIn), where).toBeLessThan(0.01);
          for (const font of fonts(file.path)) {
            expect(font.embedded, `${where}: ${font.name}`).toBe(true);
            expect(SHIPPED_FONT_FAMILIES.some((family) => font.name.replace(/[-_ ]/g, '').startsWith(family.replace(/ /g, ''))), `${where}: ${font.name}`).toBe(true);
          }
          const words = wordBoxes(file.path);
          expect(words.length, where).toBeGreaterThan(20);
          const onSpine = words.filter((w) => overlaps(w, g.spine));
          for (const w of words) {
            expect(overlaps(w, g.barcode), `${where}: "${w.word}" in the barcode area`).toBe(false);
            expect(inside(w, g.safe.back) || inside(w, g.safe.front) || inside(w, g.safe.spine), `${where}: "${w.word}" outside the safe areas`).toBe(true);
            const across = onSpine.includes(w) ? w.xMax - w.xMin : w.yMax - w.yMin;
            expect(across, `${where}: "${w.word}" set too small`).toBeGreaterThanOrEqual(MIN_WORD_BOX_PT);
          }
          if (g.spineText) {
            expect(onSpine.length, where).toBeGreaterThan(0);
            expect(onSpine.map((w) => w.word).join(' '), where).toContain(c.title.split(' ')[0]!);
          } else {
            expect(onSpine, where).toEqual([]);
          }
        } finally {
          file.dispose();
        }
      }
    }
  }, 240_000);

  it('sets the narrowest spine that may carry text (white paper) in type of 7 pt or more, inside its safe area', async () => {
    const at = (pageCount: number) => wrapGeometry({ trimWidthIn: 6, trimHeightIn: 9, pageCount, paperType: 'white' });
    let pages = 80;
    while (!at(pages).spineText) pages += 2;
    const g = at(pages);
    for (const [name, design] of designs(cases[2]!)) {
      const file = pdfFile(await renderWrapCover(design, g, { pool }));
      try {
        const onSpine = wordBoxes(file.path).filter((w) => overlaps(w, g.spine));
        expect(onSpine.length, name).toBeGreaterThan(0);
        for (const w of onSpine) {
          expect(inside(w, g.safe.spine), `${name}: "${w.word}" past a fold's margin`).toBe(true);
          expect(w.xMax - w.xMin, `${name}: "${w.word}" set too small`).toBeGreaterThanOrEqual(MIN_WORD_BOX_PT);
        }
      } finally {
        file.dispose();
      }
    }
  }, 120_000);

  it('prints raster artwork at 300 dpi or more: an upload of the minimum size bleeds, a 1024 x 1536 picture is a smaller plate', async () => {
    const g = cases[1]!.geometry;
    const text = { title: cases[1]!.title, subtitle: '', author: cases[1]!.author, blurb };
    for (const [widthPx, heightPx] of [
      [1838, 2775],
      [1024, 1536],
    ] as const) {
      for (const template of ['bold', 'classic'] as const) {
        const design: CoverDesign = { template, text, palette: defaultPalette(template, null, null), artwork: { kind: 'image', bytes: gradientPng(widthPx, heightPx), mediaType: 'image/png', widthPx, heightPx } };
        const file = pdfFile(await renderWrapCover(design, g, { pool }));
        try {
          const list = execFileSync('pdfimages', ['-list', file.path], { encoding: 'utf8' }).split('\n').slice(2).filter((l) => l.trim());
          expect(list.length, `${template} ${widthPx}`).toBeGreaterThan(0);
          for (const line of list) {
            const cols = line.trim().split(/\s+/);
            // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
            const [xPpi, yPpi] = [Number(cols[12]), Number(cols[13])];
            expect(Math.min(xPpi, yPpi), `${template} ${widthPx}: ${line}`).toBeGreaterThanOrEqual(300);
          }
          expect(wordBoxes(file.path).every((w) => inside(w, g.safe.back) || inside(w, g.safe.front) || inside(w, g.safe.spine))).toBe(true);
        } finally {
          file.dispose();
        }
      }
    }
  }, 120_000);
});

describe('the e-book cover', () => {
  it('is a 1600 x 2560 px RGB JPEG in every template and style, and its title and author are legible as a 160 px thumbnail', async () => {
    const c = cases[2]!;
    for (const [name, design] of designs(c)) {
      const { jpeg, widthPx, heightPx } = await renderEbookCover(design, { pool });
      expect(imageDimensions(jpeg), name).toEqual({ width: 1600, height: 2560 });
      expect([widthPx, heightPx]).toEqual([1600, 2560]);
      expect(jpegComponents(jpeg), name).toBe(3);
      expect(jpeg.byteLength).toBeLessThan(50 * 1024 * 1024);
      // The same design as a PDF: the title's words measured as they print, scaled to a 160 px wide thumbnail.
      const { source, files, widthIn } = coverTypst(design, { kind: 'ebook' });
      const file = pdfFile((await renderCoverNow({ source, files })).pdf);
      try {
        const titleWords = new Set(design.text.title.toLocaleUpperCase('en').split(/\s+/));
        const boxes = wordBoxes(file.path).filter((w) => titleWords.has(w.word.toLocaleUpperCase('en')));
        expect(boxes.length, name).toBeGreaterThan(0);
        const thumbPx = (pt: number) => (pt * 160) / (widthIn * PT);
        for (const b of boxes) expect(thumbPx(b.yMax - b.yMin), `${name}: "${b.word}"`).toBeGreaterThanOrEqual(11);
        // The author is set letter-spaced, which pdftotext reads as single letters: find its line by its letters.
        const letters = (text: string) => text.toLocaleUpperCase('en').replace(/\s+/g, '');
        const authorLine = textLines(file.path).find((l) => letters(l.words.map((w) => w.word).join('')) === letters(design.text.author));
        expect(authorLine, `${name}: the author's line`).toBeDefined();
        expect(thumbPx(authorLine!.yMax - authorLine!.yMin), `${name}: author`).toBeGreaterThanOrEqual(7);
      } finally {
        file.dispose();
      }
    }
  }, 120_000);

  it('goes into an EPUB that passes EPUBCheck with no error or warning', async () => {
    const doc = fixtureBook('pg14572-spirit-of-christmas.txt');
    const [, design] = designs(cases[0]!)[0]!;
    const { jpeg } = await renderEbookCover(design, { pool });
    const epub = await writeEpub(doc, getLayout('kdp-6x9'), { modified: new Date('2026-01-01T00:00:00Z'), cover: { bytes: jpeg } });
    const out = path.join(pdfFile(new Uint8Array()).path, '..', 'cover.epub');
    writeFileSync(out, epub);
    expect((await epubcheck(out)).messages).toEqual([]);
  }, 120_000);
});
