/**
 * Paragraphs, headings, page furniture and hyphenation rebuilt from line geometry: unit cases on
 * hand-placed lines, and a book typeset by Typst with a running head, folios and hyphenation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildVocabulary, joinHyphenatedLines } from '../../src/read/pdf/hyphenation.ts';
import { hasTextLayer, metaFromInfo, readPdf, type ReadPdfResult } from '../../src/read/pdf/index.ts';
import { dropPageFurniture } from '../../src/read/pdf/page-furniture.ts';
import { linesToText } from '../../src/read/pdf/paragraphs.ts';
import { groupLines, type PdfLine, type PdfPageLines } from '../../src/read/pdf/text-lines.ts';
import { corpusText } from '../helpers/corpus.ts';
import { gutenbergBody, wordsPreserved } from '../helpers/words.ts';
import { typesetBookPdf } from './make-pdf.ts';

const line = (text: string, y: number, x = 72, size = 10, right = 500): PdfLine => ({ text, x, right, y, size });

describe('groupLines', () => {
  it('puts items of one baseline on one line, in x order, with spaces from the gaps', () => {
    const items = [
      { str: 'world', x: 40, y: 700, width: 25, size: 10, font: 'f1' },
      { str: 'Hello', x: 10, y: 700.2, width: 25, size: 10, font: 'f1' },
      { str: '1', x: 66, y: 703, width: 3, size: 6, font: 'f1' },
      { str: 'Next line', x: 10, y: 688, width: 40, size: 10, font: 'f1' },
    ];
    expect(groupLines(items).map((l) => l.text)).toEqual(['Hello world1', 'Next line']);
  });
});

describe('dropPageFurniture', () => {
  const page = (n: number, body: string[]): PdfPageLines => ({
    width: 612,
    height: 792,
    lines: [line(n % 2 ? 'A TALE OF TWO CITIES' : `${n + 4}  CHAPTER THE FIRST`, 760, 200, 8), ...body.map((t, i) => line(t, 700 - 12 * i)), line(String(n + 4), 40, 300)],
  });
  it('removes folios and repeated heads, and spares a chapter heading and numbers in the text', () => {
    const pages = [1, 2, 3, 4, 5, 6].map((n) => page(n, [`Body text of page ${n}.`, `1775 was a year, says page ${n}.`]));
    pages[2]!.lines.splice(1, 0, line('CHAPTER THE FIRST', 740, 200, 14));
    const { pages: out, folios, runningHeads } = dropPageFurniture(pages);
    expect(folios).toBe(6 + 3);
    expect(runningHeads).toBe(6);
    expect(out[2]!.lines.map((l) => l.text)).toEqual(['CHAPTER THE FIRST', 'Body text of page 3.', '1775 was a year, says page 3.']);
    expect(out.every((p) => p.lines.length >= 2)).toBe(true);
  });
});

describe('joinHyphenatedLines', () => {
  const vocab = buildVocabulary(['possession of a rabbit-hole', 'to-day and to-day', 'ill-natured and ill-judged']);
  it.each([
    [['in posses-', 'sion of a good'], ['in possession', 'of a good'], 1],
    [['a large rabbit-', 'hole under'], ['a large rabbit-hole', 'under'], 0],
    [['It is to-', 'day.'], ['It is to-day.'], 0],
    [['so ill-', 'tempered that'], ['so ill-tempered', 'that'], 0],
    [['the Anglo-', 'Saxon kings'], ['the Anglo-Saxon', 'kings'], 0],
    [['OF ITS RABBIT-', 'HOLE, and'], ['OF ITS RABBIT-HOLE,', 'and'], 0],
    [['page 12-', '13 of it'], ['page 12-', '13 of it'], 0],
    [['an em dash—', 'then more'], ['an em dash—', 'then more'], 0],
    [['incomprehen\u00ad', 'sible words'], ['incomprehensible', 'words'], 1],
  ])('%j -> %j', (input, expected, joined) => {
    const result = joinHyphenatedLines([input], vocab);
    expect(result.paragraphs[0]).toEqual(expected);
    expect(result.joined).toBe(joined);
  });
});

describe('linesToText', () => {
  it('reads first-line indents as paragraph starts and larger type as headings', () => {
    const lines = [
      line('Chapter 1', 740, 250, 14, 320),
      line('It was a dark and stormy night; the rain fell', 700, 90),
      line('in torrents, except at occasional intervals.', 688, 72, 10, 420),
      line('“Yes,” she said.', 676, 90, 10, 200),
      line('“No,” he said.', 664, 90, 10, 190),
      ...Array.from({ length: 5 }, (_, i) => line('Filler line of body text that runs to the margin', 652 - 12 * i, i === 0 ? 90 : 72)),
    ];
    const { text, headings } = linesToText([{ width: 612, height: 792, lines }]);
    expect(headings).toBe(1);
    expect(text.split(/\n{2,}/).map((p) => p.trim()).filter((p) => p !== '')).toEqual([
      'Chapter 1',
      'It was a dark and stormy night; the rain fell in torrents, except at occasional intervals.',
      '“Yes,” she said.',
      '“No,” he said.',
      Array.from({ length: 5 }, () => 'Filler line of body text that runs to the margin').join(' '),
    ]);
  });
});

describe('hasTextLayer and metaFromInfo', () => {
  it('calls a PDF with a stamp per page and nothing else a scan', () => {
    const stamp = (): PdfPageLines => ({ width: 612, height: 792, lines: [line('Digitized by Google', 20)] });
    expect(hasTextLayer([stamp(), stamp(), stamp()])).toBe(false);
    expect(hasTextLayer([{ width: 612, height: 792, lines: [line('Hello world', 700)] }])).toBe(true);
  });
  it("splits a Gutenberg-style title and ignores a Word account name as author", () => {
    expect(metaFromInfo({ title: "Alice's Adventures in Wonderland, by Lewis Carroll", author: 'Chuck', language: 'en-US' })).toEqual({
      title: "Alice's Adventures in Wonderland",
      author: 'Lewis Carroll',
      language: 'en-US',
    });
    expect(metaFromInfo({ title: 'Walden', author: 'Chuck' })).toEqual({ title: 'Walden' });
  });
});

describe('a book typeset by Typst: running head, folios, justified and hyphenated paragraphs', () => {
  const alice = gutenbergBody(corpusText('gutenberg/pg11-alice-in-wonderland.txt'));
  // The first prose paragraphs of chapter I (Gutenberg wraps them at 70 columns).
  const paragraphs = alice
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p.length > 300 && !/[_[\]]/.test(p))
    .slice(0, 12);
  const chapters = [
    { title: 'Chapter One', paragraphs: paragraphs.slice(0, 6) },
    { title: 'Chapter Two', paragraphs: paragraphs.slice(6) },
  ];
  let result: ReadPdfResult;
  beforeAll(async () => {
    result = await readPdf(typesetBookPdf('Wonderland Sampler', chapters));
  });

  it('finds both chapters and every paragraph, word for word', () => {
    expect(result.markdown.split('\n').filter((l) => l.startsWith('# '))).toEqual(['# Chapter One', '# Chapter Two']);
    const body = result.markdown.split('\n\n').filter((p) => !p.startsWith('#') && p.trim() !== '');
    expect(body).toHaveLength(paragraphs.length);
    expect(wordsPreserved(paragraphs.join('\n'), result.markdown)).toBe(1);
    expect(wordsPreserved(result.markdown.replace(/^# .*$/gm, ''), paragraphs.join('\n'))).toBe(1);
  });

  it('leaves no running head and no folio in the text', () => {
    expect(result.markdown).not.toContain('Wonderland Sampler');
    expect(result.markdown.split('\n').filter((l) => /^\d+$/.test(l.trim()))).toEqual([]);
    const pages = result.report.find((e) => e.id === 'pdfPages')!.count;
    expect(result.report.find((e) => e.id === 'pdfFolios')!.count).toBe(pages);
    expect(result.report.find((e) => e.id === 'pdfRunningHeads')!.count).toBeGreaterThanOrEqual(pages - 1);
  });
});
