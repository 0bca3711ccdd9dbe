/**
 * Topic extraction's public shapes (workspace spec sections 3 and 9; {@link TopicSearchResult.passages} have the shape of
 * the contracts' `ExtractionSection`, which the API answers).
 *
 * The pipeline: a book (BookDocument) is cut into passages (`passages.ts`: each section, and windows of paragraphs
 * inside long sections), indexed once per text version (`buildTopicIndex`), then searched per topic
 * (`searchTopic`): the topic is expanded from a lexicon, passages are scored with BM25F, the scores calibrated into
 * a 0-1 relevance with a threshold, the results diversified, and the salient terms of each passage and of the whole
 * set become its themes. `passageText` gives a passage in full; `compileExtraction` makes the Markdown of a new book
 * from chosen passages.
 */

/** A span of matched words in a passage's `contentPreview`: UTF-16 offsets, `end` exclusive (contracts' `Highlight`). */
export interface Highlight {
  start: number;
  end: number;
}

/**
 * Where a passage stands in its book (the contracts' `PassageSource`, field for field).
 * - `kind`: `section`, a whole section; `window`, some paragraphs of a long one (it can be widened to the section);
 * - `sectionTitle`: the section's heading as text (`CHAPTER III. The Christmas Spirit`); `partTitle` the part's;
 *   `author` the part's author in a collection of several authors' texts;
 * - `sectionIndex`: 1-based among the book's sections, of `sectionCount`;
 * - `positionPercent`: 0-100, where the passage begins in the book, by words; `wordCount`: the passage's words.
 */
export interface PassageSource {
  kind: 'section' | 'window';
  sectionTitle: string;
  partTitle?: string;
  author?: string;
  sectionIndex: number;
  sectionCount: number;
  positionPercent: number;
  wordCount: number;
}

/**
 * One passage found (the contracts' `ExtractionSection`, field for field; the engine imports nothing of ours, so
 * the shape is repeated here and the server's types check that the two agree).
 * - `passageId`: `s<N>` the N-th section whole, `s<N>:<a>-<b>` its top-level blocks a to b-1; stable for one text;
 * - `title`: the section's title (a window's too: the UI shows the position from `source`);
 * - `relevanceScore`: calibrated 0-1 (see `relevance.ts`), never under {@link RELEVANCE_THRESHOLD};
 * - `contentPreview`: about 300-400 characters of plain text around the densest match; `highlights` the matched
 *   words in it; `themes`: the passage's salient words, not the searched words.
 */
export interface ExtractionSection {
  passageId: string;
  title: string;
  relevanceScore: number;
  contentPreview: string;
  themes: string[];
  highlights: Highlight[];
  source: PassageSource;
}

/** A word searched for a topic, with the weight its matches count with (1 the topic itself) and where it came from. */
export interface SearchedTerm {
  /** The word or phrase as shown to the user (`Nativity`, `pardon`). */
  term: string;
  /** 0-1: 1 for the topic's own words, less for synonyms and related words. */
  weight: number;
  /** `topic`: typed by the user; `lexicon`: from WordNet (English); `curated`: Quire's list for devotional topics. */
  source: 'topic' | 'lexicon' | 'curated';
}

/** What {@link searchTopic} answers: plain, structured-cloneable data. */
export interface TopicSearchResult {
  /** The topic as typed (trimmed). */
  topic: string;
  /** Every word searched, the topic's first. */
  searchedTerms: SearchedTerm[];
  /** The passages above the relevance threshold, best first, diversified; empty when the book does not treat the topic. */
  passages: ExtractionSection[];
  /** Mean `relevanceScore` of `passages` (0 when none). */
  averageRelevance: number;
  /** Salient terms of the whole set of passages (not the searched words echoed back). */
  themes: string[];
}

/** A passage in full, as {@link passageText} answers it (the contracts' `PassageText`). */
export interface PassageContent {
  passageId: string;
  title: string;
  /** True when the passage was widened to its whole section. */
  widened: boolean;
  /** Its paragraphs as plain text; a stanza's lines joined by `\n`. */
  paragraphs: string[];
  wordCount: number;
}

/** One chosen passage for {@link compileExtraction}, in the user's order. */
export interface ChosenPassage {
  passageId: string;
  /** Take the whole section the passage is in. */
  widen?: boolean;
}
