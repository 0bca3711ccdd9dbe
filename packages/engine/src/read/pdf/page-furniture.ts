/**
 * Drops page furniture from the lines of a PDF: folios (page numbers) and running heads (the book or
 * chapter title repeated at the top or foot of the pages). A typeset book repeats them on every page;
 * read as text they would land in the middle of sentences.
 *
 * Rules (over the whole book, never one page alone):
 * - only the two outermost lines at the top and at the foot of a page are candidates;
 * - a folio is a number (arabic, or roman in front matter) alone on such a line or at its start or end,
 *   whose value minus the page's index is the same on at least three pages (two in a book of up to four
 *   pages): page numbers advance with the pages, a chapter number or a date does not. A line that
 *   holds a folio and text is a running head with its folio (`23 PRIDE AND PREJUDICE`), removed whole;
 * - a running head is a candidate line whose text (folio left out, case and spacing ignored) recurs on
 *   at least three pages at the same height (within 3 pt), in a type no larger than the body's. The
 *   height and size rules spare a chapter heading that repeats its running head's words.
 *
 * Checklist:
 * - [X] folios alone, folios inside running heads, roman folios, repeated heads and footers
 * - [ ] folios in the side margin, or "Page 3 of 20" counters that do not start at the first page
 */
import type { PdfLine, PdfPageLines } from './text-lines.ts';

/** What {@link dropPageFurniture} returns: the pages without furniture and how much it removed. */
export interface FurnitureResult {
  pages: PdfPageLines[];
  /** Folios removed (alone on their line or inside a running head). */
  folios: number;
  /** Running-head and footer lines removed (a line with a folio and text counts here and in `folios`). */
  runningHeads: number;
}

const ROMAN = /^(?=[ivxlcdm]+$)m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/i;
/** How many lines at each end of a page can be furniture. */
const EDGE_LINES = 2;

interface NumberOnLine {
  kind: 'arabic' | 'roman';
  value: number;
  /** The line without the number; '' for a bare folio. */
  rest: string;
}

function romanValue(s: string): number {
  const digits: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };
  let total = 0;
  const lower = s.toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    const v = digits[lower[i]!]!;
    const next = digits[lower[i + 1] ?? ''] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
}

function parseNumber(token: string): Omit<NumberOnLine, 'rest'> | undefined {
  if (/^\d{1,4}$/.test(token)) return { kind: 'arabic', value: Number(token) };
  if (token.length <= 8 && ROMAN.test(token)) return { kind: 'roman', value: romanValue(token) };
  return undefined;
}

/** The numbers a folio could be on this line: the whole line (`- 12 -`, `Page 12`), its first or its last word. */
function numbersOnLine(text: string): NumberOnLine[] {
  const out: NumberOnLine[] = [];
  const bare = /^[\s\-–—.[\]()]*(?:page\s+)?([0-9]{1,4}|[ivxlcdm]{1,8})[\s\-–—.[\]()]*$/i.exec(text);
  if (bare) {
    const n = parseNumber(bare[1]!);
    if (n) return [{ ...n, rest: '' }];
  }
  const words = text.split(' ');
  if (words.length < 2) return out;
  // A one-letter roman numeral beside words is the pronoun "I" or a letter far more often than a folio.
  const embedded = (token: string) => {
    const n = parseNumber(token);
    return n && (n.kind === 'arabic' || token.length > 1) ? n : undefined;
  };
  const first = embedded(words[0]!);
  if (first) out.push({ ...first, rest: words.slice(1).join(' ') });
  const last = embedded(words[words.length - 1]!);
  if (last) out.push({ ...last, rest: words.slice(0, -1).join(' ') });
  return out;
}

function edgeIndexes(count: number): number[] {
  const out = new Set<number>();
  for (let k = 0; k < Math.min(EDGE_LINES, count); k++) {
    out.add(k);
    out.add(count - 1 - k);
  }
  return [...out];
}

function normalize(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').replace(/[\s.,:;]+$/, '').trim();
}

/** The font size most of the book's characters are set in (the body type), in points. */
export function bodyFontSize(pages: readonly PdfPageLines[]): number {
  const weight = new Map<number, number>();
  for (const page of pages) for (const line of page.lines) weight.set(line.size, (weight.get(line.size) ?? 0) + line.text.length);
  let best = 0;
  let most = -1;
  for (const [size, n] of weight) if (n > most) [best, most] = [size, n];
  return best;
}

/**
 * Removes folios and running heads (rules in the module comment).
 * @param pages pages in book order, lines top to bottom (as `extract.ts` returns them); not modified.
 * @returns new pages without the furniture lines, and the counts.
 */
export function dropPageFurniture(pages: readonly PdfPageLines[]): FurnitureResult {
  // 1. Folio offsets: value - page index, per numbering kind, over every candidate line.
  const offsets = new Map<string, number>();
  pages.forEach((page, p) => {
    const seen = new Set<string>();
    for (const i of edgeIndexes(page.lines.length)) {
      for (const n of numbersOnLine(page.lines[i]!.text)) seen.add(`${n.kind}:${n.value - p}`);
    }
    // Counted once per page: three lines of one page starting with the word "I" are not three folios.
    for (const key of seen) offsets.set(key, (offsets.get(key) ?? 0) + 1);
  });
  const minRepeats = pages.length <= 4 ? 2 : 3;
  const folioOn = (line: PdfLine, p: number): NumberOnLine | undefined =>
    numbersOnLine(line.text).find((n) => (offsets.get(`${n.kind}:${n.value - p}`) ?? 0) >= minRepeats);

  // 2. Running-head candidates: edge lines in body-size type or smaller, folio left out.
  const body = bodyFontSize(pages);
  const heads = new Map<string, { pages: Set<number>; ys: number[] }>();
  const headKey = (line: PdfLine, p: number, top: boolean): string | undefined => {
    if (line.size > body * 1.05) return undefined;
    const text = normalize(folioOn(line, p)?.rest ?? line.text);
    if (text === '' || text.length > 120) return undefined;
    return `${top ? 'top' : 'foot'}|${text}`;
  };
  pages.forEach((page, p) => {
    const n = page.lines.length;
    for (const i of edgeIndexes(n)) {
      for (const top of [true, false]) {
        if (top ? i >= EDGE_LINES : i < n - EDGE_LINES) continue;
        const key = headKey(page.lines[i]!, p, top);
        if (!key) continue;
        const entry = heads.get(key) ?? { pages: new Set(), ys: [] };
        entry.pages.add(p);
        entry.ys.push(page.lines[i]!.y);
        heads.set(key, entry);
      }
    }
  });
  const headY = new Map<string, number>();
  for (const [key, entry] of heads) if (entry.pages.size >= 3) headY.set(key, modeOf(entry.ys));

  // 3. Remove, from each end inwards, while the outermost remaining line is furniture.
  let folios = 0;
  let runningHeads = 0;
  const out = pages.map((page, p) => {
    const lines = [...page.lines];
    const isFurniture = (line: PdfLine, top: boolean): boolean => {
      const folio = folioOn(line, p);
      if (folio) {
        folios++;
        if (folio.rest !== '') runningHeads++;
        return true;
      }
      const key = headKey(line, p, top);
      const y = key === undefined ? undefined : headY.get(key);
      if (y !== undefined && Math.abs(line.y - y) <= 3) {
        runningHeads++;
        return true;
      }
      return false;
    };
    for (let k = 0; k < EDGE_LINES && lines.length > 0 && isFurniture(lines[0]!, true); k++) lines.shift();
    for (let k = 0; k < EDGE_LINES && lines.length > 0 && isFurniture(lines[lines.length - 1]!, false); k++) lines.pop();
    return { ...page, lines };
  });
  return { pages: out, folios, runningHeads };
}

function modeOf(values: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(Math.round(v), (counts.get(Math.round(v)) ?? 0) + 1);
  let best = values[0] ?? 0;
  let most = -1;
  for (const [v, n] of counts) if (n > most) [best, most] = [v, n];
  return best;
}
