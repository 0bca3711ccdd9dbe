/**
 * Topic extraction in the eval (`npm run eval`): the passages `searchTopic` returns for labelled (book, topic)
 * pairs of the shared corpus, compared with `extraction-labels.json` (made by reading the sections, under the rule
 * in `extraction-labels.md`).
 *
 * Counting:
 * - A returned passage stands for its section (`source.sectionIndex`; a window counts for the section it is in).
 *   The labels number the sections as `allChapters` does; the engine's sections can also hold prose front and
 *   back matter, so the two numberings are aligned once per book by the sections' titles (and any misalignment
 *   is an error, not a miss).
 * - The top 5 are the first five distinct sections among the passages in their order: a second passage of a
 *   section already counted is skipped, so that one long section cut into windows cannot fill the top 5 alone
 *   (the reader is shown sections to choose from, and two windows of one sermon are one choice).
 * - Strict and lenient P@5: the share of the top 5 in the strict or the lenient list, over 5 (fewer than five
 *   distinct sections returned count as misses). The target is on the mean lenient P@5 of the pairs with at least
 *   five lenient-relevant sections; P@k, with k = min(5, relevant sections), is reported for every relevant pair.
 * - Recall: the lenient-relevant sections found among all the returned passages (the search's default number).
 * - A should-be-empty pair is answered empty when no passage is returned: every returned passage is above the
 *   engine's relevance threshold, so any passage is a failure.
 * - Query time: `searchTopic` alone, the index built once per book beforehand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  allChapters,
  buildTopicIndex,
  chapterHeadingText,
  cleanText,
  parseMarkdown,
  passageText,
  readText,
  searchTopic,
  type BookDocument,
  type TopicIndex,
} from '@quire/engine';

/** Targets (issue 11). */
export const TARGET_LENIENT_P5 = 0.8;
/** Pairs with at least this many lenient-relevant sections are held to {@link TARGET_LENIENT_P5}. */
export const P5_MIN_RELEVANT = 5;

const TOP = 5;

/** A labelled section: its 1-based number in `allChapters` order and its heading, to check the numbering. */
export interface LabelledSection {
  index: number;
  title: string;
}

/** One (book, topic) pair of `extraction-labels.json`; both lists empty for a should-be-empty pair. */
export interface ExtractionLabel {
  /** The corpus file name (`pg1653-imitation-of-christ.txt`). */
  book: string;
  topic: string;
  /** Sections mainly about the topic. */
  strict: LabelledSection[];
  /** Sections that treat it substantially (the strict ones included). */
  lenient: LabelledSection[];
  note?: string;
}

/** The figures of one pair. */
export interface PairFigures {
  book: string;
  topic: string;
  strictRelevant: number;
  lenientRelevant: number;
  /** Passages returned. */
  passages: number;
  /** The top 5 distinct sections: a chapter number, or the engine's number of a front- or back-matter section. */
  top: { section: number; chapter: boolean; grade: 'strict' | 'lenient' | 'none' }[];
  strictP5: number;
  lenientP5: number;
  /** Lenient P@k, k = min(5, lenient-relevant sections); undefined for a should-be-empty pair. */
  lenientPk?: number;
  /** Lenient-relevant sections among all the returned passages, as a share; undefined for a should-be-empty pair. */
  recall?: number;
  /** Lenient-relevant sections no passage came from. */
  missed: LabelledSection[];
  /** Sections in the top 5 that are not lenient-relevant, with their titles. */
  wrong: { section: number; title: string }[];
  ms: number;
}

/** The figures of every pair and the totals. */
export interface ExtractionFigures {
  pairs: PairFigures[];
  /** Mean strict and lenient P@5 over the pairs with at least {@link P5_MIN_RELEVANT} lenient-relevant sections. */
  p5: { pairs: number; strict: number; lenient: number };
  /** Mean lenient P@k and recall over all the relevant pairs. */
  relevant: { pairs: number; lenientPk: number; recall: number };
  /** Should-be-empty pairs and how many were answered empty. */
  empty: { pairs: number; answeredEmpty: number };
  /** Mean time of one `searchTopic` call, and of building one book's index. */
  queryMs: number;
  indexMs: number;
}

/** The labels file beside this module. */
export const LABELS_FILE = new URL('./extraction-labels.json', import.meta.url);

/** Reads and checks the shape of the labels (throws on a malformed entry, naming it). */
export function readLabels(file: URL = LABELS_FILE): ExtractionLabel[] {
  const raw: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(raw)) throw new Error('extraction-labels.json: expected an array');
  const isSections = (v: unknown): v is LabelledSection[] =>
    Array.isArray(v) && v.every((s) => typeof s === 'object' && s !== null && Number.isInteger((s as LabelledSection).index) && typeof (s as LabelledSection).title === 'string');
  return raw.map((e: unknown, i) => {
    const l = e as Partial<ExtractionLabel>;
    if (typeof l.book !== 'string' || typeof l.topic !== 'string' || !isSections(l.strict) || !isSections(l.lenient)) {
      throw new Error(`extraction-labels.json: entry ${i + 1} is malformed`);
    }
    const lenient = new Set(l.lenient.map((s) => s.index));
    const outside = l.strict.filter((s) => !lenient.has(s.index));
    if (outside.length > 0) throw new Error(`extraction-labels.json: ${l.book} / ${l.topic}: strict sections ${outside.map((s) => s.index).join(', ')} are not in the lenient list`);
    return l as ExtractionLabel;
  });
}

/**
 * A corpus book as `npm run eval` reads it: decoded, cleaned, parsed with cleanup's book details. The labels'
 * section numbers are those of this document's `allChapters`.
 */
export function loadCorpusBook(file: string): BookDocument {
  const read = readText(new Uint8Array(fs.readFileSync(file)));
  const clean = cleanText(read.text, { meta: read.meta });
  return parseMarkdown(clean.markdown, { title: 'Untitled', author: '', language: 'en', ...clean.meta });
}

/** Throws when a labelled section's heading is not at its number: structure detection changed, relabel. */
function checkTitles(book: string, headings: readonly string[], labels: readonly ExtractionLabel[]): void {
  for (const l of labels) {
    for (const s of [...l.strict, ...l.lenient]) {
      const now = headings[s.index - 1];
      if (now !== s.title) {
        throw new Error(
          `${book} / ${l.topic}: section ${s.index} is labelled "${s.title}" but is now ${now === undefined ? 'missing' : `"${now}"`} ` +
            `(structure detection changed; relabel the book in scripts/eval/extraction-labels.json)`,
        );
      }
    }
  }
}

/**
 * The number of engine sections before the first chapter (its prose front matter), found by the sections'
 * titles; throws unless every chapter then stands at its number plus that offset.
 */
function chapterOffset(book: string, index: TopicIndex, headings: readonly string[]): number {
  if (headings.length === 0) throw new Error(`${book}: no chapters`);
  let offset = -1;
  for (let k = 1; ; k++) {
    const s = passageText(index, `s${k}`);
    if (!s) break;
    if (s.title === headings[0]) {
      offset = k - 1;
      break;
    }
  }
  if (offset < 0) throw new Error(`${book}: the search's sections do not include the first chapter "${headings[0]}"`);
  headings.forEach((h, i) => {
    const title = passageText(index, `s${i + 1 + offset}`)?.title;
    if (title !== h) throw new Error(`${book}: the search's section ${i + 1 + offset} is "${title}", chapter ${i + 1} is "${h}"`);
  });
  return offset;
}

const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

/**
 * Runs every labelled pair.
 * @param loadBook the document of a corpus file name (read and cleaned as the rest of the eval does).
 * @param labels the labels (default: `extraction-labels.json`).
 */
export function extractionFigures(loadBook: (book: string) => BookDocument, labels: readonly ExtractionLabel[] = readLabels()): ExtractionFigures {
  const pairs: PairFigures[] = [];
  const indexTimes: number[] = [];
  const books = [...new Set(labels.map((l) => l.book))];
  for (const book of books) {
    const bookLabels = labels.filter((l) => l.book === book);
    const doc = loadBook(book);
    const headings = allChapters(doc).map((c) => chapterHeadingText(c));
    checkTitles(book, headings, bookLabels);
    const t0 = performance.now();
    const index = buildTopicIndex(doc);
    indexTimes.push(performance.now() - t0);
    const offset = chapterOffset(book, index, headings);

    for (const label of bookLabels) {
      const q0 = performance.now();
      const result = searchTopic(index, label.topic);
      const ms = performance.now() - q0;
      const strict = new Set(label.strict.map((s) => s.index));
      const lenient = new Set(label.lenient.map((s) => s.index));
      // Each passage's section: a chapter number when it is a chapter, else the engine's own number.
      const sections = result.passages.map((p) => {
        const chapter = p.source.sectionIndex - offset;
        const isChapter = chapter >= 1 && chapter <= headings.length;
        if (isChapter && p.source.sectionTitle !== headings[chapter - 1]) {
          throw new Error(`${book} / ${label.topic}: passage ${p.passageId} is in "${p.source.sectionTitle}", chapter ${chapter} is "${headings[chapter - 1]}"`);
        }
        return { section: isChapter ? chapter : p.source.sectionIndex, chapter: isChapter, title: p.source.sectionTitle };
      });
      const seen = new Set<string>();
      const distinct = sections.filter((s) => {
        const key = `${s.chapter ? 'c' : 'x'}${s.section}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      const grade = (s: { section: number; chapter: boolean }) => (!s.chapter ? 'none' : strict.has(s.section) ? 'strict' : lenient.has(s.section) ? 'lenient' : 'none');
      const top = distinct.slice(0, TOP).map((s) => ({ section: s.section, chapter: s.chapter, grade: grade(s) }) as const);
      const hits = (set: ReadonlySet<number>, n: number) => top.slice(0, n).filter((s) => s.chapter && set.has(s.section)).length;
      const found = new Set(distinct.filter((s) => s.chapter && lenient.has(s.section)).map((s) => s.section));
      const k = Math.min(TOP, lenient.size);
      pairs.push({
        book,
        topic: label.topic,
        strictRelevant: strict.size,
        lenientRelevant: lenient.size,
        passages: result.passages.length,
        top,
        strictP5: hits(strict, TOP) / TOP,
        lenientP5: hits(lenient, TOP) / TOP,
        ...(lenient.size > 0 ? { lenientPk: hits(lenient, k) / k, recall: found.size / lenient.size } : {}),
        missed: label.lenient.filter((s) => !found.has(s.index)),
        wrong: distinct
          .slice(0, TOP)
          .filter((s) => grade(s) === 'none')
          .map((s) => ({ section: s.section, title: s.title })),
        ms,
      });
    }
  }
  const p5 = pairs.filter((p) => p.lenientRelevant >= P5_MIN_RELEVANT);
  const relevant = pairs.filter((p) => p.lenientRelevant > 0);
  const empty = pairs.filter((p) => p.lenientRelevant === 0);
  return {
    pairs,
    p5: { pairs: p5.length, strict: mean(p5.map((p) => p.strictP5)), lenient: mean(p5.map((p) => p.lenientP5)) },
    relevant: { pairs: relevant.length, lenientPk: mean(relevant.map((p) => p.lenientPk ?? 0)), recall: mean(relevant.map((p) => p.recall ?? 0)) },
    empty: { pairs: empty.length, answeredEmpty: empty.filter((p) => p.passages === 0).length },
    queryMs: mean(pairs.map((p) => p.ms)),
    indexMs: mean(indexTimes),
  };
}

/** The corpus books the labels use, by file name. */
export function labelledBooks(labels: readonly ExtractionLabel[] = readLabels()): string[] {
  return [...new Set(labels.map((l) => l.book))];
}

/** Where a corpus book is, for {@link loadCorpusBook}. */
export function corpusBookPath(corpus: string, book: string): string {
  return path.join(corpus, 'gutenberg', book);
}

function pad(s: string, n: number): string {
  return s.length >= n ? s.slice(0, n) : s + ' '.repeat(n - s.length);
}

const fixed = (x: number | undefined) => (x === undefined ? '-' : x.toFixed(2));

/** A book's short name in the tables: its file name up to the second hyphen (`pg1653-imitation`). */
function shortBook(book: string): string {
  return book.split('-').slice(0, 2).join('-');
}

/**
 * The report printed by `npm run eval`: a row per pair (top 5 sections marked `s` strict, `l` lenient, `x` front
 * or back matter), the totals, what each relevant pair missed and ranked wrongly, and the missed targets.
 */
export function extractionReport(f: ExtractionFigures): { lines: string[]; failures: string[] } {
  const lines: string[] = [];
  const failures: string[] = [];
  lines.push('Topic extraction: labelled (book, topic) pairs (scripts/eval/extraction-labels.json)\n');
  lines.push(`${pad('book', 18)} ${pad('topic', 16)} ${pad('rel s/l', 8)} ${pad('ret', 4)} ${pad('P@5 s', 6)} ${pad('P@5 l', 6)} ${pad('P@k l', 6)} ${pad('recall', 7)} ${pad('ms', 6)} top 5`);
  for (const p of f.pairs) {
    const top = p.top.map((t) => `${t.chapter ? '' : 'x'}${t.section}${t.grade === 'strict' ? 's' : t.grade === 'lenient' ? 'l' : ''}`).join(' ');
    const empty = p.lenientRelevant === 0;
    lines.push(
      `${pad(shortBook(p.book), 18)} ${pad(p.topic, 16)} ${pad(empty ? 'empty' : `${p.strictRelevant}/${p.lenientRelevant}`, 8)} ${pad(String(p.passages), 4)} ` +
        `${pad(empty ? '-' : fixed(p.strictP5), 6)} ${pad(empty ? '-' : fixed(p.lenientP5), 6)} ${pad(fixed(p.lenientPk), 6)} ${pad(fixed(p.recall), 7)} ${pad(p.ms.toFixed(1), 6)} ${top}`,
    );
  }
  lines.push(
    `\nP@5 over the ${f.p5.pairs} pairs with >= ${P5_MIN_RELEVANT} relevant sections: strict ${fixed(f.p5.strict)}, lenient ${fixed(f.p5.lenient)}; ` +
      `over all ${f.relevant.pairs} relevant pairs: lenient P@k ${fixed(f.relevant.lenientPk)}, recall ${fixed(f.relevant.recall)}`,
  );
  lines.push(`should-be-empty pairs answered empty: ${f.empty.answeredEmpty} of ${f.empty.pairs}; mean query ${f.queryMs.toFixed(1)} ms, mean index build ${f.indexMs.toFixed(0)} ms per book`);

  const details = f.pairs.filter((p) => p.wrong.length > 0 || p.missed.length > 0);
  if (details.length > 0) lines.push('\nNot relevant in the top 5 / relevant sections not returned:');
  for (const p of details) {
    const name = `${shortBook(p.book)} / ${p.topic}`;
    if (p.wrong.length > 0) lines.push(`  ${name}: top 5 not relevant: ${p.wrong.map((w) => `${w.section} ${w.title}`).join('; ')}`);
    if (p.missed.length > 0) lines.push(`  ${name}: missed: ${p.missed.map((m) => `${m.index} ${m.title}`).join('; ')}`);
  }

  if (f.p5.lenient < TARGET_LENIENT_P5) failures.push(`topic extraction: lenient P@5 ${fixed(f.p5.lenient)} < ${TARGET_LENIENT_P5} over the pairs with >= ${P5_MIN_RELEVANT} relevant sections`);
  for (const p of f.pairs) {
    if (p.lenientRelevant === 0 && p.passages > 0) failures.push(`topic extraction: ${shortBook(p.book)} / ${p.topic} should be empty and returned ${p.passages} passages`);
  }
  return { lines, failures };
}
