/**
 * Which paragraphs of a two-sided book to make a line longer so that facing pages end at the same depth (the
 * choice of the spread balancing, `balance.ts`; Bringhurst, The Elements of Typographic Style 2.4.8), read from the
 * first compile: each page's depth (`lowestBaselines`) and the position of every paragraph's start and end
 * marks (`balanceTrailer`). Pure: no I/O, no Typst.
 */
import type { BalanceGrid, MarkPosition, PageDepth } from './balance.ts';

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

/** A paragraph to make one line longer: its number and the width of the invisible box that turns its last word over. */
export interface Loosening {
  n: number;
  boxWidthPt: number;
}

/** The most lines a spread's pages may differ by for the balancing to fill the shorter one (a cure, a kept title). */
const MAX_MISSING_LINES = 3;

/** How far the deeper page of a spread may end above the book's full depth, in lines (its own cure, a kept block). */
const MAX_DEEPER_SHORT_LINES = 2;

/** How far a mark may stand from its line, in lines, to be read as in it (the marks stand on a whole-line grid). */
const ON_LINE = 0.07;

/** A paragraph's marks as the choice reads them: pages from 1, lines of the text block from 1. */
interface ParagraphMarks {
  n: number;
  startPage: number;
  startLine: number;
  endPage: number;
  /** The end mark's line, fractional: a whole number when the paragraph ends on the grid. */
  endLine: number;
  /** x of the end mark: where the paragraph's last line ends, points from the page's left edge. */
  endXPt: number;
}

/**
 * The marks of a laid-out book by paragraph and by page. A start mark stands at its line's top edge, an end mark (in
 * its box) on the baseline, 0.8 em lower (the template's text edges: 0.8 em above the baseline, 0.2 em below); the
 * first line's top edge is the text block's. Paragraphs without both marks are left out.
 */
function indexMarks(starts: readonly MarkPosition[], ends: readonly MarkPosition[], grid: BalanceGrid, pages: number) {
  const lineOf = (topPt: number) => (topPt - grid.blockTopPt) / grid.pitchPt + 1;
  const startOf = new Map(starts.map(([n, page, , y]) => [n, { page, line: Math.round(lineOf(y)) }]));
  const paragraphs = new Map<number, ParagraphMarks>();
  const endingOn = new Map<number, ParagraphMarks[]>();
  for (const [n, page, x, y] of ends) {
    const start = startOf.get(n);
    if (!start) continue;
    const marks = { n, startPage: start.page, startLine: start.line, endPage: page, endLine: lineOf(y - 0.8 * grid.bodySizePt), endXPt: x };
    paragraphs.set(n, marks);
    const list = endingOn.get(page);
    if (list) list.push(marks);
    else endingOn.set(page, [marks]);
  }
  // The last paragraph begun on or before each page: the one that runs on from it, when it ends later.
  const lastBegun: Array<number | undefined> = new Array(pages + 1).fill(undefined);
  for (const [n, start] of startOf) if (start.page <= pages && (lastBegun[start.page] ?? -1) < n) lastBegun[start.page] = n;
  for (let page = 1; page <= pages; page++) lastBegun[page] = Math.max(lastBegun[page] ?? -1, lastBegun[page - 1] ?? -1);
  return {
    endingOn: (page: number) => endingOn.get(page) ?? [],
    /** The paragraph running from `page` onto a later page, if any. */
    runningOn: (page: number): ParagraphMarks | undefined => {
      const marks = paragraphs.get(lastBegun[page] ?? -1);
      return marks && marks.endPage > page ? marks : undefined;
    },
  };
}

/**
 * The paragraphs to make a line longer so that facing pages end at the same depth: for each spread (verso even,
 * recto odd) whose pages both have body text and no notes, and differ by one to {@link MAX_MISSING_LINES} whole
 * lines, the deeper of them at the book's full depth or at most {@link MAX_DEEPER_SHORT_LINES} lines above it (then
 * both pages run short by the same lines, as Vellum runs a spread short), one paragraph per missing line:
 * - those that end on the short page with two lines or more on it (one that began on the page before gains its
 *   line on the short page all the same), those whose box surely turns the last word over first, then those with
 *   the longest last lines;
 * - while lines are still missing, the paragraph that runs on to the next page with two lines there (the widow cure
 *   moved its line over: one line more fills the short page, and the next page keeps its two lines);
 * - and then one of the full page before that ends there, when a paragraph runs from that page onto the short one
 *   with three lines or more before the break (the break moves a line back and no orphan is made).
 * A paragraph's box is as wide as its last line leaves free plus {@link LOOSEN_EXTRA_MEASURE} of the measure (or
 * {@link LOOSEN_ABSORBED_PER_LINE_PT} a line, for a long paragraph), less where its last word (`lastWordChars`) and
 * the box would not fit on one line; a paragraph with no room for a box of {@link LOOSEN_MIN_EXTRA_MEASURE} beside
 * the word is passed over.
 * - `depths`: each page's last body baseline (`balance.ts` lowestBaselines), points from the top, pages with bleed;
 * - `starts`/`ends`: the marks' positions (`balanceTrailer`); `grid`: the layout's (`balanceGrid`);
 * - `lastWordChars`: the characters of a paragraph's last word (`lastWordLengths`); without it, none counted;
 * - `retry`: a second round ({@link retryLoosenings}): only the spreads whose verso it names are looked at, and the
 *   paragraphs it names as tried are passed over.
 * Returns the loosenings in spread order, none when no page has the book's full depth. Throws nothing.
 */
export function chooseLoosenings(
  depths: readonly PageDepth[],
  starts: readonly MarkPosition[],
  ends: readonly MarkPosition[],
  grid: BalanceGrid,
  lastWordChars: (n: number) => number = () => 0,
  retry?: { versos: ReadonlySet<number>; tried: ReadonlySet<number> },
): Loosening[] {
  const counts = new Map<string, number>();
  for (const d of depths) if (d.lastBaselinePt !== undefined) counts.set(d.lastBaselinePt.toFixed(1), (counts.get(d.lastBaselinePt.toFixed(1)) ?? 0) + 1);
  const fullPt = Number([...counts].sort((a, b) => b[1] - a[1])[0]?.[0]);
  if (!Number.isFinite(fullPt)) return [];
  const marks = indexMarks(starts, ends, grid, depths.length);
  // The lines of a full page: the line of its last baseline.
  const fullLines = Math.round((fullPt - grid.blockTopPt - 0.8 * grid.bodySizePt) / grid.pitchPt + 1);
  const isFull = (page: number) => {
    const depth = depths[page - 1]?.lastBaselinePt;
    return depth !== undefined && Math.abs(depth - fullPt) < 0.05;
  };
  /** Whether a paragraph has two lines or more on the page it ends on. */
  const twoLinesOnLast = (p: ParagraphMarks) => p.endLine - (p.startPage === p.endPage ? p.startLine : 1) >= 1 - ON_LINE;

  /** The loosenings the paragraphs can take, best first. */
  const loosen = (paragraphs: readonly ParagraphMarks[]) =>
    paragraphs
      .filter((p) => !retry?.tried.has(p.n))
      .map((p) => {
        const leftEdgePt = p.endPage % 2 === 0 ? grid.versoLeftPt : grid.rectoLeftPt;
        const lastLinePt = p.endXPt - leftEdgePt;
        const freePt = Math.max(0, grid.measurePt - lastLinePt);
        const lines =
          p.startPage === p.endPage
            ? p.endLine - p.startLine + 1
            : fullLines - p.startLine + 1 + Math.round(p.endLine) + (p.endPage - p.startPage - 1) * fullLines;
        const extraPt = Math.max(LOOSEN_EXTRA_MEASURE * grid.measurePt, lines * LOOSEN_ABSORBED_PER_LINE_PT);
        // The last word and the box turn over together: never wider, both, than the measure.
        const lastWordPt = lastWordChars(p.n) * WIDE_CHAR_EM * grid.bodySizePt;
        const boxWidthPt = Math.min(freePt + extraPt, grid.measurePt - lastWordPt);
        // Sure: the box is wider than the lines can take back, and the words before the last one on the last line
        // cannot all be taken up into the lines above instead (which keeps the count: 97 pt went up into 18 lines
        // of a Moby-Dick paragraph).
        const sure = boxWidthPt >= freePt + lines * LOOSEN_ABSORBED_PER_LINE_PT && lastLinePt - lastWordPt >= lines * LOOSEN_TAKEN_UP_PER_LINE_PT;
        return { n: p.n, freePt, boxWidthPt, sure };
      })
      .filter(({ freePt, boxWidthPt }) => boxWidthPt >= freePt + LOOSEN_MIN_EXTRA_MEASURE * grid.measurePt)
      .sort((a, b) => Number(b.sure) - Number(a.sure) || a.freePt - b.freePt);

  /** The widow cure's line: the paragraph running on from page `short` to the next with two lines there. */
  const widowLine = (short: number) => {
    const next = marks.runningOn(short);
    return next && next.endPage === short + 1 && Math.abs(next.endLine - 2) < ON_LINE ? loosen([next]).slice(0, 1) : [];
  };

  /** A line of the full page before page `short`: a paragraph ending there, the break to `short` moving a line back. */
  const lineBefore = (short: number) => {
    const before = short - 1;
    const across = marks.runningOn(before);
    if (!across || !isFull(before) || across.endPage !== short) return [];
    const linesBefore = across.startPage < before ? fullLines : fullLines - across.startLine + 1;
    if (linesBefore < 3) return [];
    return loosen(marks.endingOn(before).filter((p) => p.n < across.n && twoLinesOnLast(p))).slice(0, 1);
  };

  const chosen: Loosening[] = [];
  for (let verso = 2; verso + 1 <= depths.length; verso += 2) {
    if (retry && !retry.versos.has(verso)) continue;
    const [left, right] = [depths[verso - 1]!, depths[verso]!];
    if (left.lastBaselinePt === undefined || right.lastBaselinePt === undefined || left.hasNotes || right.hasNotes) continue;
    const deeper = Math.max(left.lastBaselinePt, right.lastBaselinePt);
    const deeperShort = (fullPt - deeper) / grid.pitchPt;
    const lines = Math.abs(right.lastBaselinePt - left.lastBaselinePt) / grid.pitchPt;
    const missing = Math.round(lines);
    if (missing < 1 || missing > MAX_MISSING_LINES || Math.abs(lines - missing) > 0.05) continue;
    if (deeperShort < -0.05 || deeperShort > MAX_DEEPER_SHORT_LINES + 0.05 || Math.abs(deeperShort - Math.round(deeperShort)) > 0.05) continue;
    const short = left.lastBaselinePt < right.lastBaselinePt ? verso : verso + 1;
    const own = loosen(marks.endingOn(short).filter(twoLinesOnLast));
    let candidates: typeof own;
    if (retry) {
      // A second round has seen a box taken back: a paragraph whose box surely turns its last word over comes first,
      // wherever it is (a stable sort: the first round's order otherwise).
      candidates = [...own, ...widowLine(short), ...lineBefore(short)].sort((a, b) => Number(b.sure) - Number(a.sure)).slice(0, missing);
    } else {
      candidates = own.slice(0, missing);
      if (candidates.length < missing) candidates.push(...widowLine(short));
      if (candidates.length < missing) candidates.push(...lineBefore(short));
    }
    for (const { n, boxWidthPt } of candidates) chosen.push({ n, boxWidthPt });
  }
  return chosen;
}

/**
 * The second round of the balancing, after the second compile: the spreads that compile left uneven with the deeper
 * page as it was and the short one no shorter (the line breaking took a box back, or one paragraph of two took its
 * line), each tried again, for the lines still missing, with the paragraphs not chosen yet. `before`/`after`: the
 * page depths of the first and second compiles (the same pages: a loosening fills its own page and moves no page
 * break); `starts`/`ends`: the first compile's marks, which still hold where it matters (a paragraph below one made a
 * line longer moves down a line, with its line count and the end of its last line as they were); `chosen`: the first
 * round's. A paragraph whose box surely turns its last word over comes first here, wherever it is (on the short
 * page, the widow cure's, or one of the page before). Returns the new loosenings only, none when the page counts
 * differ. Throws nothing.
 */
export function retryLoosenings(
  before: readonly PageDepth[],
  after: readonly PageDepth[],
  starts: readonly MarkPosition[],
  ends: readonly MarkPosition[],
  grid: BalanceGrid,
  chosen: readonly Loosening[],
  lastWordChars: (n: number) => number = () => 0,
): Loosening[] {
  if (before.length !== after.length) return [];
  const depths = before.slice();
  const versos = new Set<number>();
  for (let verso = 2; verso + 1 <= after.length; verso += 2) {
    const [left, right] = [after[verso - 1]!.lastBaselinePt, after[verso]!.lastBaselinePt];
    const [wasLeft, wasRight] = [before[verso - 1]!.lastBaselinePt, before[verso]!.lastBaselinePt];
    if (left === undefined || right === undefined || wasLeft === undefined || wasRight === undefined) continue;
    if (Math.abs(left - right) < 0.05) continue;
    const [deeper, wasDeeper, short, wasShort] = left > right ? [left, wasLeft, right, wasRight] : [right, wasRight, left, wasLeft];
    if (Math.abs(deeper - wasDeeper) >= 0.05 || short < wasShort - 0.05) continue;
    versos.add(verso);
    depths[verso - 1] = after[verso - 1]!;
    depths[verso] = after[verso]!;
  }
  if (versos.size === 0) return [];
  return chooseLoosenings(depths, starts, ends, grid, lastWordChars, { versos, tried: new Set(chosen.map((l) => l.n)) });
}

/**
 * The pages a second round may look at ({@link retryLoosenings}): both pages of each spread that has a loosened
 * paragraph ending on it or beside it (a loosening may be chosen from the page before or after the short one), by
 * the first compile's end marks. Pages from 1.
 */
export function pagesToRecheck(chosen: readonly Loosening[], ends: readonly MarkPosition[]): Set<number> {
  const endPage = new Map(ends.map(([n, page]) => [n, page]));
  const pages = new Set<number>();
  for (const { n } of chosen) {
    const page = endPage.get(n);
    if (page === undefined) continue;
    for (let p = page - 2; p <= page + 2; p++) if (p >= 1) pages.add(p);
  }
  return pages;
}
