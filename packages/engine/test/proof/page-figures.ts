/**
 * Figures of a typeset book's pages read back from the PDF with `pdftotext -bbox-layout` (poppler), shared by the
 * typesetting proof and the measurements behind it:
 * - the lines of the text block that start with an em dash or end with an honorific (`write/line-breaks.ts`);
 * - uneven spreads: two facing pages of running text whose last body lines are not on the same baseline
 *   (Bringhurst, The Elements of Typographic Style, section 2.4: facing pages end at the same depth), chapter-end
 *   pages and pages with notes left out;
 * - the sizes the running heads are set at (one size on every page: a head is never shrunk to fit).
 * Every position is in PDF points from the top-left corner of the page.
 */
import type { Layout } from '../../src/index.ts';
import type { TextLine, WordBox } from '../pdf/poppler.ts';

const PT = 72;

/** A typeset line of the text block: its words left to right and its baseline (the words' common `yMax`). */
export interface BodyLine {
  page: number;
  words: WordBox[];
  baselinePt: number;
  heightPt: number;
  text: string;
}

/** What a page holds, from its furniture and text block. */
export interface PageFigures {
  page: number;
  /** The running head's words (no folio), empty on pages without one (openings, blanks, display pages). */
  head: WordBox[];
  /** The typeset lines of the text block, top to bottom. */
  lines: BodyLine[];
  /** Lines set smaller than the body (footnotes at the foot of the page). */
  hasNotes: boolean;
}

/** The text block of a page (`template.ts` geometry, bleed included). */
function textBlock(layout: Layout, page: number, heightPt: number) {
  const bleed = layout.bleedIn * PT;
  return { top: layout.marginTopIn * PT + bleed, bottom: heightPt - layout.marginBottomIn * PT - bleed, page };
}

/** Words of one page grouped into typeset lines by their baseline (pdftotext may split a justified line). */
function groupLines(page: number, words: readonly WordBox[]): BodyLine[] {
  const lines: WordBox[][] = [];
  for (const w of [...words].sort((a, b) => a.yMax - b.yMax || a.xMin - b.xMin)) {
    const last = lines.at(-1);
    if (last && Math.abs(last[0]!.yMax - w.yMax) < 1) last.push(w);
    else lines.push([w]);
  }
  return lines.map((l) => {
    const sorted = l.sort((a, b) => a.xMin - b.xMin);
    const heightPt = Math.max(...sorted.map((w) => w.yMax - w.yMin));
    return { page, words: sorted, baselinePt: sorted[0]!.yMax, heightPt, text: sorted.map((w) => w.word).join(' ') };
  });
}

/** The commonest value of a list of numbers, to 0.1. */
function mode(values: readonly number[]): number {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v.toFixed(1), (counts.get(v.toFixed(1)) ?? 0) + 1);
  return Number([...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0);
}

/**
 * The figures of every page of a book typeset in `layout`, from `textLines(path)`.
 * @param pages the page count (`pageCount`); `heightPt` the page height with bleed.
 */
export function pageFigures(layout: Layout, lines: readonly TextLine[], pages: number, heightPt: number): PageFigures[] {
  const all = lines.flatMap((l) => l.words);
  const bodySize = mode(all.map((w) => w.yMax - w.yMin));
  const out: PageFigures[] = [];
  for (let page = 1; page <= pages; page += 1) {
    const block = textBlock(layout, page, heightPt);
    const words = all.filter((w) => w.page === page);
    const mid = (w: WordBox) => (w.yMin + w.yMax) / 2;
    const head = words.filter((w) => mid(w) < block.top && !/^[\divxlcdm]+$/iu.test(w.word));
    const body = groupLines(page, words.filter((w) => mid(w) >= block.top && mid(w) <= block.bottom));
    const hasNotes = body.some((l) => l.heightPt < bodySize * 0.9 && l.baselinePt > block.top + (block.bottom - block.top) / 2);
    out.push({ page, head, lines: body, hasNotes });
  }
  return out;
}

/**
 * Lines whose first word starts with an em dash. A 2-em dash standing for an omitted word or name ("——shire")
 * is a word of its own and may start a line: lines starting with two em dashes are left out.
 */
export function linesStartingWithEmDash(figures: readonly PageFigures[]): BodyLine[] {
  return figures.flatMap((p) => p.lines.filter((l) => /^\u2014(?!\u2014)/u.test(l.words[0]!.word)));
}

/** Honorifics that must not end a line (a title stays with the name it belongs to, `write/line-breaks.ts`). */
export const HONORIFICS = ['Mr.', 'Mrs.', 'Dr.', 'St.', 'Messrs.', 'Mme.', 'Mlle.', 'Mssrs.'];

/** Lines that end with an honorific ({@link HONORIFICS}), any quotation mark or bracket before it ignored. */
export function linesEndingWithHonorific(figures: readonly PageFigures[]): BodyLine[] {
  return figures.flatMap((p) =>
    p.lines.filter((l) => {
      const last = l.words.at(-1)!.word.replace(/^[\p{Ps}\p{Pi}"'‘“]+/u, '');
      return HONORIFICS.includes(last);
    }),
  );
}

/** A spread of two facing pages whose last body lines stand at different depths. */
export interface UnevenSpread {
  verso: number;
  recto: number;
  /** Baseline of the recto's last line minus the verso's, points (negative: the recto is shorter). */
  differencePt: number;
}

/**
 * Uneven spreads of a two-sided book: a verso (even page) and the recto after it, both pages of running text
 * (a running head on each: not an opening, blank or display page), neither the last page of its unit (the
 * next page has no running head) nor holding notes, whose last body lines are more than 1 pt apart.
 */
export function unevenSpreads(figures: readonly PageFigures[]): UnevenSpread[] {
  const running = (p: PageFigures | undefined) => p !== undefined && p.head.length > 0 && p.lines.length > 0;
  const spreads: UnevenSpread[] = [];
  for (let verso = 2; verso + 1 <= figures.length; verso += 2) {
    const [left, right, next] = [figures[verso - 1], figures[verso], figures[verso + 1]];
    if (!running(left) || !running(right) || !running(next)) continue;
    if (left!.hasNotes || right!.hasNotes) continue;
    const differencePt = right!.lines.at(-1)!.baselinePt - left!.lines.at(-1)!.baselinePt;
    if (Math.abs(differencePt) > 1) spreads.push({ verso, recto: verso + 1, differencePt });
  }
  return spreads;
}

/** Number of facing-page spreads of running text {@link unevenSpreads} judges (the denominator of its count). */
export function runningSpreads(figures: readonly PageFigures[]): number {
  const running = (p: PageFigures | undefined) => p !== undefined && p.head.length > 0 && p.lines.length > 0;
  let n = 0;
  for (let verso = 2; verso + 1 <= figures.length; verso += 2) {
    if (running(figures[verso - 1]) && running(figures[verso]) && running(figures[verso + 1])) n += 1;
  }
  return n;
}

/** The heights of the running heads' words (pdftotext boxes scale with the font size), one per page that has a head. */
export function runningHeadHeights(figures: readonly PageFigures[]): Array<{ page: number; heightPt: number; text: string }> {
  return figures
    .filter((p) => p.head.length > 0)
    .map((p) => ({ page: p.page, heightPt: Math.max(...p.head.map((w) => w.yMax - w.yMin)), text: p.head.map((w) => w.word).join(' ') }));
}
