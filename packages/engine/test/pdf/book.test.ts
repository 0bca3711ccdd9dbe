/**
 * The print book as a printer sees it: page geometry, fonts, page furniture and text, judged by poppler
 * (pdfinfo, pdffonts, pdftotext -bbox-layout) on a PDF typeset from a hand-built BookDocument.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kdp6x9Layout } from '../../src/layout/kdp-6x9.ts';
import { inlineText, type Block } from '../../src/model/book-document.ts';
import { writeTypst } from '../../src/write/typst/index.ts';
import { compileTypstToPdf } from '../../src/write/typst/pdf.ts';
import { sampleBook } from './fixtures.ts';
import { allPageTexts, fonts, pageCount, pageSizes, pageText, pdfFile, squash, wordBoxes, type PdfFile, type WordBox } from './poppler.ts';

const PT_PER_IN = 72;
// With drop folios on opening pages, so that each opening's folio can be read against the contents
// (kdp-6x9 itself prints none there; layout-fidelity.test.ts checks that).
const layout = { ...kdp6x9Layout, folioOnOpeningPage: true };
const doc = sampleBook();
const TITLES = ['Contents', 'Preface', 'Part One', 'Chapter One', 'Chapter 2', 'Chapter 3', 'Afterword'];

let pdf: PdfFile;
let pages: string[];
let boxes: WordBox[];

/** Non-empty lines of a page's text. */
function lines(page: number): string[] {
  return (pages[page - 1] ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
}

/** The 1-based page whose text has `title` as a line of its own. */
function pageOfTitle(title: string): number {
  const index = pages.findIndex((text) => text.split('\n').some((line) => line.trim() === title));
  if (index < 0) throw new Error(`title "${title}" not found`);
  return index + 1;
}

function wordsOf(blocks: readonly Block[]): string[] {
  return blocks.flatMap((b) => (b.type === 'paragraph' ? inlineText(b.children).split(/\s+/) : [])).filter(Boolean);
}

beforeAll(() => {
  pdf = pdfFile(compileTypstToPdf(writeTypst(doc, layout)));
  pages = allPageTexts(pdf.path);
  boxes = wordBoxes(pdf.path);
});
afterAll(() => pdf?.dispose());

describe('print PDF geometry and fonts', () => {
  it('has the 6 x 9 in trim size (432 x 648 pt) on every page', () => {
    const n = pageCount(pdf.path);
    expect(n).toBe(pages.length);
    const sizes = pageSizes(pdf.path, n);
    expect(sizes).toHaveLength(n);
    for (const [w, h] of sizes) {
      expect(w).toBeCloseTo(layout.trimWidthIn * PT_PER_IN, 1);
      expect(h).toBeCloseTo(layout.trimHeightIn * PT_PER_IN, 1);
    }
  });

  it('embeds only the shipped Tinos faces', () => {
    const list = fonts(pdf.path);
    expect(list.length).toBeGreaterThan(0);
    for (const font of list) {
      expect(font.name).toMatch(/^Tinos-(Regular|Bold|Italic|BoldItalic)$/);
      expect(font.embedded).toBe(true);
    }
    expect(list.map((f) => f.name)).toEqual(expect.arrayContaining(['Tinos-Regular', 'Tinos-Italic', 'Tinos-Bold']));
  });

  it('keeps every word inside the mirrored margins (inside 0.9 in, outside 0.6 in)', () => {
    const width = layout.trimWidthIn * PT_PER_IN;
    const inside = layout.marginInsideIn * PT_PER_IN;
    const outside = layout.marginOutsideIn * PT_PER_IN;
    const tolerance = 0.5;
    for (const box of boxes) {
      const recto = box.page % 2 === 1;
      const [left, right] = recto ? [inside, width - outside] : [outside, width - inside];
      expect(box.xMin, `${box.word} on page ${box.page}`).toBeGreaterThanOrEqual(left - tolerance);
      expect(box.xMax, `${box.word} on page ${box.page}`).toBeLessThanOrEqual(right + tolerance);
    }
    // The text block really moves: full lines start at the inside margin on rectos, the outside on versos.
    const leftmost = (parity: number) => Math.min(...boxes.filter((b) => b.page % 2 === parity && b.page > 6).map((b) => b.xMin));
    expect(leftmost(1)).toBeCloseTo(inside, 0);
    expect(leftmost(0)).toBeCloseTo(outside, 0);
  });

  it('keeps body text between the top and bottom margins; only running heads and folios sit in them', () => {
    const height = layout.trimHeightIn * PT_PER_IN;
    const top = layout.marginTopIn * PT_PER_IN;
    const bottom = height - layout.marginBottomIn * PT_PER_IN;
    const headWords = new Set(`${doc.meta.title} ${doc.meta.author}`.split(' '));
    for (const box of boxes) {
      if (box.yMax <= top) expect(headWords.has(box.word), `${box.word} in the top margin`).toBe(true);
      else if (box.yMin >= bottom) expect(box.word, `${box.word} in the bottom margin`).toMatch(/^([ivxlcdm]+|\d+)$/);
      else {
        expect(box.yMin).toBeGreaterThanOrEqual(top - 2);
        expect(box.yMax).toBeLessThanOrEqual(bottom + 2);
      }
    }
  });

  it('sets body lines 1.15 x 11 pt = 12.65 pt apart', () => {
    const page = pageOfTitle('Chapter 2') + 1;
    const tops = [...new Set(boxes.filter((b) => b.page === page).map((b) => b.yMax.toFixed(2)))].map(Number).sort((a, b) => a - b);
    const steps = tops.slice(2, -2).map((y, i) => y - tops[i + 1]!);
    expect(steps.length).toBeGreaterThan(20);
    for (const step of steps) expect(step).toBeCloseTo(layout.lineHeight * layout.fontSizePt, 1);
  });
});

describe('print PDF structure and furniture', () => {
  it('opens contents, front sections, parts, chapters and back matter on odd (recto) pages', () => {
    for (const title of TITLES) expect(pageOfTitle(title) % 2, title).toBe(1);
  });

  it('leaves the versos before recto openings truly blank (no head, no folio)', () => {
    const blank = pages.map((text, i) => (text.trim() === '' ? i + 1 : 0)).filter(Boolean);
    expect(blank.length).toBeGreaterThan(0);
    for (const page of blank) expect(page % 2).toBe(0);
  });

  it('opens with the half title, a blank verso, the title page and the copyright page, none with a folio', () => {
    expect(lines(1)).toEqual([doc.meta.title]);
    expect(lines(2)).toEqual([]);
    expect(lines(3)).toEqual([doc.meta.title, doc.meta.author]);
    // Chicago 1.19-1.24: title and author, the rights, the publisher, the printing line.
    expect(lines(4)).toEqual([doc.meta.title, doc.meta.author, 'Copyright © 2025 Quire Press', 'Published by Quire Press', '10 9 8 7 6 5 4 3 2 1']);
  });

  it('prints the ISBN on the copyright page when the book has one', () => {
    const withIsbn = pdfFile(compileTypstToPdf(writeTypst({ ...doc, meta: { ...doc.meta, isbn: '978-3-16-148410-0' } }, kdp6x9Layout)));
    try {
      // After the publisher, before the printing line.
      expect(pageText(withIsbn.path, 4).split('\n').map((l) => l.trim()).filter(Boolean).slice(-3)).toEqual(['Published by Quire Press', 'ISBN 978-3-16-148410-0', '10 9 8 7 6 5 4 3 2 1']);
    } finally {
      withIsbn.dispose();
    }
  });

  it('lists parts, chapters and sections in the contents with their page numbers', () => {
    const toc = pages[pageOfTitle('Contents') - 1]!;
    for (const title of TITLES.slice(1)) {
      const match = new RegExp(`${title}[ .]*?(\\w+)\\s*$`, 'm').exec(toc);
      expect(match, title).not.toBeNull();
      const folio = match![1]!;
      const page = pageOfTitle(title);
      expect(lines(page).at(-1), `folio of ${title}`).toBe(folio);
    }
  });

  it('numbers the front matter in roman and the body in arabic from 1', () => {
    expect(lines(pageOfTitle('Contents')).at(-1)).toMatch(/^[ivx]+$/);
    expect(lines(pageOfTitle('Preface')).at(-1)).toMatch(/^[ivx]+$/);
    expect(lines(pageOfTitle('Part One')).at(-1)).toBe('1');
    const chapterTwo = pageOfTitle('Chapter 2');
    expect(Number(lines(chapterTwo + 1).at(-1))).toBe(Number(lines(chapterTwo).at(-1)) + 1);
  });

  it('puts the author on versos and the title on rectos, not on opening pages', () => {
    const openings = new Set(TITLES.map(pageOfTitle));
    let checked = 0;
    for (let page = pageOfTitle('Contents'); page <= pages.length; page += 1) {
      const first = lines(page)[0];
      if (first === undefined) continue;
      if (openings.has(page)) {
        expect(first).not.toBe(doc.meta.title);
        expect(first).not.toBe(doc.meta.author);
      } else {
        expect(first, `page ${page}`).toBe(page % 2 === 0 ? doc.meta.author : doc.meta.title);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(3);
  });
});

describe('print PDF text', () => {
  const text = () => squash(pages.join('\n').replace(/-\n/g, ''));

  it('contains every word of every paragraph of the body', () => {
    // Case-folded (small capitals print as capitals), footnote marks ("note1") stripped.
    const printed = new Set(text().toLowerCase().split(' ').map((w) => w.replace(/(\D)\d+$/, '$1')));
    const chapters = doc.body.flatMap((d) => (d.type === 'part' ? d.chapters : [d]));
    const missing = chapters.flatMap((c) => wordsOf(c.blocks)).filter((w) => !printed.has(w.toLowerCase()));
    expect(missing).toEqual([]);
  });

  it('prints typographic characters from the shipped font', () => {
    expect(text()).toContain('Typography — “curly” ‘single’ … é ß œ Æ naïve – en dash.');
  });

  it('sets small capitals, verse lines with their indents, lists, captions and footnotes', () => {
    const all = text();
    expect(all).toContain('SMALL CAPS');
    for (const bit of ['Bulletitem one', 'Bulletitem two', 'Numbereditem one', 'Figurecaption of an illustration', 'Quoted words of wisdom.']) {
      expect(all).toContain(bit);
    }
    const first = boxes.find((b) => b.word === 'Versefirst')!;
    const second = boxes.find((b) => b.word === 'Indented')!;
    expect(second.yMin).toBeGreaterThan(first.yMax - 1);
    expect(second.xMin - first.xMin).toBeCloseTo(2 * layout.fontSizePt, 0);
    const notePage = pages.findIndex((p) => p.includes('with a note'));
    expect(pages[notePage]).toContain('Footnotetext here.');
  });

  it('indents paragraphs except the first after a heading or scene break', () => {
    const page = (word: string) => boxes.find((b) => b.word === word)!;
    const left = layout.marginInsideIn * PT_PER_IN; // Chapter One opens on a recto
    expect(page('Firstword').xMin).toBeCloseTo(left, 0);
    expect(page('Typography').xMin).toBeCloseTo(left + layout.paragraphIndentEm * layout.fontSizePt, 0);
    const afterBreak = page('Afterbreak');
    const blockLeft = afterBreak.page % 2 === 1 ? left : layout.marginOutsideIn * PT_PER_IN;
    expect(afterBreak.xMin).toBeCloseTo(blockLeft, 0);
  });
});
