/**
 * Topic extraction's tasks in the worker-thread pool (issue 11; workspace spec sections 3 and 9): search a book for
 * a topic, read a passage in full, compile chosen passages into a new book's Markdown. Each is a plain function of
 * structured-cloneable data, callable without the pool.
 *
 * Building a book's topic index (engine `buildTopicIndex`) costs far more than a search in it (War and Peace:
 * seconds), so each thread keeps the last few indexes it built, keyed by a hash of the text and of the metadata the
 * parse reads ({@link indexKey}): a second search, a passage read or a compile of the same text reuses the index, and
 * an edited or re-cleaned text has another key and is indexed afresh. The job runner sends the tasks of one text to
 * one thread (workers/affinity.ts), so that the index is found there.
 */
import {
  buildTopicIndex,
  compileExtraction,
  countWords,
  parseMarkdown,
  passageText,
  searchTopic,
  type BookMeta,
  type PassageContent,
  type TopicIndex,
  type TopicSearchResult,
} from '@quire/engine';
import type { CleanReport } from '@quire/contracts';
import { guard, structureCounts, type TaskResult } from './tasks.ts';

/** Indexes kept per thread: a few books worked on at once (each index holds a whole book). */
const MAX_INDEXES = 3;

/** The thread's indexes, least recently used first (a Map keeps insertion order). */
const indexes = new Map<string, TopicIndex>();

/**
 * The text an extraction task searches: a book's cleaned Markdown, its SHA-256 (hex) as the service computed it once
 * for the extraction row (`textHashOf`), and what the parse reads of its metadata.
 */
export interface ExtractionText {
  markdown: string;
  textHash: string;
  meta: Pick<BookMeta, 'title' | 'author' | 'language'>;
}

/** The cache key of a text's index: the text's hash and the metadata the parse reads (the text is not hashed again). */
export function indexKey(text: ExtractionText): string {
  const { title, author, language } = text.meta;
  return `${text.textHash}:${JSON.stringify([title, author, language])}`;
}

/** The index of `text`: this thread's copy when it has one (now the most recently used), else built and kept. */
function indexOf(text: ExtractionText): TopicIndex {
  const key = indexKey(text);
  const cached = indexes.get(key);
  if (cached) {
    indexes.delete(key);
    indexes.set(key, cached);
    return cached;
  }
  const index = buildTopicIndex(parseMarkdown(text.markdown, text.meta));
  indexes.set(key, index);
  while (indexes.size > MAX_INDEXES) indexes.delete(indexes.keys().next().value!);
  return index;
}

/** How many indexes this thread holds (tests). */
export function cachedIndexCount(): number {
  return indexes.size;
}

/** Input of {@link searchTopicTask}: the text, the topic (trimmed, non-empty) and at most how many passages. */
export interface SearchTopicInput extends ExtractionText {
  topic: string;
  maxPassages?: number;
}

/** Searches the text for a topic (engine `searchTopic`): passages best first, empty when the book does not treat it. */
export function searchTopicTask(input: SearchTopicInput): Promise<TaskResult<TopicSearchResult>> {
  return guard(() => searchTopic(indexOf(input), input.topic, input.maxPassages !== undefined ? { maxPassages: input.maxPassages } : {}));
}

/** Input of {@link passageTextTask}: the text, a passage id of it, and whether to widen it to its whole section. */
export interface PassageTextInput extends ExtractionText {
  passageId: string;
  widen: boolean;
}

/** A passage in full (engine `passageText`), or null when the text has no such passage. */
export function passageTextTask(input: PassageTextInput): Promise<TaskResult<PassageContent | null>> {
  return guard(() => passageText(indexOf(input), input.passageId, { widen: input.widen }) ?? null);
}

/** Input of {@link compileTask}: the text, the new book's title, the topic, the chosen passages and the source book. */
export interface CompileInput extends ExtractionText {
  title: string;
  topic: string;
  passages: { passageId: string; widen: boolean }[];
  source: { title: string; author: string };
}

/**
 * Output of {@link compileTask}: the new book's Markdown, its cleanup report as a freshly cleaned book has one (no
 * pass ran; its chapters, parts and words counted as cleanup counts them), its word count, its UTF-8 size in bytes,
 * and the chosen passage ids the text does not have (nothing is compiled from them; the caller refuses the whole).
 */
export interface CompileOutput {
  markdown: string;
  report: CleanReport;
  wordCount: number;
  textBytes: number;
  unknownPassageIds: string[];
}

/** Compiles the chosen passages into a new book's Markdown (engine `compileExtraction`). */
export function compileTask(input: CompileInput): Promise<TaskResult<CompileOutput>> {
  return guard(() => {
    const { markdown, unknownPassageIds } = compileExtraction(indexOf(input), {
      title: input.title,
      topic: input.topic,
      passages: input.passages,
      source: input.source,
    });
    // The count every book's word count is (cleanup's report, save-text).
    const wordCount = countWords(markdown);
    const meta = { title: input.title, author: input.source.author, language: input.meta.language };
    return {
      markdown,
      report: { passes: [], ...structureCounts(markdown, meta), wordCount },
      wordCount,
      textBytes: Buffer.byteLength(markdown, 'utf8'),
      unknownPassageIds,
    };
  });
}
