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
 *   missing line ({@link chooseLoosenings}): each one's last word is kept, behind a word joiner, with an invisible
 *   box wider than the rest of its line, so that the word turns over ({@link loosenedSource}).
 * Measured (typesetting proof): Pride and Prejudice in Classic Literature 57 -> 0 uneven spreads of 148, in KDP
 * 6 x 9 34 -> 1 of 71; Frankenstein 27 -> 0 of 91 and 15 -> 0 of 49; Moby-Dick 76 -> 1 of 231, 1 of 105 in KDP 6 x 9.
 */
import { inflateSync } from 'node:zlib';
import type { Layout } from '../../layout/layout.ts';
import { baselineStepPt } from '../../layout/line-spacing.ts';

const PT = 72;

/**
 * Part of the measure added to what a loosened paragraph's last line leaves free, so that its last word turns over
 * (the line cannot shrink its spaces, nor the paragraph rebreak its lines, to take that much back).
 */
const LOOSEN_EXTRA_MEASURE = 0.3;

/** The least of that extra a loosening may have (less where the last word and the box must share a line). */
const LOOSEN_MIN_EXTRA_MEASURE = 0.08;

/**
 * What each line of a loosened paragraph can take back of its box, points: the optimal line breaking spreads the box
 * over the paragraph, each line's spaces shrinking a little (Pride and Prejudice: a paragraph of 27 lines took back
 * 87 pt, so kept its lines), so a long paragraph's box is wider.
 */
const LOOSEN_ABSORBED_PER_LINE_PT = 4.5;

/**
 * What each line above a loosened paragraph's last line can take up of that line's other words, points: when they
 * all go up, the last word and its box make the last line and the paragraph keeps its count of lines.
 */
const LOOSEN_TAKEN_UP_PER_LINE_PT = 9;

/**
 * A generous width of a character of the body type, in em, for the last word of a loosened paragraph: the word and
 * its box turn over together, and must fit on one line.
 */
const WIDE_CHAR_EM = 0.5;

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

/** The most lines a spread's pages may differ by for the balancing to fill the shorter one (a cure, a kept title). */
const MAX_MISSING_LINES = 3;

/** How far the deeper page of a spread may end above the book's full depth, in lines (its own cure, a kept block). */
const MAX_DEEPER_SHORT_LINES = 2;

/**
 * The paragraphs to make a line longer so that facing pages end at the same depth: for each spread (verso even,
 * recto odd) whose pages both have body text and no notes, and differ by one to {@link MAX_MISSING_LINES} whole
 * lines, the deeper of them at the book's full depth or at most {@link MAX_DEEPER_SHORT_LINES} lines above it (then
 * both pages run short by the same lines, as Vellum runs a spread short), one paragraph per missing line:
 * - those that end on the short page with two lines or more on it (one that began on the page before gains its
 *   line on the short page all the same), those with the longest last lines first;
 * - one line missing and none of those: the paragraph that runs on to the next page with two lines there (the widow
 *   cure moved its line over: one line more fills the short page, and the next page keeps its two lines); or one of
 *   the full page before that ends there, when a paragraph runs from that page onto the short one with three lines
 *   or more before the break (the break moves a line back and no orphan is made).
 * A paragraph's box is as wide as its last line leaves free plus {@link LOOSEN_EXTRA_MEASURE} of the measure (or
 * {@link LOOSEN_ABSORBED_PER_LINE_PT} a line, for a long paragraph), less where its last word (`lastWordChars`) and
 * the box would not fit on one line; a paragraph with no room for a box of {@link LOOSEN_MIN_EXTRA_MEASURE} (or what
 * its lines take back) beside the word is passed over.
 * - `depths`: from {@link lowestBaselines}; `starts`/`ends`: the marks' positions (`balanceTrailer`);
 * - `lastWordChars`: the characters of a paragraph's last word ({@link lastWordLengths}); without it, none counted.
 */
export function chooseLoosenings(
  depths: readonly PageDepth[],
  starts: readonly MarkPosition[],
  ends: readonly MarkPosition[],
  grid: BalanceGrid,
  lastWordChars: (n: number) => number = () => 0,
): Loosening[] {
  const counts = new Map<string, number>();
  for (const d of depths) if (d.lastBaselinePt !== undefined) counts.set(d.lastBaselinePt.toFixed(1), (counts.get(d.lastBaselinePt.toFixed(1)) ?? 0) + 1);
  const fullPt = Number([...counts].sort((a, b) => b[1] - a[1])[0]?.[0]);
  if (!Number.isFinite(fullPt)) return [];
  const startOf = new Map(starts.map(([n, page, , y]) => [n, { page, y }]));
  const endOf = new Map(ends.map((end) => [end[0], end]));
  const endsByPage = new Map<number, MarkPosition[]>();
  for (const end of ends) endsByPage.set(end[1], [...(endsByPage.get(end[1]) ?? []), end]);
  // A start mark stands at its line's top edge, an end mark (in its box) on the baseline, 0.8 em lower (template
  // text edges: 0.8 em above the baseline, 0.2 em below); the first line's top edge is the text block's.
  const baselineBelowTopPt = 0.8 * grid.bodySizePt;
  const pageLines = (grid.blockBottomPt - grid.blockTopPt) / grid.pitchPt;
  /** Whether an end mark stands in line `line` (from 1) of its page's text block. */
  const inLine = (y: number, line: number) => Math.abs(y - (grid.blockTopPt + baselineBelowTopPt + (line - 1) * grid.pitchPt)) < 1;
  /** The paragraph running from page `page` onto the next one (the last one begun on or before it), if any. */
  const runningOn = (page: number) => {
    let last: number | undefined;
    for (const [n, start] of startOf) if (start.page <= page && (last === undefined || n > last)) last = n;
    const end = last === undefined ? undefined : endOf.get(last);
    return last !== undefined && end !== undefined && end[1] > page ? { n: last, start: startOf.get(last)!, end } : undefined;
  };
  /** A loosening of each paragraph in `ends` (end marks on one page) that can take one, best first. */
  const loosen = (pageEnds: readonly MarkPosition[]) => {
    return pageEnds
      .map(([n, page, x, y]) => {
        const leftEdge = page % 2 === 0 ? grid.versoLeftPt : grid.rectoLeftPt;
        const freePt = Math.max(0, grid.measurePt - (x - leftEdge));
        // Its lines: on its last page, and those of the pages before when it began there (about a page each).
        const start = startOf.get(n)!;
        const lines =
          start.page === page
            ? (y - start.y) / grid.pitchPt + 1
            : (y - grid.blockTopPt) / grid.pitchPt + (grid.blockBottomPt - start.y) / grid.pitchPt + (page - start.page - 1) * pageLines;
        const extraPt = Math.max(LOOSEN_EXTRA_MEASURE * grid.measurePt, lines * LOOSEN_ABSORBED_PER_LINE_PT);
        // The last word and the box turn over together: never wider, both, than the measure.
        const roomPt = grid.measurePt - lastWordChars(n) * WIDE_CHAR_EM * grid.bodySizePt;
        const boxWidthPt = Math.min(freePt + extraPt, roomPt);
        const restPt = x - leftEdge - lastWordChars(n) * WIDE_CHAR_EM * grid.bodySizePt;
        // Sure: its box is wider than the lines can take back, and the words before the last one on the last line
        // cannot all be taken up into the lines above instead (which keeps the count: 97 pt went up into 18 lines
        // of a Moby-Dick paragraph).
        const sure = boxWidthPt >= freePt + lines * LOOSEN_ABSORBED_PER_LINE_PT && restPt >= lines * LOOSEN_TAKEN_UP_PER_LINE_PT;
        return { n, freePt, boxWidthPt, sure };
      })
      .filter(({ freePt, boxWidthPt }) => boxWidthPt >= freePt + LOOSEN_MIN_EXTRA_MEASURE * grid.measurePt)
      // Those whose box surely turns the word over first, then the longest last lines.
      .sort((a, b) => Number(b.sure) - Number(a.sure) || a.freePt - b.freePt);
  };
  /** Whether paragraph `n` has two lines or more on page `page`, where it ends at `y`. */
  const twoLinesOn = (n: number, page: number, y: number) => {
    const start = startOf.get(n);
    if (!start) return false;
    // The end mark a line or more below the start mark (a one-line paragraph's marks are 0.8 em apart), or below
    // the top of the page's first line when the paragraph began on an earlier page.
    const topPt = start.page === page ? start.y : start.page < page ? grid.blockTopPt : Infinity;
    return y - topPt >= grid.pitchPt - 1;
  };
  const isFull = (page: number) => {
    const depth = depths[page - 1]?.lastBaselinePt;
    return depth !== undefined && Math.abs(depth - fullPt) < 0.05;
  };
  const chosen: Loosening[] = [];
  for (let verso = 2; verso + 1 <= depths.length; verso += 2) {
    const [left, right] = [depths[verso - 1]!, depths[verso]!];
    if (left.lastBaselinePt === undefined || right.lastBaselinePt === undefined || left.hasNotes || right.hasNotes) continue;
    const deeper = Math.max(left.lastBaselinePt, right.lastBaselinePt);
    const deeperShort = (fullPt - deeper) / grid.pitchPt;
    const lines = Math.abs(right.lastBaselinePt - left.lastBaselinePt) / grid.pitchPt;
    const missing = Math.round(lines);
    if (missing < 1 || missing > MAX_MISSING_LINES || Math.abs(lines - missing) > 0.05) continue;
    if (deeperShort < -0.05 || deeperShort > MAX_DEEPER_SHORT_LINES + 0.05 || Math.abs(deeperShort - Math.round(deeperShort)) > 0.05) continue;
    const short = left.lastBaselinePt < right.lastBaselinePt ? verso : verso + 1;
    const candidates = loosen((endsByPage.get(short) ?? []).filter(([n, , , y]) => twoLinesOn(n, short, y))).slice(0, missing);
    if (candidates.length < missing) candidates.push(...widowLine(short));
    if (candidates.length < missing) candidates.push(...lineBefore(short));
    for (const { n, boxWidthPt } of candidates) chosen.push({ n, boxWidthPt });
  }
  return chosen;

  /** The widow cure's line: a paragraph running on from page `short` to the next with two lines there. */
  function widowLine(short: number): ReturnType<typeof loosen> {
    const next = runningOn(short);
    return next && next.end[1] === short + 1 && inLine(next.end[3], 2) ? loosen([next.end]).slice(0, 1) : [];
  }

  /** A line of the full page before page `short`: a paragraph ending there, the break to `short` moving a line back. */
  function lineBefore(short: number): ReturnType<typeof loosen> {
    const before = short - 1;
    const across = runningOn(before);
    if (!across || !isFull(before) || across.end[1] !== short) return [];
    // Its lines on the page before, from its first baseline (0.8 em below the start mark) to the page's last.
    const linesBefore = across.start.page < before ? pageLines : (fullPt - (across.start.y + baselineBelowTopPt)) / grid.pitchPt + 1;
    if (linesBefore < 3 - 0.05) return [];
    return loosen((endsByPage.get(before) ?? []).filter(([n, , , y]) => n < across.n && twoLinesOn(n, before, y))).slice(0, 1);
  }
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
