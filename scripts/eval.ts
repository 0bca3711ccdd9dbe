/**
 * `npm run eval`: how well cleanup and structure detection do on the shared corpus (`../shared/corpus`
 * beside the repository), per book and overall, against the issue's targets:
 * - chapters found vs the Standard Ebooks table of contents (precision, recall, F1; matching rules in
 *   `eval/structure.ts`): overall F1 >= 0.97 and no book below 0.9;
 * - words of the Gutenberg body preserved (every `gutenberg/` book): >= 99.5% overall;
 * - licence lines left: zero;
 * - the source's title page (`eval/title-page.ts`): books where cleanup found one, and its display lines left
 *   before the text (target: none);
 * - verse (reported, no target): verse lines found in each book and the source's continuation lines joined to the
 *   line they continue (`eval/verse.ts`);
 * - OCR measures from `eval/ocr.ts` (`ocrMetrics()`), when that module exists: folios and running heads
 *   left in the OCR texts (>= 95% removed) and hyphenated line ends joined as the ICDAR ground truth has them;
 * - topic extraction (`eval/extraction.ts`) on the labelled (book, topic) pairs of `eval/extraction-labels.json`:
 *   strict and lenient precision@5, recall, should-be-empty pairs answered empty, query time; lenient P@5 >= 0.8
 *   over the pairs with at least five relevant sections, and no passage for a should-be-empty pair.
 * - the content inventory (`eval/content.ts`): tables, equations, pictures, captions, notes and code blocks of
 *   each academic input in Quire's document, its EPUB and its Word file, all kept;
 * - the pairs (`eval/pairs.ts`, issue 33): the divisions found in the 64 plain-text and HTML editions of
 *   `corpus/pairs/` against the HTML editions' headings; median F1 >= 0.95 and F1 >= 0.85 on 90 % of the books;
 * Exits with status 1 when a target is missed, so it can run as a check. `--only structure|ocr|extraction|content|pairs`
 * runs one part (structure: chapters, words, licence lines, title pages, verse).
 *
 *   npm run eval
 *   npm run eval -- --only extraction
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { allChapters, cleanText, inlineText, parseMarkdown, readText, type BookDocument } from '@quire/engine';
import { chapterScores, licenceLines, readSeToc, wordsPreserved } from './eval/structure.ts';
import { titlePageFigures, type TitlePageFigures } from './eval/title-page.ts';
import { verseFigures, type VerseFigures } from './eval/verse.ts';
import { contentPart } from './eval/content.ts';
import { PAIR_TARGETS, pairRows, pairsReport } from './eval/pairs.ts';
import { extractionFigures, extractionReport, labelledBooks, loadCorpusBook, P5_MIN_RELEVANT, TARGET_LENIENT_P5 } from './eval/extraction.ts';
// The corpus tests' definition of a Gutenberg body, so that the eval's figures and the tests' agree.
import { gutenbergBody } from '../packages/engine/test/read-clean/corpus-helpers.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const corpus = path.resolve(root, '../shared/corpus');

/** Gutenberg texts compared with a Standard Ebooks production (corpus SOURCES.md), by file prefix. */
const SE_BOOKS: ReadonlyArray<{ prefix: string; dir: string; onlyFiles?: RegExp }> = [
  { prefix: 'pg11-', dir: 'pg11-alice-in-wonderland' },
  { prefix: 'pg84-', dir: 'pg84-frankenstein' },
  { prefix: 'pg1342-', dir: 'pg1342-pride-and-prejudice' },
  { prefix: 'pg1653-', dir: 'pg1653-imitation-of-christ' },
  // SE has both parts; the Gutenberg text is Part 1 only (SOURCES.md): compare part 1.
  { prefix: 'pg131-', dir: 'pg131-pilgrims-progress', onlyFiles: /^part-1\.xhtml$/ },
];

const TARGET_F1 = 0.97;
const TARGET_BOOK_F1 = 0.9;
const TARGET_WORDS = 0.995;
const TARGET_FURNITURE = 0.95;

/** What `eval/ocr.ts` (the OCR measures) exports. */
interface OcrModule {
  ocrMetrics(): {
    perBook: { book: string; foliosBefore: number; foliosLeft: number; runningHeadsBefore: number; runningHeadsLeft: number }[];
    hyphenation: { joinedCorrectly: number; total: number };
  };
}

interface Row {
  file: string;
  chapters?: { ours: number; truth: number; matched: number; precision: number; recall: number; f1: number };
  words: { share: number; total: number; missing: number };
  licence: number;
  titlePage: TitlePageFigures;
  verse: VerseFigures;
}

function pct(x: number): string {
  return `${(x * 100).toFixed(2)}%`;
}

function pad(s: string, n: number): string {
  return s.length >= n ? s.slice(0, n) : s + ' '.repeat(n - s.length);
}

/** The parts `--only` can choose. */
const PARTS = ['structure', 'ocr', 'extraction', 'content', 'pairs'] as const;
type Part = (typeof PARTS)[number];

/** The parts to run: all, or the one named by `--only <part>` (undefined when the argument is not understood). */
function partsToRun(args: readonly string[]): ReadonlySet<Part> | undefined {
  const at = args.indexOf('--only');
  if (at < 0) return new Set(PARTS);
  const part = args[at + 1];
  return PARTS.find((p) => p === part) ? new Set([part as Part]) : undefined;
}

async function main(): Promise<number> {
  const parts = partsToRun(process.argv.slice(2));
  if (!parts) {
    console.error(`Usage: npm run eval [-- --only ${PARTS.join('|')}]`);
    return 2;
  }
  if (!fs.existsSync(corpus)) {
    console.error(`The corpus is missing: expected ${corpus} (../shared/corpus beside the repository).`);
    return 2;
  }
  const failures: string[] = [];
  const dir = path.join(corpus, 'gutenberg');
  // The labelled books' documents as the structure part read them, so that no book is read twice.
  const docs = new Map<string, BookDocument>();
  if (parts.has('structure')) failures.push(...structure(dir, new Set(labelledBooks()), docs));
  if (parts.has('ocr')) failures.push(...(await ocrPart()));
  if (parts.has('content')) failures.push(...(await contentPart(corpus)));
  if (parts.has('pairs')) {
    const { lines, failures: missed } = pairsReport(await pairRows(path.join(corpus, 'pairs')));
    console.log(lines.join('\n'));
    failures.push(...missed);
  }
  if (parts.has('extraction')) {
    const { lines, failures: missed } = extractionReport(extractionFigures((book) => docs.get(book) ?? loadCorpusBook(path.join(dir, book))));
    console.log(lines.join('\n'));
    failures.push(...missed);
  }

  const targets = [
    ...(parts.has('structure') ? [`overall chapter F1 >= ${TARGET_F1}, every book >= ${TARGET_BOOK_F1}; words preserved >= ${pct(TARGET_WORDS)}; 0 licence lines; 0 source title-page lines left`] : []),
    ...(parts.has('ocr') ? [`>= ${pct(TARGET_FURNITURE)} of folios and running heads removed`] : []),
    ...(parts.has('content') ? ['every table, equation, picture and code block of the academic corpus kept in the EPUB and the Word file'] : []),
    ...(parts.has('pairs') ? [`pairs: median F1 >= ${PAIR_TARGETS.medianF1} and F1 >= ${PAIR_TARGETS.bookF1} on >= ${PAIR_TARGETS.shareAtBookF1 * 100} % of the books, both editions`] : []),
    ...(parts.has('extraction') ? [`topic extraction lenient P@5 >= ${TARGET_LENIENT_P5} where >= ${P5_MIN_RELEVANT} sections are relevant, no passage for a should-be-empty pair`] : []),
  ];
  console.log(`\nTargets: ${targets.join('; ')}.`);
  if (failures.length > 0) {
    console.log(`MISSED:\n  ${failures.join('\n  ')}`);
    return 1;
  }
  console.log('All targets met.');
  return 0;
}

/**
 * Chapters, words preserved, licence lines, title pages and verse over the Gutenberg books; the missed targets.
 * The documents of the books in `keep` are put in `docs`.
 */
function structure(dir: string, keep: ReadonlySet<string>, docs: Map<string, BookDocument>): string[] {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.txt')).sort();
  const rows: Row[] = [];
  for (const file of files) {
    const read = readText(new Uint8Array(fs.readFileSync(path.join(dir, file))));
    const clean = cleanText(read.text, { meta: read.meta });
    const doc = parseMarkdown(clean.markdown, { title: 'Untitled', author: '', language: 'en', ...clean.meta });
    if (keep.has(file)) docs.set(file, doc);
    const row: Row = {
      file,
      // The source title page's words moved into the book details are kept there (as the corpus tests count them).
      words: wordsPreserved(gutenbergBody(read.text), `${clean.markdown}\n${Object.values(clean.meta).flat().filter((v) => typeof v === 'string').join('\n')}`),
      licence: licenceLines(clean.markdown),
      titlePage: titlePageFigures(clean.markdown, clean.report.passes, clean.meta.title ?? ''),
      verse: verseFigures(gutenbergBody(read.text), doc),
    };
    const se = SE_BOOKS.find((b) => file.startsWith(b.prefix));
    if (se) {
      const truth = readSeToc(path.join(corpus, 'standardebooks', se.dir, 'toc.xhtml'))
        .filter((e) => !se.onlyFiles || se.onlyFiles.test(e.file))
        .map((e) => e.title);
      // A chapter's whole heading (label and title) is compared, as the SE contents give it.
      const ours = allChapters(doc).map((c) => [c.label, inlineText(c.title)].filter(Boolean).join(' '));
      row.chapters = { ours: ours.length, truth: truth.length, ...chapterScores(ours, truth) };
    }
    rows.push(row);
  }

  console.log('Chapters vs Standard Ebooks, words preserved, licence lines (corpus: ../shared/corpus)\n');
  console.log(`${pad('book', 52)} ${pad('ours', 5)} ${pad('SE', 5)} ${pad('P', 6)} ${pad('R', 6)} ${pad('F1', 6)} ${pad('words', 8)} licence`);
  let matched = 0;
  let ours = 0;
  let truth = 0;
  let total = 0;
  let missing = 0;
  let licence = 0;
  const failures: string[] = [];
  for (const r of rows) {
    const c = r.chapters;
    const cols = c
      ? `${pad(String(c.ours), 5)} ${pad(String(c.truth), 5)} ${pad(c.precision.toFixed(3), 6)} ${pad(c.recall.toFixed(3), 6)} ${pad(c.f1.toFixed(3), 6)}`
      : `${pad('-', 5)} ${pad('-', 5)} ${pad('-', 6)} ${pad('-', 6)} ${pad('-', 6)}`;
    console.log(`${pad(r.file, 52)} ${cols} ${pad(pct(r.words.share), 8)} ${r.licence}`);
    if (c) {
      matched += c.matched;
      ours += c.ours;
      truth += c.truth;
      if (c.f1 < TARGET_BOOK_F1) failures.push(`${r.file}: chapter F1 ${c.f1.toFixed(3)} < ${TARGET_BOOK_F1}`);
    }
    total += r.words.total;
    missing += r.words.missing;
    licence += r.licence;
  }
  const precision = ours === 0 ? 0 : matched / ours;
  const recall = truth === 0 ? 1 : matched / truth;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  const share = total === 0 ? 1 : 1 - missing / total;
  console.log(`${pad('OVERALL', 52)} ${pad(String(ours), 5)} ${pad(String(truth), 5)} ${pad(precision.toFixed(3), 6)} ${pad(recall.toFixed(3), 6)} ${pad(f1.toFixed(3), 6)} ${pad(pct(share), 8)} ${licence}`);
  if (f1 < TARGET_F1) failures.push(`overall chapter F1 ${f1.toFixed(3)} < ${TARGET_F1}`);
  if (share < TARGET_WORDS) failures.push(`words preserved ${pct(share)} < ${pct(TARGET_WORDS)}`);
  if (licence > 0) failures.push(`${licence} licence lines left`);

  console.log('\nThe source title page: lines moved into the book details, display lines left before the text\n');
  console.log(`${pad('book', 52)} ${pad('found', 6)} ${pad('moved', 6)} left`);
  let found = 0;
  let left = 0;
  for (const r of rows) {
    const t = r.titlePage;
    if (t.found) found++;
    left += t.left.length;
    console.log(`${pad(r.file, 52)} ${pad(t.found ? 'yes' : 'no', 6)} ${pad(String(t.removed), 6)} ${t.left.length}${t.left.length ? `  (${t.left.map((l) => JSON.stringify(l.slice(0, 40))).join(', ')})` : ''}`);
  }
  console.log(`source title pages found: ${found} of ${rows.length} books; display lines left before the text: ${left}`);
  if (left > 0) failures.push(`${left} lines of source title pages left before the text`);
  console.log('\nVerse: lines found and the source\'s continuation lines joined to their line\n');
  console.log(`${pad('book', 52)} ${pad('lines', 7)} joined`);
  for (const r of rows) if (r.verse.lines > 0) console.log(`${pad(r.file, 52)} ${pad(String(r.verse.lines), 7)} ${r.verse.joined}`);
  const verseLines = rows.reduce((n, r) => n + r.verse.lines, 0);
  const joined = rows.reduce((n, r) => n + r.verse.joined, 0);
  console.log(`${pad('OVERALL', 52)} ${pad(String(verseLines), 7)} ${joined}`);
  console.log('');
  return failures;
}

/** The OCR measures, when `eval/ocr.ts` exists; the missed targets. */
async function ocrPart(): Promise<string[]> {
  const failures: string[] = [];
  const ocrModule = path.join(root, 'scripts/eval/ocr.ts');
  const ocr = fs.existsSync(ocrModule) ? ((await import(pathToFileURL(ocrModule).href)) as Partial<OcrModule>) : {};
  if (typeof ocr.ocrMetrics === 'function') {
    const m = ocr.ocrMetrics();
    console.log('OCR texts: page furniture left after cleanup (left / in the raw text)\n');
    console.log(`${pad('book', 60)} ${pad('folios', 12)} running heads`);
    let before = 0;
    let left = 0;
    for (const b of m.perBook) {
      console.log(`${pad(b.book, 60)} ${pad(`${b.foliosLeft}/${b.foliosBefore}`, 12)} ${b.runningHeadsLeft}/${b.runningHeadsBefore}`);
      before += b.foliosBefore + b.runningHeadsBefore;
      left += b.foliosLeft + b.runningHeadsLeft;
    }
    const removed = before === 0 ? 1 : 1 - left / before;
    const h = m.hyphenation;
    console.log(`folios and running heads removed: ${pct(removed)}`);
    console.log(`hyphenated line ends joined as the ICDAR 2017 ground truth has them: ${h.joinedCorrectly}/${h.total} (${pct(h.total === 0 ? 1 : h.joinedCorrectly / h.total)})`);
    if (removed < TARGET_FURNITURE) failures.push(`folios and running heads removed ${pct(removed)} < ${pct(TARGET_FURNITURE)}`);
  } else {
    console.log('OCR metrics: not available');
  }
  console.log('');
  return failures;
}

process.exitCode = await main();
