/**
 * PDF text items -> text lines of one page.
 *
 * pdf.js hands out a page's text as "items": runs of glyphs with a position (the text matrix), a width
 * and a font, in content-stream order. Producers cut them differently: Word (Quartz) emits whole lines
 * but splits justified lines into one item per word with a near-zero-width space item between them;
 * pdfTeX emits one item per font change. Neither reliably marks word spaces, so the spaces are rebuilt
 * from geometry: a horizontal gap wider than a fifth of the font size between two items is a space.
 *
 * Checklist:
 * - [X] horizontal text, lines grouped by baseline, items ordered by x, word spaces from gaps
 * - [X] superscripts (note calls) kept on their line: the baseline tolerance is half the font size
 * - [ ] rotated or vertical text (margin stamps, landscape tables): dropped
 * - [ ] multi-column pages: columns are read across, not down
 */

/**
 * One text item as pdf.js reports it, reduced to what line building needs.
 * Units are PDF points (1/72 in) in the page's user space, y growing upwards (0 = page bottom).
 * - `str`: the item's text (pdf.js has already applied Unicode NFKC, so ligatures such as `ﬁ` are `fi`);
 * - `x`, `y`: origin of the first glyph (left end of the baseline);
 * - `width`: advance width of the whole item;
 * - `size`: font size (the scale of the text matrix);
 * - `font`: pdf.js's loaded-font id (`g_d0_f2`), equal for runs of the same font within one document.
 */
export interface PdfTextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
  font: string;
}

/**
 * One rebuilt line of a page. Points, y upwards, as in {@link PdfTextItem}.
 * - `text`: the line's text, single spaces between words, trimmed;
 * - `x` / `right`: left and right ends of the line's ink;
 * - `y`: baseline of the line's largest item;
 * - `size`: font size of most of its characters.
 */
export interface PdfLine {
  text: string;
  x: number;
  right: number;
  y: number;
  size: number;
}

/**
 * One page of a PDF as text lines, top to bottom.
 * - `width`, `height`: the page's size in points (its crop box as pdf.js sees it at scale 1).
 */
export interface PdfPageLines {
  width: number;
  height: number;
  lines: PdfLine[];
}

/** An item counts as upright when its text matrix has no rotation or skew beyond this ratio (italic fonts skew glyphs, not the matrix). */
const MAX_ROTATION = 0.1;

/**
 * Builds the item a line needs from pdf.js's raw text item (`transform` = text matrix `[a, b, c, d, e, f]`).
 * Returns undefined for rotated or vertical items and for empty ones; a whitespace item (a producer's
 * explicit word space) is kept, as a space.
 */
export function toTextItem(raw: { str: string; transform: readonly number[]; width: number; fontName: string }): PdfTextItem | undefined {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = raw.transform;
  const size = Math.hypot(c, d) || Math.hypot(a, b);
  if (!(size > 0) || raw.str === '') return undefined;
  if (Math.abs(b) > MAX_ROTATION * Math.abs(a) || a <= 0 || d <= 0) return undefined;
  return { str: raw.str, x: e, y: f, width: raw.width, size, font: raw.fontName };
}

/**
 * Groups a page's items into lines, top to bottom.
 * Items whose baselines lie within half a font size of each other share a line (so a raised note call
 * stays with its text); within a line items are read left to right, and a gap wider than 0.2 em (of the
 * smaller of the two fonts) becomes a single space.
 * @param items the page's items in any order.
 * @returns lines sorted by descending baseline (top of the page first); empty for an empty page.
 */
export function groupLines(items: readonly PdfTextItem[]): PdfLine[] {
  const sorted = [...items].sort((p, q) => q.y - p.y || p.x - q.x);
  const groups: PdfTextItem[][] = [];
  for (const item of sorted) {
    const current = groups[groups.length - 1];
    const anchor = current?.[0];
    if (current && anchor && Math.abs(anchor.y - item.y) <= 0.5 * Math.max(anchor.size, item.size)) current.push(item);
    else groups.push([item]);
  }
  return groups.map(toLine);
}

function toLine(group: PdfTextItem[]): PdfLine {
  const items = [...group].sort((p, q) => p.x - q.x);
  let text = '';
  let end = -Infinity;
  let prevSize = 0;
  const chars = new Map<number, number>();
  let baseline = items[0]!.y;
  let biggest = 0;
  for (const item of items) {
    const gap = item.x - end;
    if (text !== '' && gap > 0.2 * Math.min(prevSize, item.size) && !/\s$/u.test(text) && !/^\s/u.test(item.str)) text += ' ';
    text += /\S/u.test(item.str) ? item.str : ' ';
    end = Math.max(end, item.x + item.width);
    prevSize = item.size;
    const key = Math.round(item.size * 10) / 10;
    chars.set(key, (chars.get(key) ?? 0) + item.str.replace(/\s/gu, '').length);
    if (item.size > biggest) {
      biggest = item.size;
      baseline = item.y;
    }
  }
  let size = 0;
  let most = -1;
  for (const [s, n] of chars) {
    if (n > most) {
      most = n;
      size = s;
    }
  }
  const ink = items.filter((item) => /\S/u.test(item.str));
  // Some fonts map their hyphen glyph to U+2010 HYPHEN (Typst's do); it is the ASCII hyphen-minus of
  // every other source, and the hyphenation rules read it as such.
  return { text: text.replace(/\s+/gu, ' ').replace(/[\u2010\u2011]/gu, '-').trim(), x: ink[0]?.x ?? items[0]!.x, right: end, y: baseline, size };
}
