/**
 * The PDF reader on the real PDFs of the shared corpus: a Word 2007 export of Alice (whole book and a
 * two-page excerpt) and a pdfTeX Pride and Prejudice with folios and typographic hyphenation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readPdf, type ReadPdfResult } from '../../src/read/pdf/index.ts';
import { corpusBytes, corpusText } from '../helpers/corpus.ts';
import { gutenbergBody, words, wordsPreserved } from '../helpers/words.ts';

const headings = (md: string): string[] => md.split('\n').filter((l) => /^# /.test(l));
const count = (r: ReadPdfResult, id: string): number => r.report.find((e) => e.id === id)?.count ?? -1;

describe('Alice, Word 2007 export of the whole book (69 pages)', () => {
  let result: ReadPdfResult;
  beforeAll(async () => {
    result = await readPdf(corpusBytes('other/pg11-alice-in-wonderland-word2007.pdf'));
  });

  it('finds the twelve chapters, and only them', () => {
    const found = headings(result.markdown);
    expect(found).toHaveLength(12);
    expect(found[0]).toBe('# CHAPTER I. Down the Rabbit-Hole');
    expect(found[11]).toMatch(/^# CHAPTER XII\. Alice['’]s Evidence$/);
  });

  it("keeps at least 99.5% of the Gutenberg text's words, and drops its licence", () => {
    const reference = gutenbergBody(corpusText('gutenberg/pg11-alice-in-wonderland.txt')).replace(/_/g, '');
    expect(wordsPreserved(reference, result.markdown)).toBeGreaterThanOrEqual(0.995);
    expect(result.markdown).not.toMatch(/Project Gutenberg/i);
  });

  it('keeps real compounds whole at line ends (the export does not hyphenate)', () => {
    expect(result.markdown).toContain('cucumber-frame');
    expect(result.markdown).not.toMatch(/cucumberframe|cucumber- frame/);
  });

  it('reads the metadata from the Gutenberg header and the PDF', () => {
    expect(result.meta.title).toMatch(/^Alice['’]s Adventures in Wonderland$/);
    expect(result.meta.author).toBe('Lewis Carroll');
    expect(count(result, 'pdfPages')).toBe(69);
  });
});

describe('Alice, two-page excerpt exported from Word', () => {
  it('reads every paragraph, page break included', async () => {
    const result = await readPdf(corpusBytes('other/alice-ch1-excerpt-word-export.pdf'));
    const md = result.markdown;
    // The paragraph that runs from page 1 to page 2 is one paragraph.
    expect(md).toMatch(/Either the well was very deep[^\n]*noticed that they were filled with cupboards/);
    expect(md).toMatch(/\n\nAlice opened the door and found that it led into a small passage/);
    const reference = gutenbergBody(corpusText('gutenberg/pg11-alice-in-wonderland.txt'));
    // Every word of the excerpt is a word of the book.
    const book = new Set(words(reference));
    const stray = words(md).filter((w) => !book.has(w));
    expect(stray).toEqual([]);
    expect(result.meta.title).toMatch(/^Alice['’]s Adventures in Wonderland$/);
  });
});

describe('Pride and Prejudice, pdfTeX (273 pages, folios, hyphenation)', () => {
  let result: ReadPdfResult;
  beforeAll(async () => {
    result = await readPdf(corpusBytes('other/pg1342-pride-and-prejudice-latex-pandp12p.pdf'));
  });

  it('finds the 61 chapters', () => {
    const found = headings(result.markdown);
    expect(found).toHaveLength(61);
    expect(found.slice(0, 2)).toEqual(['# Chapter 1', '# Chapter 2']);
    expect(found[60]).toBe('# Chapter 61');
  });

  it('removes every folio and leaves no bare number as a paragraph', () => {
    expect(count(result, 'pdfFolios')).toBe(273);
    expect(result.markdown.split('\n').filter((l) => /^\s*\d{1,3}\s*$/.test(l))).toEqual([]);
  });

  it('joins words hyphenated at line ends and keeps compounds', () => {
    expect(count(result, 'pdfHyphens')).toBeGreaterThan(1000);
    expect(result.markdown).toContain('single man in possession of a good fortune');
    expect(result.markdown).toContain('good-humoured');
    const reference = gutenbergBody(corpusText('gutenberg/pg1342-pride-and-prejudice.txt')).replace(/_/g, '');
    const known = new Set(words(reference));
    const unknown = words(result.markdown).filter((w) => !known.has(w));
    // A handful of spelling differences between the two editions, and a few compounds no rule can settle.
    expect(unknown.length).toBeLessThan(60);
  });

  it("keeps at least 99.5% of the Gutenberg text's words", () => {
    const reference = gutenbergBody(corpusText('gutenberg/pg1342-pride-and-prejudice.txt')).replace(/_/g, '');
    expect(wordsPreserved(reference, result.markdown)).toBeGreaterThanOrEqual(0.995);
  });

  it('keeps paragraphs apart: one-line speeches are separate paragraphs', () => {
    expect(result.markdown).toMatch(/\n\n“In such cases, a woman has not often much beauty to think of\.”\n\n“But, my dear,/);
  });
});
