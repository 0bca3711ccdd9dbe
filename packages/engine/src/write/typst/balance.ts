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
 *   streams ({@link lowestBaselines}); a spread whose pages differ by one to three lines, the deeper one at full
 *   depth or a line or two above it, has paragraphs of its short page (those with the longest last lines, two lines
 *   or more on that page; else the one the widow cure broke, or one of the full page before) made longer, one per
 *   missing line (`loosenings.ts` chooseLoosenings): each one's last word is kept, behind a word joiner, with an invisible
 *   box wider than the rest of its line, so that the word turns over ({@link loosenedSource});
 * - a spread the second compile left uneven, its deeper page as it was and the short one no shorter (the line breaking
 *   took a box back, or one paragraph of two took its line), has other paragraphs chosen for the lines still missing,
 *   and a third compile sets them (`loosenings.ts` retryLoosenings).
 * Measured (typesetting proof): Pride and Prejudice in Classic Literature 57 -> 0 uneven spreads of 148, in KDP
 * 6 x 9 34 -> 0 of 71 (1 without the second round); Frankenstein 27 -> 0 of 91 and 15 -> 0 of 49; Moby-Dick 76 -> 0 of 231
 * (1 without the second round), 0 of 105 in KDP 6 x 9 (1 without it).
 */
import { inflateSync } from 'node:zlib';
import type { Layout } from '../../layout/layout.ts';
import { baselineStepPt } from '../../layout/line-spacing.ts';
import type { Loosening } from './loosenings.ts';

const PT = 72;

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
 * from the top-left corner (a start mark stands at its line's top edge, 0.8 em above the baseline; an end mark, in
 * its box, on the baseline).
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
 * `grid` gives the body size and the text block; `only`, when given, the pages (from 1) to read: the others have no
 * depth (a page's stream is inflated and scanned only when asked for). Throws nothing: a page it cannot read has no
 * depth.
 */
export function lowestBaselines(pdf: Uint8Array, grid: BalanceGrid, only?: ReadonlySet<number>): PageDepth[] {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const text = bytes.toString('latin1');
  const offsets = objectOffsets(text);
  const pages: PageDepth[] = [];
  for (const m of text.matchAll(/\/Type \/Page\b(?!s)([\s\S]*?)\n>>\nendobj/g)) {
    if (only && !only.has(pages.length + 1)) {
      pages.push({ lastBaselinePt: undefined, hasNotes: false });
      continue;
    }
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

/**
 * The end marks of a balanced source's paragraphs, as {@link markParagraph} writes them (unloosened): the offset of
 * each one's mark in `source`, by paragraph number. One pass over the source, which {@link lastWordLengths} and
 * {@link loosenedSource} then share.
 */
export function endMarks(source: string): Map<number, number> {
  const at = new Map<number, number>();
  for (const m of source.matchAll(END_MARK)) at.set(Number(m[1]), m.index);
  return at;
}

/**
 * The source with the given paragraphs made a line longer: each one's last word kept with an invisible box and, when
 * it is a short word of at most {@link RUNT_MAX_LETTERS} letters and both are plain text, with the word before it (a
 * no-break space, `~`), so that the new last line is not that word alone (a runt). Only the loosened paragraphs'
 * marks are visited (`marks`: {@link endMarks} of `source`); a paragraph the source does not mark is passed over.
 */
export function loosenedSource(source: string, loosenings: readonly Loosening[], marks = endMarks(source)): string {
  const placed = loosenings
    .map((l) => ({ ...l, at: marks.get(l.n) }))
    .filter((l): l is Loosening & { at: number } => l.at !== undefined)
    .sort((a, b) => a.at - b.at);
  if (placed.length === 0) return source;
  const pieces: string[] = [];
  let from = 0;
  for (const { n, boxWidthPt, at } of placed) {
    const space = tailOf(source, at).boundSpace;
    if (space !== undefined) pieces.push(source.slice(from, space), '~', source.slice(space + 1, at));
    else pieces.push(source.slice(from, at));
    pieces.push(endMark(n, boxWidthPt));
    from = at + endMark(n, 0).length;
  }
  pieces.push(source.slice(from));
  return pieces.join('');
}

/** The most letters of a last word that would stand alone as a runt on the new last line (`it.`, `me.”`). */
const RUNT_MAX_LETTERS = 3;

/** The letters and digits of a word. */
function lettersOf(word: string): number {
  return word.replace(/[^\p{L}\p{N}]/gu, '').length;
}

/** A word that is plain text in Typst markup: no code, brackets, quotes or markup signs; escapes (`\.`) allowed. */
const PLAIN_WORD = /^(?:\\.|[^\s#()[\]{}"\\$<>@*_`~])+$/u;

/**
 * What turns over with a loosened paragraph's box, from its end mark at `markIndex`: the last word and, when it is a
 * runt ({@link RUNT_MAX_LETTERS}) and it and the word before it are plain text in running markup, that word too
 * (`boundSpace`: the space between them, which {@link loosenedSource} makes a no-break space). `chars`: the
 * characters of that tail, markup included (escapes count, which errs wide). Binding longer last words too was
 * measured: more paragraphs then cannot take a line (uneven spreads 3 -> 4, 5 and 8 in the three proof novels).
 */
function tailOf(source: string, markIndex: number): { chars: number; boundSpace?: number } {
  const wordStart = (end: number) => Math.max(source.lastIndexOf(' ', end - 1), source.lastIndexOf('\n', end - 1)) + 1;
  const last = wordStart(markIndex);
  const word = source.slice(last, markIndex);
  if (last < 1 || source[last - 1] !== ' ' || !PLAIN_WORD.test(word) || lettersOf(word) > RUNT_MAX_LETTERS) return { chars: markIndex - last };
  const previous = wordStart(last - 1);
  if (!PLAIN_WORD.test(source.slice(previous, last - 1))) return { chars: markIndex - last };
  return { chars: markIndex - previous, boundSpace: last - 1 };
}

/**
 * The characters of what turns over with each marked paragraph's box ({@link tailOf}: its last word, or its last two
 * words when the last is a short one) in a balanced source, by paragraph number; 0 for a number the source does not
 * mark (`marks`: {@link endMarks} of `source`). A look back from each end mark asked for.
 */
export function lastWordLengths(source: string, marks = endMarks(source)): (n: number) => number {
  return (n) => {
    const at = marks.get(n);
    return at === undefined ? 0 : tailOf(source, at).chars;
  };
}

/** Every unloosened end mark ({@link endMark} with a zero width); group 1 is the paragraph number. */
const END_MARK = /\\u\{2060\}#box\(width: 0\.00pt\)\[#metadata\((\d+)\)<quire-pe>\]/g;
