/**
 * OCR metrics for `npm run eval` (scripts/eval.ts prints them): how much page furniture cleanup removes
 * from the Internet Archive OCR texts of the corpus (`../shared/corpus/ocr/*_djvu.txt`), and how well it
 * joins words broken at line ends, judged against the ICDAR 2017 ground truth
 * (`ocr/icdar2017-eng-monograph-dev-ocr-gt-pairs.tsv`, columns `id`, `input` = raw OCR, `output` = the
 * corrected text, `cer`, `lev`).
 *
 * Definitions, independent of the furniture pass's own detection:
 * - a folio line is a line of its own (blank lines around it, as a page's foot or head is in djvu.txt)
 *   that holds only a page number: 1-4 digits or a lower-case Roman numeral, maybe between dashes or dots
 *   (`188`, `vii`, `— 23 —`); a column of numbers in a contents table is not furniture;
 * - a running-head line is a line of at most 8 words (numbers at its ends ignored, so `ON ULCERS. 79`
 *   counts as `on ulcers`) whose letters-only key occurs on at least 3 lines of the raw text with blank
 *   lines around, and which interrupts the text (the line before ends in a hyphen, or the text after it
 *   starts in lower case). Occurrences right after a numbered heading (`LECTURE XXV.`) are section titles,
 *   not running heads, and are not counted.
 * "Before" counts the raw text; "left" counts the same keys and patterns in the cleaned Markdown, taken
 * with paragraphs not unwrapped (`skip: ['unwrapped']`), so a folio that stayed is still a line of its own
 * and can be seen. Left running heads are lines of the cleaned text whose key is one of the raw text's
 * running-head keys and that still interrupt the text.
 * Hyphenation: every `a-b` / `a- b` in an OCR line whose ground truth has `ab` (a broken word) or `a-b`
 * (a compound) is written as a line end (`a-` / `b`) in a book made of all the OCR lines, cleaned, and the
 * result compared with the ground truth's form.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanText, readText } from '@quire/engine';

const corpus = path.resolve(fileURLToPath(new URL('../..', import.meta.url)), '../shared/corpus/ocr');

const FOLIO = /^[\s\-—–.]*(?:\d{1,4}|[ivxlcdm]{1,8})[\s\-—–.]*$/;
const NUMBERED_HEADING = /^\s*(?:chapter|book|part|lecture|letter|section|volume|act|scene|canto|sermon)\s+[\divxlcdm]+\b/i;

function headKey(line: string): string {
  return line
    .replace(/^\s*\d{1,4}\s+|\s+\d{1,4}\s*$/g, '')
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
}

function blank(line: string | undefined): boolean {
  return line === undefined || line.trim() === '';
}

/** Lines as text: Markdown escapes and verse indentation dropped, so a folio `1\.` still reads `1.`. */
function plainLines(text: string): string[] {
  return text.split('\n').map((l) => l.replace(/\\(.)/g, '$1').trim());
}

function nonBlank(lines: readonly string[], i: number, step: 1 | -1): string | undefined {
  for (let j = i + step; j >= 0 && j < lines.length; j += step) if (!blank(lines[j])) return lines[j];
  return undefined;
}

function interrupting(lines: readonly string[], i: number): boolean {
  const prev = nonBlank(lines, i, -1);
  const next = nonBlank(lines, i, 1);
  return (next !== undefined && /^\p{Ll}/u.test(next.trim())) || (prev !== undefined && /\p{L}[-¬]$/u.test(prev.trim()));
}

function runningHeadKeys(lines: readonly string[]): Set<string> {
  const counts = new Map<string, number>();
  lines.forEach((line, i) => {
    if (blank(line) || !blank(lines[i - 1]) || !blank(lines[i + 1]) || FOLIO.test(line)) return;
    const key = headKey(line);
    if (key === '' || key.split(' ').length > 8 || NUMBERED_HEADING.test(line)) return;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  return new Set([...counts].filter(([, n]) => n >= 3).map(([k]) => k));
}

function countHeads(lines: readonly string[], keys: ReadonlySet<string>): number {
  let n = 0;
  lines.forEach((line, i) => {
    if (blank(line) || !keys.has(headKey(line)) || !interrupting(lines, i)) return;
    const before = nonBlank(lines, i, -1);
    if (before !== undefined && NUMBERED_HEADING.test(before)) return;
    n++;
  });
  return n;
}

function countFolios(lines: readonly string[]): number {
  return lines.filter((l, i) => !blank(l) && blank(lines[i - 1]) && blank(lines[i + 1]) && FOLIO.test(l)).length;
}

/** Furniture before and after cleanup in one OCR text. */
function furniture(file: string) {
  const read = readText(new Uint8Array(readFileSync(path.join(corpus, file))));
  const raw = plainLines(read.text.replace(/\r\n?/g, '\n'));
  const keys = runningHeadKeys(raw);
  const cleaned = plainLines(cleanText(read.text, { meta: read.meta, skip: ['unwrapped'] }).markdown);
  return {
    book: file,
    foliosBefore: countFolios(raw),
    foliosLeft: countFolios(cleaned),
    runningHeadsBefore: countHeads(raw, keys),
    runningHeadsLeft: countHeads(cleaned, keys),
  };
}

/** Line-end hyphen joins judged against the ICDAR 2017 ground truth. */
function hyphenation(): { joinedCorrectly: number; total: number } {
  const rows = readFileSync(path.join(corpus, 'icdar2017-eng-monograph-dev-ocr-gt-pairs.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .filter((c) => c.length >= 3);
  const cases: Array<{ paragraph: number; joined: string; compound: string; expectJoin: boolean }> = [];
  const paragraphs: string[] = [];
  for (const [, input, truth] of rows) {
    if (!/\p{L}/u.test(input!)) continue;
    const gt = new Set(truth!.toLowerCase().split(/[^\p{L}-]+/u));
    // `a-b` or `a- b` between letters: a candidate line end.
    const text = input!.trim().replace(/(\p{L}+)- ?(\p{L}+)/gu, (m: string, a: string, b: string) => {
      const joined = `${a}${b}`.toLowerCase();
      const compound = `${a}-${b}`.toLowerCase();
      const expectJoin = gt.has(joined) && !gt.has(compound);
      if (!expectJoin && !gt.has(compound)) return m;
      cases.push({ paragraph: paragraphs.length, joined, compound, expectJoin });
      return `${a}-\n${b}`;
    });
    paragraphs.push(text);
  }
  // Only the passes that touch line ends run, so every OCR line stays one paragraph, in order.
  const skip = ['boilerplate', 'scanBoilerplate', 'pageMarkers', 'pageFurniture', 'sceneBreaks', 'productionNotes',
    'contents', 'figures', 'titleLines', 'headings', 'footnotes', 'verse', 'splitWords', 'speeches', 'letterParts'];
  const cleaned = cleanText(paragraphs.join('\n\n'), { skip }).markdown.toLowerCase().split('\n\n');
  if (cleaned.length !== paragraphs.length) {
    throw new Error(`hyphenation metric: ${paragraphs.length} paragraphs in, ${cleaned.length} out`);
  }
  let joinedCorrectly = 0;
  for (const c of cases) {
    const words = new Set(cleaned[c.paragraph]!.split(/[^\p{L}-]+/u));
    if (words.has(c.joined) ? c.expectJoin : words.has(c.compound) && !c.expectJoin) joinedCorrectly++;
  }
  return { joinedCorrectly, total: cases.length };
}

/**
 * Computes the OCR metrics over the corpus.
 * @returns per OCR book: folio and running-head lines before and left after cleanup; hyphenation: line-end
 *   joins that match the ICDAR ground truth, of all judged.
 * @throws Error when `../shared/corpus/ocr` is missing (ENOENT from the file system).
 */
export function ocrMetrics(): {
  perBook: { book: string; foliosBefore: number; foliosLeft: number; runningHeadsBefore: number; runningHeadsLeft: number }[];
  hyphenation: { joinedCorrectly: number; total: number };
} {
  const books = readdirSync(corpus).filter((f) => f.endsWith('_djvu.txt')).sort();
  return { perBook: books.map(furniture), hyphenation: hyphenation() };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const m = ocrMetrics();
  for (const b of m.perBook) {
    console.log(`${b.book}: folios ${b.foliosLeft}/${b.foliosBefore} left, running heads ${b.runningHeadsLeft}/${b.runningHeadsBefore} left`);
  }
  console.log(`hyphenation: ${m.hyphenation.joinedCorrectly}/${m.hyphenation.total} line-end joins match the ground truth`);
}
