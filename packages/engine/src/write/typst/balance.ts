/**
 * Facing pages that end at the same depth (Bringhurst, The Elements of Typographic Style 2.4.8), for two-sided
 * books: widows and orphans are refused, and Typst's cure runs a page one line short while the facing page stays
 * full. The remedy is the hand typesetter's: make one paragraph of the short page a line longer (TeX's
 * `\looseness=1`), so that the short page fills and the rest of the chapter does not move (the page still ends
 * where the cure had it end).
 *
 * How, in a second compile of the same source (without the trailer, {@link withoutTrailer}):
 * - the writer marks where each paragraph of running text starts and ends (`#metadata(n)<quire-ps>` /
 *   `<quire-pe>`, {@link markParagraph}) and ends the book with {@link balanceTrailer}: the grid of the layout and
 *   the position of every mark;
 * - after the first compile, the depth of each page's last line of body text is read from the PDF's content
 *   streams ({@link lowestBaselines}); a spread whose pages differ by one or two lines, one of them at full depth,
 *   has its short page's paragraph with the longest last line (two lines or more, wholly on that page) made longer:
 *   its last word is kept, behind a word joiner, with an invisible box as wide as the rest of its line plus
 *   {@link LOOSEN_EXTRA_MEASURE} of the measure, so that the word turns over ({@link loosenedSource}).
 * Measured (typesetting proof): Pride and Prejudice in Classic Literature 57 -> 11 uneven spreads of 148, in KDP
 * 6 x 9 34 -> 3 of 72; Frankenstein 27 -> 10 of 91 and 15 -> 3 of 50.
 */
import { inflateSync } from 'node:zlib';
import type { Layout } from '../../layout/layout.ts';
import { baselineStepPt } from '../../layout/line-spacing.ts';

const PT = 72;

/** Part of the measure added to what a loosened paragraph's last line leaves free, so that its last word turns over. */
export const LOOSEN_EXTRA_MEASURE = 0.3;

/** Whether the layout's spreads are balanced: two-sided books (mirrored margins), not papers. */
export function balancesSpreads(layout: Layout): boolean {
  return layout.mirrorMargins && !layout.academic;
}

/**
 * A paragraph of running text (Typst markup) between its start and end marks, number `n`. The end mark stands in
 * an empty box joined to the last word (a mark left bare at a paragraph's end is placed with what follows, at the
 * next paragraph's start), so that its position is where the last line ends.
 */
export function markParagraph(markup: string, n: number): string {
  return `#metadata(${n})<quire-ps>${markup}${endMark(n, 0)}`;
}

/** The end mark of paragraph `n` in a box `widthPt` wide, kept with the last word by a word joiner. */
function endMark(n: number, widthPt: number): string {
  return `\\u{2060}#box(width: ${widthPt.toFixed(2)}pt)[#metadata(${n})<quire-pe>]`;
}

/** The grid of a layout as the balancing reads it, points, pages with bleed. */
export interface BalanceGrid {
  /** Baseline to baseline of body text. */
  pitchPt: number;
  bodySizePt: number;
  /** Width of the text block. */
  measurePt: number;
  /** Left edge of the text block on a verso (even page) and on a recto. */
  versoLeftPt: number;
  rectoLeftPt: number;
  /** Top and bottom edges of the text block from the top of the page. */
  blockTopPt: number;
  blockBottomPt: number;
}

/** The grid of a layout (`template.ts` geometry: mirrored margins, bleed on the outside, top and bottom). */
export function balanceGrid(layout: Layout): BalanceGrid {
  const bleed = layout.bleedIn;
  const heightPt = (layout.trimHeightIn + 2 * bleed) * PT;
  return {
    pitchPt: baselineStepPt(layout),
    bodySizePt: layout.fontSizePt,
    measurePt: (layout.trimWidthIn - layout.marginInsideIn - layout.marginOutsideIn) * PT,
    versoLeftPt: (layout.marginOutsideIn + bleed) * PT,
    rectoLeftPt: layout.marginInsideIn * PT,
    blockTopPt: (layout.marginTopIn + bleed) * PT,
    blockBottomPt: heightPt - (layout.marginBottomIn + bleed) * PT,
  };
}

/**
 * The end of a balanced book's source: the grid as `<quire-balance>` metadata and, once laid out, the position of
 * every paragraph mark as `<quire-marks>` metadata: `(starts, ends)`, each an array of `(n, page, x, y)` in points
 * from the top-left corner (a mark inside a line stands at the line's bottom edge, 0.2 em below its baseline).
 */
export function balanceTrailer(layout: Layout): string {
  const grid = balanceGrid(layout);
  const fields = Object.entries(grid).map(([k, v]) => `${k}: ${Math.round(v * 1000) / 1000}`);
  const at = (label: string) => `query(<${label}>).map(m => { let p = m.location().position(); (m.value, p.page, p.x.pt(), p.y.pt()) })`;
  return `${TRAILER_START}\n#metadata((${fields.join(', ')}))<quire-balance>\n#context [#metadata((${at('quire-ps')}, ${at('quire-pe')}))<quire-marks>]`;
}

/** The comment line that opens {@link balanceTrailer}. */
const TRAILER_START = '// quire-balance-trailer';

/**
 * The source without its balancing trailer (the second compile's: it reads no marks, and the trailer's query of
 * every mark's position costs a tenth of a compile each time the layout changes). The marks stay, so that the
 * chapters without a loosened paragraph are the same text as in the first compile. Throws nothing.
 */
export function withoutTrailer(source: string): string {
  const at = source.lastIndexOf(`\n${TRAILER_START}\n`);
  return at < 0 ? source : source.slice(0, at + 1);
}

/** A mark's position: paragraph number, page (from 1), x and y in points from the page's top-left corner. */
export type MarkPosition = [number, number, number, number];

/** What the PDF shows of a page: its lowest baseline of body text and whether it has smaller text (notes) low down. */
export interface PageDepth {
  /** Baseline of the lowest line of body-size text inside the text block, points from the top; undefined: none. */
  lastBaselinePt: number | undefined;
  hasNotes: boolean;
}

/**
 * The objects of a PDF by number: the offset of each `N 0 obj`. Typst writes plain (uncompressed) page objects
 * whose `/Contents` is one Flate-compressed stream.
 */
function objectOffsets(text: string): Map<number, number> {
  const offsets = new Map<number, number>();
  for (const m of text.matchAll(/(?:^|\n)(\d+) 0 obj\b/g)) offsets.set(Number(m[1]), m.index + m[0].indexOf(m[1]!));
  return offsets;
}

/**
 * The depth of every page's body text, read from a PDF written by Typst (pages in file order; text runs drawn as
 * `q 1 0 0 -1 x y cm ... /fN size Tf ... TJ Q`, y from the bottom of the page). Returns one entry per page.
 * `grid` gives the body size and the text block. Throws nothing: a page it cannot read has no depth.
 */
export function lowestBaselines(pdf: Uint8Array, grid: BalanceGrid): PageDepth[] {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const text = bytes.toString('latin1');
  const offsets = objectOffsets(text);
  const pages: PageDepth[] = [];
  for (const m of text.matchAll(/\/Type \/Page\b(?!s)([\s\S]*?)\n>>\nendobj/g)) {
    const body = m[1]!;
    const heightPt = Number(/\/MediaBox \[[\d.\s-]+? ([\d.]+)\]/.exec(body)?.[1]);
    const contents = Number(/\/Contents (\d+) 0 R/.exec(body)?.[1]);
    pages.push(pageDepth(bytes, text, offsets.get(contents), heightPt, grid));
  }
  return pages;
}

function pageDepth(bytes: Buffer, text: string, offset: number | undefined, heightPt: number, grid: BalanceGrid): PageDepth {
  const none = { lastBaselinePt: undefined, hasNotes: false };
  if (offset === undefined || !Number.isFinite(heightPt)) return none;
  const dictEnd = text.indexOf('stream', offset);
  const length = Number(/\/Length (\d+)/.exec(text.slice(offset, dictEnd))?.[1]);
  const start = dictEnd + (text[dictEnd + 6] === '\r' ? 8 : 7);
  let content: string;
  try {
    const raw = bytes.subarray(start, start + length);
    content = (text.slice(offset, dictEnd).includes('/FlateDecode') ? inflateSync(raw) : raw).toString('latin1');
  } catch {
    return none;
  }
  let y = 0;
  let last: number | undefined;
  let hasNotes = false;
  const middle = (grid.blockTopPt + grid.blockBottomPt) / 2;
  // The operators are found with indexOf, not a regular expression: a page's stream is some 20 kB of mostly glyph
  // strings, and a pattern that starts with a number tries every digit of them (four fifths of the time it took).
  let cm = content.indexOf(' cm\n');
  let tf = content.indexOf(' Tf\n');
  while (cm >= 0 || tf >= 0) {
    if (tf < 0 || (cm >= 0 && cm < tf)) {
      y = heightPt - lastOperand(content, cm);
      cm = content.indexOf(' cm\n', cm + 4);
      continue;
    }
    const size = lastOperand(content, tf);
    tf = content.indexOf(' Tf\n', tf + 4);
    if (y < grid.blockTopPt || y > grid.blockBottomPt + 1) continue;
    if (Math.abs(size - grid.bodySizePt) < 0.05) last = last === undefined ? y : Math.max(last, y);
    else if (size < grid.bodySizePt * 0.9 && y > middle) hasNotes = true;
  }
  return { lastBaselinePt: last, hasNotes };
}

/** The number just before the operator at `at` in a content stream (`... 11 Tf`: 11; `1 0 0 -1 x y cm`: y). */
function lastOperand(content: string, at: number): number {
  return Number(content.slice(content.lastIndexOf(' ', at - 1) + 1, at));
}

/** A paragraph to make one line longer: its number and the width of the invisible box that turns its last word over. */
export interface Loosening {
  n: number;
  boxWidthPt: number;
}

/**
 * The paragraphs to make a line longer so that facing pages end at the same depth: for each spread (verso even,
 * recto odd) whose pages both have body text and no notes, and differ by one or two lines with one of them at the
 * book's full depth (the commonest), the short page's paragraphs wholly on it, two lines or more, with the longest
 * last lines (one per missing line).
 * - `depths`: from {@link lowestBaselines}; `starts`/`ends`: the marks' positions (`balanceTrailer`).
 */
export function chooseLoosenings(depths: readonly PageDepth[], starts: readonly MarkPosition[], ends: readonly MarkPosition[], grid: BalanceGrid): Loosening[] {
  const counts = new Map<string, number>();
  for (const d of depths) if (d.lastBaselinePt !== undefined) counts.set(d.lastBaselinePt.toFixed(1), (counts.get(d.lastBaselinePt.toFixed(1)) ?? 0) + 1);
  const fullPt = Number([...counts].sort((a, b) => b[1] - a[1])[0]?.[0]);
  if (!Number.isFinite(fullPt)) return [];
  const startOf = new Map(starts.map(([n, page, , y]) => [n, { page, y }]));
  const chosen: Loosening[] = [];
  for (let verso = 2; verso + 1 <= depths.length; verso += 2) {
    const [left, right] = [depths[verso - 1]!, depths[verso]!];
    if (left.lastBaselinePt === undefined || right.lastBaselinePt === undefined || left.hasNotes || right.hasNotes) continue;
    const deeper = Math.max(left.lastBaselinePt, right.lastBaselinePt);
    const lines = Math.abs(right.lastBaselinePt - left.lastBaselinePt) / grid.pitchPt;
    const missing = Math.round(lines);
    if (Math.abs(deeper - fullPt) > 0.5 || missing < 1 || missing > 2 || Math.abs(lines - missing) > 0.05) continue;
    const short = left.lastBaselinePt < right.lastBaselinePt ? verso : verso + 1;
    const leftEdge = short % 2 === 0 ? grid.versoLeftPt : grid.rectoLeftPt;
    const candidates = ends
      .filter(([n, page, , y]) => {
        const start = startOf.get(n);
        // Two lines or more: the end mark stands at least a line below the start mark (both in the line, 13.2 and
        // 3.6 pt above the baseline at 12 pt: a one-line paragraph's marks are less than a line apart).
        return page === short && start?.page === short && y - start.y >= grid.pitchPt - 1;
      })
      .map(([n, , x]) => ({ n, fill: (x - leftEdge) / grid.measurePt }))
      .sort((a, b) => b.fill - a.fill)
      .slice(0, missing);
    for (const { n, fill } of candidates) {
      // Never wider than the measure: with the last word it must still turn over onto a line of its own.
      const widthPt = (Math.max(0, 1 - fill) + LOOSEN_EXTRA_MEASURE) * grid.measurePt;
      chosen.push({ n, boxWidthPt: Math.min(widthPt, 0.95 * grid.measurePt) });
    }
  }
  return chosen;
}

/** The source with the given paragraphs made a line longer: each one's last word kept with an invisible box. */
export function loosenedSource(source: string, loosenings: readonly Loosening[]): string {
  if (loosenings.length === 0) return source;
  const widths = new Map(loosenings.map(({ n, boxWidthPt }) => [n, boxWidthPt]));
  // One pass over the source (a book's is megabytes long; a replace per paragraph cost seconds on War and Peace).
  return source.replace(END_MARK, (mark, n: string) => {
    const widthPt = widths.get(Number(n));
    return widthPt === undefined ? mark : endMark(Number(n), widthPt);
  });
}

/** Every unloosened end mark ({@link endMark} with a zero width); group 1 is the paragraph number. */
const END_MARK = /\\u\{2060\}#box\(width: 0\.00pt\)\[#metadata\((\d+)\)<quire-pe>\]/g;
