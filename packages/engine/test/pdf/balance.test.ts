/**
 * The spread balancing of two-sided books (`write/typst/balance.ts`) on a real book (Frankenstein in Classic
 * Literature), judged by poppler: the depth of each page that the balancing reads from the PDF's content streams is
 * the last body baseline pdftotext finds, the marked source typesets the same pages as the unmarked one, and the
 * balanced book has fewer uneven spreads than the unbalanced one, every paragraph and word still there.
 */
import { describe, expect, it } from 'vitest';
import { getLayout, writeTypst } from '../../src/index.ts';
import { balanceGrid, lastWordLengths, loosenedSource, lowestBaselines, markParagraph, type MarkPosition, type PageDepth } from '../../src/write/typst/balance.ts';
import { chooseLoosenings, pagesToRecheck, retryLoosenings } from '../../src/write/typst/loosenings.ts';
import { typesetTypst } from '../../src/write/typst/compile.ts';
import { pageFigures, unevenSpreads } from '../proof/page-figures.ts';
import { loadProofBook } from '../proof/proof-books.ts';
import { pdfFile, textLines } from './poppler.ts';

const PT = 72;
const layout = getLayout('classic-literature');

/** The book typeset with or without balancing, read back by poppler. */
async function typeset(balanceSpreads: boolean) {
  const doc = await loadProofBook('frankenstein');
  const { pdf, pageCount } = typesetTypst(writeTypst(doc, layout, { balanceSpreads }), doc.assets);
  const file = pdfFile(pdf);
  try {
    const figures = pageFigures(layout, textLines(file.path), pageCount, (layout.trimHeightIn + 2 * layout.bleedIn) * PT);
    // The body text in reading order (no running heads or folios), a word broken at a line end joined again: at a
    // soft hyphen (pdftotext's text keeps it) or after the hard hyphen of a compound (`heart-` / `broken`); poppler.ts
    // leaves word joiners out.
    const text = figures
      .flatMap((f) => f.lines.map((l) => l.text))
      .join('\n')
      .replace(/\u00ad\n/gu, '')
      .replace(/(?<=\p{L}-)\n/gu, '')
      .replace(/\n/gu, ' ');
    return { pdf, pageCount, figures, text };
  } finally {
    file.dispose();
  }
}

describe('spread balancing (Frankenstein, Classic Literature)', () => {
  it('reads each page\'s last body baseline from the PDF as poppler does', async () => {
    const { pdf, figures } = await typeset(false);
    const grid = balanceGrid(layout);
    const depths = lowestBaselines(pdf, grid);
    expect(depths).toHaveLength(figures.length);
    // Pages of running text without notes: the lowest body-size line is the last line poppler finds in the text block.
    // Poppler's word boxes end at the font's descent, a constant distance below the baseline the PDF states.
    const judged = figures.filter((f) => f.head.length > 0 && f.lines.length > 0 && !f.hasNotes);
    expect(judged.length).toBeGreaterThan(100);
    const descentPt = judged[0]!.lines.at(-1)!.baselinePt - (depths[judged[0]!.page - 1]!.lastBaselinePt ?? 0);
    expect(descentPt).toBeGreaterThan(0);
    expect(descentPt).toBeLessThan(layout.fontSizePt / 2);
    const off = judged.filter((f) => Math.abs((depths[f.page - 1]!.lastBaselinePt ?? -1) + descentPt - f.lines.at(-1)!.baselinePt) > 0.1);
    expect(off.map((f) => `page ${f.page}: ${depths[f.page - 1]!.lastBaselinePt} vs ${f.lines.at(-1)!.baselinePt}`)).toEqual([]);
    // Asked for some pages only, it reads those the same and leaves the others without a depth.
    const asked = new Set(judged.slice(0, 3).map((f) => f.page));
    const some = lowestBaselines(pdf, grid, asked);
    expect(some).toHaveLength(depths.length);
    expect(some.map((d, i) => (asked.has(i + 1) ? d : undefined)).filter(Boolean)).toEqual([...asked].sort((a, b) => a - b).map((p) => depths[p - 1]));
    expect(some.filter((d, i) => !asked.has(i + 1) && d.lastBaselinePt !== undefined)).toEqual([]);
  });

  it('fills the short page of uneven spreads without moving the rest of the book or losing a word', async () => {
    const plain = await typeset(false);
    const balanced = await typeset(true);
    // Each short page gains a line from its own paragraphs: the page count stays, and the text is the same.
    expect(balanced.pageCount).toBe(plain.pageCount);
    expect(balanced.text).toBe(plain.text);
    const before = unevenSpreads(plain.figures).length;
    const after = unevenSpreads(balanced.figures).length;
    expect(before).toBeGreaterThan(20);
    // Measured: 27 -> 3.
    expect(after).toBeLessThanOrEqual(before / 4);
  });
});

describe('which paragraphs are made a line longer (a book of six pages, page 4 a line short beside a full page 5)', () => {
  const grid = balanceGrid(layout);
  const { blockTopPt: top, pitchPt: pitch, bodySizePt: size } = grid;
  /** A start mark in line `line` of page `page` (its line's top edge), an end mark (on the baseline) at `xPt`. */
  const start = (n: number, page: number, line: number): MarkPosition => [n, page, page % 2 === 0 ? grid.versoLeftPt : grid.rectoLeftPt, top + (line - 1) * pitch];
  const end = (n: number, page: number, line: number, xPt: number): MarkPosition => [n, page, xPt, top + 0.8 * size + (line - 1) * pitch];
  const baseline = (line: number) => top + 0.8 * size + (line - 1) * pitch;
  const depths: PageDepth[] = [31, 31, 31, 30, 31, 31].map((lines) => ({ lastBaselinePt: baseline(lines), hasNotes: false }));
  // Paragraph 10 runs from page 3 onto page 4 and ends there in a last line of one long word (no room for a box
  // beside it); paragraph 8 ends on page 3 in a long last line.
  const longWord = (n: number) => (n === 10 ? 12 : 4);
  const page3 = { starts: [start(8, 3, 10), start(10, 3, 20)], ends: [end(8, 3, 19, 300), end(10, 4, 5, 45 + 70)] };

  it('the paragraph the widow cure broke: it runs on to the next page with two lines there', () => {
    const starts = [...page3.starts, start(11, 4, 6)];
    const ends = [...page3.ends, end(11, 5, 2, 63 + 200)];
    expect(chooseLoosenings(depths, starts, ends, grid, longWord).map((l) => l.n)).toEqual([11]);
  });

  it('else a paragraph of the full page before, when the one running from there has three lines or more before the break', () => {
    const starts = [...page3.starts, start(11, 4, 6)];
    const ends = [...page3.ends, end(11, 5, 4, 63 + 200)];
    expect(chooseLoosenings(depths, starts, ends, grid, longWord).map((l) => l.n)).toEqual([8]);
    // Two lines before the break: moving it back a line would leave one (an orphan), so nothing is done.
    const late = [start(8, 3, 10), start(10, 3, 30), start(11, 4, 6)];
    expect(chooseLoosenings(depths, late, [end(8, 3, 29, 300), end(10, 4, 5, 45 + 70), end(11, 5, 4, 63 + 200)], grid, longWord)).toEqual([]);
  });

  it('a paragraph ending on the short page comes first, and one begun on the page before counts its two lines there', () => {
    const starts = [...page3.starts, start(11, 4, 6)];
    const ends = [end(8, 3, 19, 300), end(10, 4, 2, 45 + 250), end(11, 5, 2, 63 + 200)];
    expect(chooseLoosenings(depths, starts, ends, grid, longWord).map((l) => l.n)).toEqual([10]);
  });

  describe('a second round, when the second compile left the spread as it was', () => {
    // Page 4 has two paragraphs that can take a line: 12 (the longer last line, tried first) and 13.
    const starts = [...page3.starts, start(12, 4, 6), start(13, 4, 15)];
    const ends = [...page3.ends, end(12, 4, 14, 63 + 250), end(13, 4, 29, 63 + 200)];
    const first = chooseLoosenings(depths, starts, ends, grid, longWord);

    it('tries the paragraph the first round did not choose', () => {
      expect(first.map((l) => l.n)).toEqual([12]);
      // The spread is still uneven and neither page moved: the box of paragraph 12 was taken back.
      const retry = retryLoosenings(depths, depths, starts, ends, grid, first, longWord);
      expect(retry.map((l) => l.n)).toEqual([13]);
    });

    it('leaves a spread the second compile filled, or changed, and passes over a book whose pages moved', () => {
      const filled = depths.map((d, i) => (i === 3 ? { ...d, lastBaselinePt: baseline(31) } : d));
      expect(retryLoosenings(depths, filled, starts, ends, grid, first, longWord)).toEqual([]);
      // Page 4 now two lines short: the second compile made it worse, and this round does not build on that.
      const changed = depths.map((d, i) => (i === 3 ? { ...d, lastBaselinePt: baseline(29) } : d));
      expect(retryLoosenings(depths, changed, starts, ends, grid, first, longWord)).toEqual([]);
      expect(retryLoosenings(depths, depths.slice(0, 5), starts, ends, grid, first, longWord)).toEqual([]);
    });

    it('tries again, for the line still missing, a page that one paragraph of two filled', () => {
      const twoShort = depths.map((d, i) => (i === 3 ? { ...d, lastBaselinePt: baseline(29) } : d));
      const chosen = chooseLoosenings(twoShort, starts, ends, grid, longWord);
      expect(chosen.map((l) => l.n).sort((a, b) => a - b)).toEqual([12, 13]);
      // One of them took its line: page 4 is now a line short. No other paragraph of it can take one, so a paragraph
      // of the full page before does (the one running from there has twelve lines before the break).
      expect(retryLoosenings(twoShort, depths, starts, ends, grid, chosen, longWord).map((l) => l.n)).toEqual([8]);
    });

    it('puts first, in the second round, a paragraph whose box surely turns its word over, wherever it is', () => {
      // Paragraph 13 ends in a short last line (its other words may go up when the last word turns over); paragraph 8,
      // on the full page before, in a long one.
      const shortLast = [...page3.ends, end(12, 4, 14, 63 + 250), end(13, 4, 29, 63 + 60)];
      expect(retryLoosenings(depths, depths, starts, shortLast, grid, [{ n: 12, boxWidthPt: 100 }], longWord).map((l) => l.n)).toEqual([8]);
      // The first round takes the short page's own paragraphs first.
      const firstOf13 = chooseLoosenings(depths, starts, [...page3.ends, end(13, 4, 29, 63 + 60)], grid, longWord);
      expect(firstOf13.map((l) => l.n)).toEqual([13]);
    });

    it('reads again only the pages around the loosened paragraphs', () => {
      expect([...pagesToRecheck(first, ends)].sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6]);
      expect(pagesToRecheck([{ n: 99, boxWidthPt: 10 }], ends).size).toBe(0);
    });
  });
});

describe('loosened source', () => {
  const source = [
    markParagraph('It was no chance of it\\.”', 1),
    markParagraph('A word #emph[set apart]', 2),
    markParagraph('Untouched here\\.', 3),
    markParagraph('The last word is longer\\.', 4),
  ].join('\n\n');

  it('keeps a short last word with the word before it and the box, so that the new last line is no runt', () => {
    const out = loosenedSource(source, [{ n: 1, boxWidthPt: 100 }]);
    expect(out).toContain('no chance of~it\\.”\\u{2060}#box(width: 100.00pt)[#metadata(1)<quire-pe>]');
    // The other paragraphs are the same text, so their chapters stay in Typst's cache.
    expect(out.slice(out.indexOf('\n\n'))).toBe(source.slice(source.indexOf('\n\n')));
    expect(lastWordLengths(source)(1)).toBe('of it\\.”'.length);
  });

  it('loosens several paragraphs, in whatever order they are given, and passes over a number the source does not mark', () => {
    const out = loosenedSource(source, [{ n: 4, boxWidthPt: 80 }, { n: 99, boxWidthPt: 10 }, { n: 1, boxWidthPt: 100 }]);
    expect(out).toBe(
      source
        .replace('of it\\.”\\u{2060}#box(width: 0.00pt)', 'of~it\\.”\\u{2060}#box(width: 100.00pt)')
        .replace('longer\\.\\u{2060}#box(width: 0.00pt)', 'longer\\.\\u{2060}#box(width: 80.00pt)'),
    );
    expect(loosenedSource(source, [{ n: 99, boxWidthPt: 10 }])).toBe(source);
  });

  it('binds only a short last word: a longer one turns over alone', () => {
    const out = loosenedSource(source, [{ n: 4, boxWidthPt: 80 }]);
    expect(out).toContain('The last word is longer\\.\\u{2060}#box(width: 80.00pt)');
    expect(out).not.toContain('~');
  });

  it('binds nothing inside markup: a last word in brackets turns over alone', () => {
    const out = loosenedSource(source, [{ n: 2, boxWidthPt: 50 }]);
    expect(out).toContain('A word #emph[set apart]\\u{2060}#box(width: 50.00pt)');
    expect(out).not.toContain('~');
    expect(lastWordLengths(source)(2)).toBe('apart]'.length);
  });
});
