/**
 * Scoring and calibration: how relevant each passage is to an expanded topic, as a 0-1 number that means the
 * same across topics and books.
 *
 * ## The score (BM25F with pooled synonyms)
 * A concept's words (the topic's word and its expansions, `lexicon.ts`) count as one pseudo-term, each match
 * weighted by its word's weight: the way BM25 treats synonyms (Lucene's SynonymQuery; Robertson and Zaragoza
 * 2009, "The Probabilistic Relevance Framework", 3.5), so that searching ten expansions does not score ten
 * times higher than searching one. The heading is a field of its own (BM25F):
 *
 *     tf~(c, p) = W_H * h(c, p) + body(c, p) / (1 - b + b * len(p) / L0)
 *     BM25(p)   = sum over concepts c of idf(c) * tf~ * (k1 + 1) / (tf~ + k1)
 *
 * `body` is the number of the passage's sentences that name the concept, each weighted by its heaviest word
 * (`sentenceMatches`: a sentence that repeats the word, or names it and a synonym, speaks of it once), `h` the
 * weighted count of its words in the section's heading,
 * `len` the passage's words, at least `L0`. The length is normalised against a fixed reference `L0` (one window,
 * 300 words) rather than the book's mean passage length, so a passage scores the same in any book; a passage
 * shorter than that counts as that long, so that a topic must be named at least twice to pass (BM25 would
 * reward one mention in a short paragraph as a dense one). `idf(c)` is BM25's
 * `ln(1 + (N - df + 0.5) / (df + 0.5))` over the book's sections.
 *
 * ## Calibration
 * `S = BM25(p) / BM25max`, where `BM25max = sum over c of idf(c) * (k1 + 1)` is the score of a passage that
 * saturates every concept: for one concept `S = tf~ / (tf~ + k1)`, a function of the passage alone. `S` is mapped
 * through a logistic, and a passage whose matches are only expansions keeps `1 - LAMBDA` of it:
 *
 *     relevance = sigmoid(ALPHA * (S - S0)) * (1 - LAMBDA * (1 - own))
 *
 * `own` (0-1) is the share of the weighted matches that are the topic's own word (or its translation).
 *
 * Where the constants come from: `k1 = 1.2` is BM25's standard value (Robertson et al., TREC-3); `b = 0.5`, under
 * the usual 0.75, because a book's sections are long for the reason of Robertson's "verbosity" as much as of
 * "scope" (a sermon says one thing at length), and because it scored best, with the same answers on topics a book
 * does not treat, among 0.3-0.75 on the labelled pairs of `scripts/eval/extraction-labels.json`. Windows are
 * about `L0` long, so `b` hardly changes their scores, and the anchors below hold for any `b`;
 * `W_H = 1.5` counts a heading naming the topic as one and a half mentions in a page of text (BM25F gives titles
 * field weights of 2-5 for term counts of whole documents; here a heading must not carry a passage alone: a
 * heading and one mention in a page pass, a heading over text that never names the topic does not), and a
 * window, which only inherits its section's heading, gets a quarter of it. `S0` and `ALPHA` are set on two
 * anchor passages of one page (300 words): two sentences naming the topic's own word (0.67 per 100 words: a page that speaks of it)
 * sit at the threshold, 0.5; four mentions (a page about it) score 0.9, one mention (a passing one) under 0.1.
 * Hence `S0 = S(2) = 2 / 3.2 = 0.625` and `ALPHA = ln 9 / (S(4) - S0) = 15`. A passing mention in a 5,000-word
 * chapter (`tf~ = 0.11`) scores 0.0003. `LAMBDA = 0.25`: a page matching only related words (`manger`,
 * `shepherds`, `Bethlehem`) is weaker evidence than one naming the topic, not none.
 */
import type { ExpandedQuery } from './lexicon.ts';
import type { Segmentation } from './passages.ts';
import { WINDOW_WORDS } from './passages.ts';
import type { TermIndex } from './search-index.ts';

/** BM25's term-frequency saturation (Robertson et al. 1994). */
export const K1 = 1.2;
/** BM25's length normalisation strength. */
export const B = 0.5;
/** The reference passage length for length normalisation, in words (one window). */
export const L0 = WINDOW_WORDS;
/** Weight of a mention in the section's heading, against one in a reference-length body (sections). */
export const W_HEADING = 1.5;
/** Weight of the section's heading for a window, which is only part of the section. */
export const W_HEADING_WINDOW = W_HEADING / 4;
/** Centre of the logistic: S of a 300-word page with two mentions of the topic. */
export const S0 = 2 / (2 + K1);
/** Slope of the logistic: four mentions in 300 words score 0.9. */
export const ALPHA = Math.log(9) / (4 / (4 + K1) - S0);
/** Share of the relevance lost by a passage whose matches are all expansions, none the topic's own word. */
export const LAMBDA = 0.25;

/**
 * Relevance under which no passage is returned (0-1): a page of 300 words must name the topic about twice to
 * pass, or its related words as often with their weights (see the module comment).
 */
export const RELEVANCE_THRESHOLD = 0.5;

/** A scored passage: its calibrated relevance. */
export interface ScoredPassage {
  /** Index into `Segmentation.passages`. */
  passage: number;
  /** Calibrated relevance, 0-1. */
  relevance: number;
}

/**
 * A concept's matches in block `g`, counted by sentence: each sentence naming the concept counts once, with the
 * weight of its heaviest word (`own`: the sentences whose heaviest word is the topic's own). A sentence that names a
 * topic twice ("in His last prayer He prays", "forgive us our debts, as we forgive our debtors") speaks of it once: how
 * much a passage treats a topic is how many of its sentences speak of it.
 */
function sentenceMatches(index: TermIndex, g: number, words: ReadonlyMap<number, { weight: number; own: boolean }>): { weight: number; own: number } {
  const ids = index.blockTerms[g]!;
  const sentences = index.blockSentences[g]!;
  let weight = 0;
  let own = 0;
  let sentence = -1;
  let best = 0;
  let bestOwn = false;
  for (let k = 0; k <= ids.length; k++) {
    if (k === ids.length || sentences[k] !== sentence) {
      weight += best;
      if (bestOwn) own += 1;
      if (k === ids.length) break;
      sentence = sentences[k]!;
      best = 0;
      bestOwn = false;
    }
    const word = words.get(ids[k]!);
    if (!word) continue;
    if (word.weight > best || (word.weight === best && word.own)) {
      best = word.weight;
      bestOwn = word.own;
    }
  }
  return { weight, own };
}

/** The logistic function. */
function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/**
 * Scores every passage that holds a searched word in its text or its heading, and returns those with a
 * relevance above zero, unordered. Reads only the postings of the searched terms.
 */
export function scorePassages(query: ExpandedQuery, index: TermIndex, seg: Segmentation): ScoredPassage[] {
  const nPassages = seg.passages.length;
  const nSections = seg.sections.length;
  if (query.concepts.length === 0 || nSections === 0) return [];
  const body = query.concepts.map(() => new Float64Array(nPassages));
  const ownBody = query.concepts.map(() => new Float64Array(nPassages));
  const heading = query.concepts.map(() => new Float64Array(nSections));
  const ownHeading = query.concepts.map(() => new Float64Array(nSections));
  const touched = new Uint8Array(nPassages);
  const idf: number[] = [];

  for (const [c, concept] of query.concepts.entries()) {
    const sectionsWith = new Uint8Array(nSections);
    // The concept's words by term id (a word listed twice keeps its heaviest weight), and the blocks holding any.
    const words = new Map<number, { weight: number; own: boolean }>();
    const blocks = new Set<number>();
    for (const term of concept.terms) {
      const id = index.termIds.get(term.stem);
      if (id === undefined) continue;
      const known = words.get(id);
      if (!known || term.weight > known.weight) words.set(id, { weight: term.weight, own: term.own || (known?.own ?? false) });
      for (const g of index.postings[id]!.blocks) blocks.add(g);
    }
    for (const g of blocks) {
      const { weight, own } = sentenceMatches(index, g, words);
      for (let r = index.blockPassageStart[g]!; r < index.blockPassageStart[g + 1]!; r++) {
        const p = index.blockPassages[r]!;
        body[c]![p]! += weight;
        ownBody[c]![p]! += own;
        touched[p] = 1;
        // Sections come first among the passages, in order: passage p < nSections is section p.
        if (p < nSections) sectionsWith[p] = 1;
      }
    }
    for (const term of concept.terms) {
      const id = index.termIds.get(term.stem);
      if (id === undefined) continue;
      for (let s = 0; s < nSections; s++) {
        const h = index.headingTerms[s]!;
        for (let k = 0; k < h.length; k++) {
          if (h[k] !== id) continue;
          heading[c]![s]! += term.weight;
          if (term.own) ownHeading[c]![s]! += 1;
          sectionsWith[s] = 1;
        }
      }
    }
    for (let s = 0; s < nSections; s++) if (heading[c]![s]! > 0) for (const p of seg.sectionPassages[s]!) touched[p] = 1;
    const df = sectionsWith.reduce((a, x) => a + x, 0);
    idf.push(Math.log(1 + (nSections - df + 0.5) / (df + 0.5)));
  }

  const idfSum = idf.reduce((a, x) => a + x, 0);
  const out: ScoredPassage[] = [];
  for (let p = 0; p < nPassages; p++) {
    if (!touched[p]) continue;
    const passage = seg.passages[p]!;
    // A passage shorter than a page is judged as a page: one mention in a short paragraph is still one mention.
    const norm = 1 - B + (B * Math.max(passage.wordCount, L0)) / L0;
    const wHeading = passage.kind === 'section' ? W_HEADING : W_HEADING_WINDOW;
    let score = 0;
    let weighted = 0;
    let own = 0;
    for (let c = 0; c < query.concepts.length; c++) {
      const h = heading[c]![passage.section]!;
      const tf = wHeading * h + body[c]![p]! / norm;
      score += (idf[c]! * tf) / (tf + K1);
      weighted += body[c]![p]! + wHeading * h;
      own += ownBody[c]![p]! + wHeading * ownHeading[c]![passage.section]!;
    }
    const normalizedScore = idfSum > 0 ? score / idfSum : 0;
    const ownShare = weighted > 0 ? Math.min(1, own / weighted) : 0;
    const relevance = sigmoid(ALPHA * (normalizedScore - S0)) * (1 - LAMBDA * (1 - ownShare));
    out.push({ passage: p, relevance });
  }
  return out;
}
