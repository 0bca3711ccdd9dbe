/**
 * The spread balancing of two-sided books (`write/typst/balance.ts`) on a real book (Frankenstein in Classic
 * Literature), judged by poppler: the depth of each page that the balancing reads from the PDF's content streams is
 * the last body baseline pdftotext finds, the marked source typesets the same pages as the unmarked one, and the
 * balanced book has fewer uneven spreads than the unbalanced one, every paragraph and word still there.
 */
import { describe, expect, it } from 'vitest';
import { getLayout, writeTypst } from '../../src/index.ts';
import { balanceGrid, lastWordLengths, loosenedSource, lowestBaselines, markParagraph } from '../../src/write/typst/balance.ts';
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
