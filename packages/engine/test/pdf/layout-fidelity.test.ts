/**
 * The PDF honours the layout's fields, judged by poppler on typeset books: folio positions and the pages
 * that carry them, running-head contents and case, chapter openings, drop caps and bleed.
 */
import { describe, expect, it } from 'vitest';
import { layouts } from '../../src/layout/index.ts';
import type { Layout } from '../../src/layout/layout.ts';
import { apa7ProfessionalLayout } from '../../src/layout/style-guides/apa-7.ts';
import type { BookDocument } from '../../src/model/book-document.ts';
import { writeTypst } from '../../src/write/typst/index.ts';
import { compileTypstToPdf } from '../../src/write/typst/pdf.ts';
import { p, prose, proseChapter, t } from './fixtures.ts';
import { allPageTexts, pageCount, pageSizes, pdfFile, wordBoxes, type WordBox } from './poppler.ts';

const PT = 72;

function book(over: Partial<BookDocument> = {}): BookDocument {
  return {
    meta: { title: 'Fidelity of Layouts: A Study', author: 'Mary Wollstonecraft Shelley', language: 'en' },
    front: [],
    body: [
      { type: 'chapter', id: 'ch-1', title: [t('The Opening')], blocks: [p(`Openingword ${prose(1, 120)}`), ...proseChapter(1, 10).blocks] },
      { type: 'chapter', id: 'ch-2', title: [t('The Sequel')], blocks: proseChapter(2, 24).blocks },
    ],
    back: [],
    footnotes: {},
    assets: {},
    ...over,
  };
}

interface Typeset {
  pages: string[];
  boxes: WordBox[];
  sizes: Array<[number, number]>;
}

function typeset(layout: Layout, doc: BookDocument = book()): Typeset {
  const file = pdfFile(compileTypstToPdf(writeTypst(doc, layout)));
  try {
    return { pages: allPageTexts(file.path), boxes: wordBoxes(file.path), sizes: pageSizes(file.path, pageCount(file.path)) };
  } finally {
    file.dispose();
  }
}

/** Words in the top margin of the trimmed page (above the text block), by page. */
function headWords(result: Typeset, layout: Layout): Map<number, WordBox[]> {
  const out = new Map<number, WordBox[]>();
  for (const box of result.boxes) {
    if (box.yMax > (layout.marginTopIn + layout.bleedIn) * PT) continue;
    out.set(box.page, [...(out.get(box.page) ?? []), box]);
  }
  return out;
}

/** Words in the bottom margin, by page. */
function footWords(result: Typeset, layout: Layout): Map<number, WordBox[]> {
  const out = new Map<number, WordBox[]>();
  for (const box of result.boxes) {
    if (box.yMin < (layout.trimHeightIn + layout.bleedIn - layout.marginBottomIn) * PT) continue;
    out.set(box.page, [...(out.get(box.page) ?? []), box]);
  }
  return out;
}

/** 1-based page that has `title` as a line of its own. */
function pageOf(pages: string[], title: string): number {
  return pages.findIndex((text) => text.split('\n').some((line) => line.trim() === title)) + 1;
}

describe('folio positions', () => {
  it('APA 7: the page number in the top-right corner of every page, title page included, inside the margins', () => {
    const layout = layouts['apa-7']!;
    const result = typeset(layout);
    const heads = headWords(result, layout);
    const right = (layout.trimWidthIn - layout.marginOutsideIn) * PT;
    expect(result.pages.length).toBeGreaterThan(3);
    for (let page = 1; page <= result.pages.length; page += 1) {
      const words = heads.get(page) ?? [];
      expect(words.map((w) => w.word), `page ${page}`).toEqual([String(page)]);
      const folio = words[0]!;
      expect(folio.xMax).toBeCloseTo(right, 0);
      // Inside the top margin, its line's top edge 0.5 in from the top of the page (APA 2.18 follows Word's default header).
      expect(folio.yMin).toBeGreaterThan(layout.headerDistanceIn * PT - 1);
      expect(folio.yMax).toBeLessThan(layout.marginTopIn * PT);
    }
    expect(footWords(result, layout).size).toBe(0);
  });

  it('MLA 9: surname and page number together, flush right, on every page', () => {
    const layout = layouts['mla-9']!;
    const result = typeset(layout);
    const heads = headWords(result, layout);
    const right = (layout.trimWidthIn - layout.marginOutsideIn) * PT;
    for (let page = 1; page <= result.pages.length; page += 1) {
      const words = (heads.get(page) ?? []).sort((a, b) => a.xMin - b.xMin);
      expect(words.map((w) => w.word), `page ${page}`).toEqual(['Shelley', String(page)]);
      expect(words[1]!.xMax).toBeCloseTo(right, 0);
      // One word space between them, both on the right half of the page.
      expect(words[1]!.xMin - words[0]!.xMax).toBeLessThan(layout.fontSizePt * 0.5);
      expect(words[0]!.xMin).toBeGreaterThan((layout.trimWidthIn / 2) * PT);
    }
  });

  it('Harvard: page numbers top right; Chicago (Turabian): bottom centre, title page unnumbered', () => {
    const harvard = layouts['harvard']!;
    const h = typeset(harvard);
    const hHeads = headWords(h, harvard);
    expect(hHeads.size).toBeGreaterThan(2);
    for (const words of hHeads.values()) {
      expect(words).toHaveLength(1);
      expect(words[0]!.word).toMatch(/^(\d+|[ivx]+)$/);
      expect(words[0]!.xMax).toBeCloseTo((harvard.trimWidthIn - harvard.marginOutsideIn) * PT, 0);
    }
    const chicago = layouts['chicago']!;
    const c = typeset(chicago);
    const feet = footWords(c, chicago);
    expect(feet.has(1)).toBe(false);
    for (let page = 2; page <= c.pages.length; page += 1) {
      const words = feet.get(page) ?? [];
      expect(words.map((w) => w.word), `page ${page}`).toEqual([String(page)]);
      // Centred on the text block (Chicago's left margin is wider than its right).
      expect((words[0]!.xMin + words[0]!.xMax) / 2).toBeCloseTo(((chicago.marginInsideIn + chicago.trimWidthIn - chicago.marginOutsideIn) * PT) / 2, 0);
    }
  });

  it('a KDP layout: folios bottom centre, none on chapter opening pages', () => {
    const layout = layouts['kdp-fiction']!;
    const result = typeset(layout);
    const feet = footWords(result, layout);
    const openings = [pageOf(result.pages, 'The Opening'), pageOf(result.pages, 'The Sequel')];
    expect(openings.every((page) => page > 0)).toBe(true);
    const folioPages = [...feet.keys()];
    expect(folioPages.length).toBeGreaterThan(3);
    for (const page of openings) expect(feet.has(page), `opening page ${page}`).toBe(false);
    for (const [page, words] of feet) {
      expect(words).toHaveLength(1);
      expect(words[0]!.word).toMatch(/^\d+$/);
      // Page 1 is the first recto of the body.
      expect(Number(words[0]!.word)).toBe(page - openings[0]! + 1);
      expect((words[0]!.xMin + words[0]!.xMax) / 2).toBeCloseTo((layout.trimWidthIn * PT) / 2, 0);
    }
  });

  it.each(['top-center', 'top-right', 'bottom-right'] as const)('%s puts the folio where it says', (position) => {
    const layout: Layout = { ...layouts['kdp-6x9']!, folioPosition: position, runningHeads: false };
    const result = typeset(layout);
    const words = [...(position.startsWith('top') ? headWords(result, layout) : footWords(result, layout)).values()].flat();
    const other = [...(position.startsWith('top') ? footWords(result, layout) : headWords(result, layout)).values()].flat();
    expect(words.length).toBeGreaterThan(3);
    expect(other).toEqual([]);
    for (const folio of words) {
      expect(folio.word).toMatch(/^\d+$/);
      const recto = folio.page % 2 === 1;
      const left = (recto ? layout.marginInsideIn : layout.marginOutsideIn) * PT;
      const right = layout.trimWidthIn * PT - (recto ? layout.marginOutsideIn : layout.marginInsideIn) * PT;
      if (position.endsWith('right')) expect(folio.xMax).toBeCloseTo(right, 0);
      else expect((folio.xMin + folio.xMax) / 2).toBeCloseTo((left + right) / 2, 0);
    }
  });

  it('romanFrontMatterFolios and folioOnOpeningPage', () => {
    const doc = book({ front: [{ type: 'section', kind: 'preface', id: 'f-1', title: [t('Preface')], blocks: proseChapter(9, 8).blocks }] });
    const base: Layout = { ...layouts['kdp-6x9']!, runningHeads: false };
    const roman = typeset({ ...base, folioOnOpeningPage: true }, doc);
    const romanFeet = footWords(roman, base);
    const preface = pageOf(roman.pages, 'Preface');
    const opening = pageOf(roman.pages, 'The Opening');
    expect(romanFeet.get(preface)?.map((w) => w.word)).toEqual([expect.stringMatching(/^[ivx]+$/)]);
    expect(romanFeet.get(opening)?.map((w) => w.word)).toEqual(['1']);
    const arabic = typeset({ ...base, romanFrontMatterFolios: false, folioOnOpeningPage: false }, doc);
    const arabicFeet = footWords(arabic, base);
    expect(arabicFeet.has(pageOf(arabic.pages, 'Preface'))).toBe(false);
    for (const [page, words] of arabicFeet) expect(words.map((w) => w.word)).toEqual([String(page)]);
  });
});

/** The text of each page's top margin, words in reading order. */
function headLines(result: Typeset, layout: Layout): Map<number, string> {
  const out = new Map<number, string>();
  for (const [page, words] of headWords(result, layout)) out.set(page, words.sort((a, b) => a.xMin - b.xMin).map((w) => w.word).join(' '));
  return out;
}

describe('running heads', () => {
  it('modern-fiction: author on versos and the main title (no subtitle) on rectos, in capitals, with no folio in the head', () => {
    const layout = layouts['modern-fiction']!;
    const heads = headLines(typeset(layout), layout);
    expect(heads.size).toBeGreaterThan(3);
    for (const [page, line] of heads) expect(line, `page ${page}`).toBe(page % 2 === 0 ? 'MARY WOLLSTONECRAFT SHELLEY' : 'FIDELITY OF LAYOUTS');
  });

  it('kdp-nonfiction: main title on versos, the current chapter title on rectos', () => {
    const layout = layouts['kdp-nonfiction']!;
    const result = typeset(layout);
    const heads = headLines(result, layout);
    const sequel = pageOf(result.pages, 'The Sequel');
    const rectos = [...heads].filter(([page]) => page % 2 === 1);
    expect(rectos.length).toBeGreaterThan(1);
    for (const [page, line] of heads) {
      if (page % 2 === 0) expect(line, `page ${page}`).toBe('Fidelity of Layouts');
      else expect(line, `page ${page}`).toBe(page < sequel ? 'The Opening' : 'The Sequel');
    }
  });

  it('APA 7 professional: the short title in capitals flush left, the page number flush right', () => {
    const layout = apa7ProfessionalLayout;
    const result = typeset(layout);
    const heads = headWords(result, layout);
    for (let page = 1; page <= result.pages.length; page += 1) {
      const words = (heads.get(page) ?? []).sort((a, b) => a.xMin - b.xMin);
      expect(words.map((w) => w.word).join(' ')).toBe(`FIDELITY OF LAYOUTS ${page}`);
      expect(words[0]!.xMin).toBeCloseTo(layout.marginInsideIn * PT, 0);
    }
  });

  it('runningHeads false: no running head, only the folios', () => {
    const layout: Layout = { ...layouts['modern-fiction']!, runningHeads: false };
    const result = typeset(layout);
    expect(headWords(result, layout).size).toBe(0);
    expect(footWords(result, layout).size).toBeGreaterThan(3);
  });
});

describe('bleed', () => {
  it('kdp with bleed: the page is the trim plus 0.125 in on the outside, top and bottom; the text block stays put on the trimmed page', () => {
    const base = layouts['kdp-6x9']!;
    const layout: Layout = { ...base, bleedIn: 0.125 };
    const result = typeset(layout);
    for (const [width, height] of result.sizes) {
      expect(width).toBeCloseTo((6 + 0.125) * PT, 1);
      expect(height).toBeCloseTo((9 + 0.25) * PT, 1);
    }
    const plain = typeset(base);
    // Versos bleed on the left: their text moves right by the bleed; rectos (bleed on the right) do not move.
    const first = (r: Typeset, word: string) => r.boxes.find((b) => b.word === word)!;
    const opening = first(result, 'Openingword');
    expect(opening.page % 2).toBe(1);
    expect(opening.xMin).toBeCloseTo(first(plain, 'Openingword').xMin, 1);
    expect(opening.yMin).toBeCloseTo(first(plain, 'Openingword').yMin + 0.125 * PT, 1);
    const leftmost = (r: Typeset) => Math.min(...r.boxes.filter((b) => b.page % 2 === 0 && b.page > 4).map((b) => b.xMin));
    expect(leftmost(result)).toBeCloseTo(leftmost(plain) + 0.125 * PT, 0);
  });
});

describe('chapter openings and body text', () => {
  const sceneBook = (): BookDocument =>
    book({
      body: [
        {
          type: 'chapter',
          id: 'ch-1',
          title: [t('The Opening')],
          blocks: [
            p(`Openingword ${prose(1, 60)}`),
            p(`Secondpara ${prose(2, 60)}`),
            { type: 'sceneBreak' },
            p(`Afterscene ${prose(3, 60)}`),
            { type: 'blockQuote', children: [p(`Quotedword ${prose(4, 60)}`)] },
            { type: 'paragraph', children: [t('Plain '), { type: 'emphasis', children: [t('Stressedword')] }, t(' end.')] },
          ],
        },
      ],
    });

  it('modern-fiction: a left title at the left margin, its number above it, the ornament as scene break', () => {
    const layout = layouts['modern-fiction']!;
    const result = typeset(layout, sceneBook());
    // The last 'Opening': the contents list it first.
    const title = result.boxes.filter((b) => b.word === 'Opening').at(-1)!;
    const the = result.boxes.find((b) => b.word === 'The' && b.page === title.page && Math.abs(b.yMin - title.yMin) < 1)!;
    expect(the.xMin).toBeCloseTo(layout.marginInsideIn * PT, 0); // a recto
    const number = result.boxes.find((b) => b.word === 'Chapter' && b.page === title.page)!;
    expect(number.xMin).toBeCloseTo(layout.marginInsideIn * PT, 0);
    expect(number.yMax).toBeLessThan(title.yMin);
    // The sink: the number's line starts chapterSinkIn below the top margin.
    expect(number.yMin).toBeGreaterThan((layout.marginTopIn + layout.chapterSinkIn) * PT - 2);
    const text = result.pages.join('\n').replace(/\s+/g, ' ');
    // pdftotext closes up the ornament's narrow spaces.
    expect(text).toMatch(/\. •\s*•\s*• Afterscene/);
  });

  it('classic-literature: a centred title with CHAPTER I above and the ornament under it', () => {
    const layout = layouts['classic-literature']!;
    const result = typeset(layout, sceneBook());
    const lines = result.pages.join('\n').split('\n').map((l) => l.trim()).filter(Boolean);
    const at = lines.indexOf('The Opening');
    expect(lines[at - 1]).toBe('CHAPTER I');
    expect(lines[at + 1]).toBe('❦');
  });

  it('indentFirstParagraph, quoteIndentIn, emphasisStyle: APA indents every paragraph and quotes by 0.5 in', () => {
    const base = layouts['apa-7']!;
    const layout: Layout = { ...base, emphasisStyle: 'bold' };
    const result = typeset(layout, sceneBook());
    const box = (word: string) => result.boxes.find((b) => b.word === word)!;
    const left = layout.marginInsideIn * PT;
    const indent = layout.paragraphIndentEm * layout.fontSizePt;
    for (const word of ['Openingword', 'Secondpara', 'Afterscene']) expect(box(word).xMin, word).toBeCloseTo(left + indent, 0);
    // A block quotation is indented as a whole, its first line not again (APA 7th ed. 8.27).
    expect(box('Quotedword').xMin).toBeCloseTo(left + layout.quoteIndentIn * PT, 0);
    const book6x9 = typeset({ ...layouts['kdp-6x9']!, quoteIndentIn: 1 }, sceneBook());
    const quoted = book6x9.boxes.find((b) => b.word === 'Quotedword')!;
    expect(quoted.xMin).toBeCloseTo((quoted.page % 2 === 1 ? layouts['kdp-6x9']!.marginInsideIn : layouts['kdp-6x9']!.marginOutsideIn) * PT + PT, 0);
  });
});
