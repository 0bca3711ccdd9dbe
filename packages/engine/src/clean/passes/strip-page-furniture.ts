/**
 * Pass `pageFurniture`: what a scanned page prints around the text, which OCR (Internet Archive djvu.txt,
 * corpus `ocr/*.txt`) leaves as lines of their own between the paragraphs:
 * - folios: bare page numbers (`188`), lower-case Roman numerals of the front matter (`vii`), dashed forms
 *   (`— 23 —`), and printers' signature marks (`D 2`, `K 2`, at the foot of a gathering's first page);
 * - running heads: a short line repeated page after page (the book's or the section's title, `ON HERNIA.`,
 *   maybe with the folio, `ON ULCERS. 79`, `60 ACUTE AND CHRONIC ABSCESS.`).
 *
 * A line is only considered when it stands alone (blank lines around it). Whether the book has page
 * furniture at all is decided over the whole book: furniture falls wherever the page ends, so a good share
 * of it interrupts a sentence (the text before ends in a letter, comma or hyphen, or the text after starts
 * in lower case). Section numbers (Whitman's `1`, `2` in Song of Myself) and speakers' names (Faust) sit
 * between finished sentences and are never taken. A running head that follows a numbered heading
 * (`LECTURE XXV.` / `ON HERNIA.`) is that section's title and stays, and so does the first line of a group
 * when it interrupts nothing (the section's own heading). Keyword headings (`CHAPTER I`) are never
 * running heads. Where a removed line split a paragraph across a page break, the two halves are joined
 * back into one paragraph. Count: lines removed.
 */
import { leadingWhiteSpace, trimmedEndLength } from '../../structure/whitespace.ts';
import type { CleanPass, PassContext } from '../pass.ts';

const FOLIO = /^[\s\-—–.]*(?:\d{1,4}|[ivxlcdm]{1,8})[\s\-—–.]*$/;
/** Printers' signature marks: a gathering letter and its leaf number. */
const SIGNATURE = /^\s*[A-Z]{1,2}\s?[2-5]\s*$/;
/** Numbers around a running head (`ON ULCERS. 79`, `60 ACUTE ...`). */
const HEAD_FOLIO = /^\s*\d{1,4}\s+|\s+\d{1,4}\s*$/g;
const KEYWORD_HEADING = /^\s*(?:chapter|chap\.|book|part|lecture|letter|section|volume|act|scene|canto|stave|essay|sermon)\s+[\divxlcdm]+\b/i;
/** Share of candidates that must interrupt a sentence for the book to count as having furniture. */
const MIN_INTERRUPTING_SHARE = 0.3;
const MIN_FOLIOS = 5;
const MIN_HEAD_REPEATS = 3;
const MAX_HEAD_CHARS = 60;

/** A missing or blank line (`line.trim() === ''`, told without the trimmed copy: every line of a book is asked). */
function isBlank(line: string | undefined): boolean {
  return line === undefined || leadingWhiteSpace(line) === line.length;
}

/** `line.trim().length`, without the trimmed copy. */
function trimmedLength(line: string): number {
  const start = leadingWhiteSpace(line);
  return start === line.length ? 0 : trimmedEndLength(line) - start;
}

/**
 * The text runs on across the line: the text before ends in a hyphen (a word broken over the page), or
 * the text after starts in lower case. (Weaker signs mislead: a chapter title ends in a lower-case letter,
 * pg1653 `... in the\nSacrament`, and a speech in verse in a comma, pg2229.)
 */
function interrupts(prev: string | undefined, next: string | undefined): boolean {
  if (next !== undefined && /^\s*\p{Ll}/u.test(next)) return true;
  return prev !== undefined && /\p{L}[-¬]$/u.test(prev.trim());
}

function headKey(line: string): string {
  return line.replace(HEAD_FOLIO, '').toLowerCase().replace(/[^\p{L}]+/gu, ' ').trim();
}

function stripPageFurniture(text: string, ctx: PassContext): string {
  const lines = text.split('\n');
  const n = lines.length;
  const standalone: number[] = [];
  for (let i = 0; i < n; i++) {
    if (!isBlank(lines[i]) && isBlank(lines[i - 1]) && isBlank(lines[i + 1]) && trimmedLength(lines[i]!) <= MAX_HEAD_CHARS) {
      // Cleanup's own Markdown (headings, fences, breaks) is never furniture.
      if (/^\s*(?:#|:::|\* \* \*|!\[|\[\^)/.test(lines[i]!)) continue;
      standalone.push(i);
    }
  }
  if (standalone.length === 0) return text;
  const candidate = new Set<number>();
  const folios = standalone.filter((i) => FOLIO.test(lines[i]!) || SIGNATURE.test(lines[i]!));
  const heads = new Map<string, number[]>();
  for (const i of standalone) {
    if (FOLIO.test(lines[i]!) || SIGNATURE.test(lines[i]!) || KEYWORD_HEADING.test(lines[i]!)) continue;
    const key = headKey(lines[i]!);
    if (key === '' || key.split(' ').length > 8) continue;
    const group = heads.get(key);
    if (group) group.push(i);
    else heads.set(key, [i]);
  }
  for (const i of folios) candidate.add(i);
  for (const group of heads.values()) if (group.length >= MIN_HEAD_REPEATS) for (const i of group) candidate.add(i);
  if (candidate.size === 0) return text;

  /** Nearest line before/after `i` that is neither blank nor a candidate. */
  const neighbour = (i: number, step: 1 | -1): number => {
    let j = i + step;
    while (j >= 0 && j < n && (isBlank(lines[j]) || candidate.has(j))) j += step;
    return j;
  };
  const interrupting = (i: number) => interrupts(lines[neighbour(i, -1)], lines[neighbour(i, 1)]);

  const drop = new Uint8Array(n);
  let removed = 0;
  const share = (ids: readonly number[]) => ids.filter(interrupting).length / ids.length;
  if (folios.length >= MIN_FOLIOS && share(folios) >= MIN_INTERRUPTING_SHARE) {
    for (const i of folios) drop[i] = 1;
  }
  for (const group of heads.values()) {
    if (group.length < MIN_HEAD_REPEATS) continue;
    const hits = group.filter(interrupting).length;
    if (hits < 2 || hits / group.length < MIN_INTERRUPTING_SHARE) continue;
    group.forEach((i, k) => {
      const before = lines[neighbour(i, -1)];
      if (before !== undefined && KEYWORD_HEADING.test(before) && before.trim().length <= MAX_HEAD_CHARS) return;
      if (k === 0 && !interrupting(i)) return;
      drop[i] = 1;
    });
  }
  for (let i = 0; i < n; i++) if (drop[i]) removed++;
  if (removed === 0) return text;

  // Join the halves of a paragraph that a removed line had split across a page break.
  for (let i = 0; i < n; i++) {
    if (!drop[i]) continue;
    let p = i - 1;
    while (p >= 0 && (isBlank(lines[p]) || drop[p])) p--;
    let q = i + 1;
    while (q < n && (isBlank(lines[q]) || drop[q])) q++;
    if (p >= 0 && q < n && interrupts(lines[p], lines[q])) for (let k = p + 1; k < q; k++) drop[k] = 1;
    i = q - 1;
  }
  ctx.count(removed);
  const out: string[] = [];
  for (let i = 0; i < n; i++) if (!drop[i]) out.push(lines[i]!);
  return out.join('\n');
}

export const stripPageFurniturePass: CleanPass = {
  id: 'pageFurniture',
  label: 'Page numbers and running heads of the scanned pages removed',
  run: stripPageFurniture,
};
