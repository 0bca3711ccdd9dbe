/**
 * Layout options other than the KDP 6x9 defaults, edge-case documents, and the language mapping.
 */
import { describe, expect, it } from 'vitest';
import type { BookDocument } from '../../src/model/book-document.ts';
import type { Layout } from '../../src/layout/layout.ts';
import { kdp6x9Layout } from '../../src/layout/kdp-6x9.ts';
import { writeTypst } from '../../src/write/typst/index.ts';
import { compileTypstToPdf } from '../../src/write/typst/pdf.ts';
import { typstLanguage } from '../../src/write/typst/template.ts';
import { p, proseChapter, t } from './fixtures.ts';
import { allPageTexts, pdfFile, wordBoxes, type WordBox } from './poppler.ts';

function book(over: Partial<BookDocument> = {}): BookDocument {
  return {
    meta: { title: 'Variant', author: 'V. Author', language: 'en' },
    front: [],
    body: [proseChapter(1, 14), proseChapter(2, 3), proseChapter(3, 14)],
    back: [],
    footnotes: {},
    assets: {},
    ...over,
  };
}

function typeset(doc: BookDocument, layout: Layout): { pages: string[]; boxes: WordBox[] } {
  const file = pdfFile(compileTypstToPdf(writeTypst(doc, layout)));
  try {
    return { pages: allPageTexts(file.path), boxes: wordBoxes(file.path) };
  } finally {
    file.dispose();
  }
}

/** 1-based page that has `title` as a line of its own (the contents list it with leaders and a folio). */
function pageOf(pages: string[], title: string): number {
  return pages.findIndex((text) => text.split('\n').some((line) => line.trim() === title)) + 1;
}

const FOLIO = /^\d+$|^[ivx]+$/;
const bottom = (kdp6x9Layout.trimHeightIn - kdp6x9Layout.marginBottomIn) * 72;
const top = kdp6x9Layout.marginTopIn * 72;

describe('layout variants', () => {
  it('chapterOpensRecto false: chapters follow on the next page, no blank pages', () => {
    const { pages } = typeset(book(), { ...kdp6x9Layout, chapterOpensRecto: false });
    expect(pages.filter((text) => text.trim() === '')).toEqual([]);
    const openings = ['Chapter 1', 'Chapter 2', 'Chapter 3'].map((title) => pageOf(pages, title));
    expect(openings[1]! - openings[0]!).toBeGreaterThan(0);
    expect(openings.some((page) => page % 2 === 0)).toBe(true);
  });

  it('folioPosition bottom-outside: folios at the outside edge of the text block', () => {
    const { boxes } = typeset(book(), { ...kdp6x9Layout, folioPosition: 'bottom-outside' });
    const folios = boxes.filter((b) => b.yMin >= bottom && FOLIO.test(b.word));
    // kdp-6x9 prints no folio on opening pages: the rest of the pages of three chapters.
    expect(folios.length).toBeGreaterThan(3);
    for (const folio of folios) {
      if (folio.page % 2 === 1) expect(folio.xMax).toBeCloseTo((6 - 0.6) * 72, 0);
      else expect(folio.xMin).toBeCloseTo(0.6 * 72, 0);
    }
  });

  it('folioPosition top-outside: folios in the head line, dropped to the foot on opening pages', () => {
    const { boxes, pages } = typeset(book(), { ...kdp6x9Layout, folioPosition: 'top-outside' });
    const head = boxes.filter((b) => b.yMax <= top && FOLIO.test(b.word));
    const foot = boxes.filter((b) => b.yMin >= bottom && FOLIO.test(b.word));
    expect(head.length).toBeGreaterThan(2);
    const openings = new Set(['Chapter 1', 'Chapter 2', 'Chapter 3'].map((title) => pageOf(pages, title)));
    for (const folio of foot) expect(openings.has(folio.page) || folio.page <= 3).toBe(true);
    for (const folio of head) expect(openings.has(folio.page)).toBe(false);
  });

  it('no running heads and no folios: nothing in the top or bottom margin', () => {
    const { boxes } = typeset(book(), { ...kdp6x9Layout, runningHeads: false, folioPosition: 'none' });
    expect(boxes.filter((b) => b.yMax <= top || b.yMin >= bottom)).toEqual([]);
  });

  it('mirrorMargins false: the same left margin on every page', () => {
    const { boxes } = typeset(book(), { ...kdp6x9Layout, mirrorMargins: false });
    const leftmost = (parity: number) => Math.min(...boxes.filter((b) => b.page % 2 === parity && b.page > 4).map((b) => b.xMin));
    expect(leftmost(0)).toBeCloseTo(0.9 * 72, 0);
    expect(leftmost(1)).toBeCloseTo(0.9 * 72, 0);
  });
});

describe('edge-case documents', () => {
  it('a book without any section or chapter is its opening pages: half title, blank verso, title page, copyright page', () => {
    const { pages } = typeset(book({ body: [] }), kdp6x9Layout);
    expect(pages).toHaveLength(4);
    expect(pages[0]).toContain('Variant');
    expect(pages[1]!.trim()).toBe('');
    expect(pages[2]).toContain('Variant');
  });

  it('a note referenced twice is printed once; unknown and self-referencing notes do not break the book', () => {
    const doc = book({
      body: [
        {
          type: 'chapter',
          id: 'ch-1',
          title: [t('Notes')],
          blocks: [
            {
              type: 'paragraph',
              children: [t('One'), { type: 'footnoteRef', id: 'a' }, t(' two'), { type: 'footnoteRef', id: 'a' }, t(' three'), { type: 'footnoteRef', id: 'nope' }, t(' four'), { type: 'footnoteRef', id: 'loop' }],
            },
          ],
        },
      ],
      footnotes: { a: [p('Sharednote text.')], loop: [{ type: 'paragraph', children: [t('Loopnote'), { type: 'footnoteRef', id: 'loop' }] }] },
    });
    const text = typeset(doc, kdp6x9Layout).pages.join('\n');
    expect(text.match(/Sharednote text\./g)).toHaveLength(1);
    expect(text).toContain('One1 two1 three four2');
    expect(text).toContain('Loopnote');
  });

  it('a chapter title with a footnote keeps the note out of the contents', () => {
    const doc = book({
      body: [{ type: 'chapter', id: 'ch-1', title: [t('Titled'), { type: 'footnoteRef', id: 'a' }], blocks: [p('Body.')] }],
      footnotes: { a: [p('Titlenote.')] },
    });
    const text = typeset(doc, kdp6x9Layout).pages.join('\n');
    expect(text.match(/Titlenote\./g)).toHaveLength(1);
  });
});

describe('typstLanguage', () => {
  it.each([
    ['en', { lang: 'en' }],
    ['en-GB', { lang: 'en', region: 'GB' }],
    ['de-1901', { lang: 'de' }],
    ['pt_br', { lang: 'pt', region: 'BR' }],
    ['', { lang: 'en' }],
    ['not a language', { lang: 'en' }],
  ])('%s', (tag, expected) => {
    expect(typstLanguage(tag)).toEqual(expected);
  });
});
