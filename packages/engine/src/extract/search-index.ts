/**
 * The inverted index of a book's passages, built once per text version.
 *
 * Terms are counted per top-level block (every block of every section, numbered across the book), and every
 * passage is a run of consecutive blocks, so a passage's term frequency is the sum over its blocks: one pass
 * over the book's words indexes the sections and all their overlapping windows at once, and a query reads the
 * postings of its few terms only. The heading of each section is its own field (BM25F, Robertson, Zaragoza
 * and Taylor 2004), indexed apart from the body.
 *
 * Also kept, for themes: each term's count in the whole book and the most frequent written form of each stem.
 */
import { analyzeText, WORD, type Analyzer } from './analyze.ts';
import type { Segmentation } from './passages.ts';

/** The end of a sentence, or of a clause that stands as one (older prose runs its periods on with `;` and `:`). */
const SENTENCE_END = /[.!?;:]/;

/** A term's occurrences: the global numbers of the blocks holding it, ascending, and its count in each. */
export interface Postings {
  blocks: Int32Array;
  counts: Int32Array;
}

/** The built index (plain data and typed arrays; nothing in it changes after {@link buildTermIndex}). */
export interface TermIndex {
  analyzer: Analyzer;
  /** Term id of each index term (stem). */
  termIds: Map<string, number>;
  /** Stem of each term id. */
  terms: string[];
  postings: Postings[];
  /** Occurrences of each term id in the book's body text. */
  bookCounts: Int32Array;
  /** Index terms in the book's body text. */
  bookTerms: number;
  /** Term ids of every block, in order (stop words left out), by global block number. */
  blockTerms: Int32Array[];
  /** The sentence (0-based within its block) of each entry of `blockTerms[g]`, by global block number. */
  blockSentences: Int32Array[];
  /** Global number of each section's first block (and, last, the number of blocks). */
  sectionFirstBlock: Int32Array;
  /** Term ids of each section's heading. */
  headingTerms: Int32Array[];
  /**
   * The passages holding each block, as compressed rows: the passages of block `g` are
   * `blockPassages[blockPassageStart[g]]` to `blockPassages[blockPassageStart[g + 1] - 1]`.
   */
  blockPassageStart: Int32Array;
  blockPassages: Int32Array;
  /** The most frequent written form of each term id (`Christmas` for `christma`), for themes. */
  displayForms: string[];
}

/** Indexes the passages of `seg` with the analyser of the book's language. */
export function buildTermIndex(seg: Segmentation, analyzer: Analyzer): TermIndex {
  const termIds = new Map<string, number>();
  const terms: string[] = [];
  const surfaceCounts = new Map<string, number>();
  const idOf = (term: string): number => {
    let id = termIds.get(term);
    if (id === undefined) {
      id = terms.length;
      termIds.set(term, id);
      terms.push(term);
    }
    return id;
  };

  const sectionFirstBlock = new Int32Array(seg.sections.length + 1);
  const blockTerms: Int32Array[] = [];
  const blockSentences: Int32Array[] = [];
  const headingTerms: Int32Array[] = [];
  const postingBlocks: number[][] = [];
  const postingCounts: number[][] = [];
  const perBlock = new Map<number, number>();
  let bookTerms = 0;
  for (const [i, section] of seg.sections.entries()) {
    sectionFirstBlock[i] = blockTerms.length;
    headingTerms.push(Int32Array.from(analyzeText(section.title, analyzer).map(idOf)));
    for (const [b, text] of section.blockTexts.entries()) {
      const g = blockTerms.length;
      const ids: number[] = [];
      const sentences: number[] = [];
      let sentence = 0;
      let after = 0;
      perBlock.clear();
      // A contents list is shown with its passage but not indexed: it names topics, it does not treat them.
      const indexed = section.blockIsList[b] ? '' : text;
      for (const m of indexed.matchAll(WORD)) {
        if (SENTENCE_END.test(indexed.slice(after, m.index))) sentence++;
        after = m.index + m[0].length;
        const t = analyzer.term(m[0]);
        if (t === undefined) continue;
        const id = idOf(t);
        ids.push(id);
        sentences.push(sentence);
        perBlock.set(id, (perBlock.get(id) ?? 0) + 1);
        surfaceCounts.set(m[0], (surfaceCounts.get(m[0]) ?? 0) + 1);
      }
      for (const [id, n] of perBlock) {
        (postingBlocks[id] ??= []).push(g);
        (postingCounts[id] ??= []).push(n);
      }
      bookTerms += ids.length;
      blockTerms.push(Int32Array.from(ids));
      blockSentences.push(Int32Array.from(sentences));
    }
  }
  sectionFirstBlock[seg.sections.length] = blockTerms.length;

  const postings: Postings[] = terms.map((_, id) => ({ blocks: Int32Array.from(postingBlocks[id] ?? []), counts: Int32Array.from(postingCounts[id] ?? []) }));
  const bookCounts = new Int32Array(terms.length);
  for (const [id, p] of postings.entries()) bookCounts[id] = p.counts.reduce((a, b) => a + b, 0);

  // The passages of each block: a counting pass, then a filling pass (compressed sparse rows).
  const nBlocks = blockTerms.length;
  const counts = new Int32Array(nBlocks + 1);
  const blockRange = (p: (typeof seg.passages)[number]): [number, number] => [sectionFirstBlock[p.section]! + p.from, sectionFirstBlock[p.section]! + p.to];
  for (const p of seg.passages) {
    const [a, b] = blockRange(p);
    for (let g = a; g < b; g++) counts[g + 1]!++;
  }
  for (let g = 0; g < nBlocks; g++) counts[g + 1]! += counts[g]!;
  const blockPassageStart = counts.slice();
  const fill = counts.slice(0, nBlocks);
  const blockPassages = new Int32Array(blockPassageStart[nBlocks]!);
  for (const [pi, p] of seg.passages.entries()) {
    const [a, b] = blockRange(p);
    for (let g = a; g < b; g++) blockPassages[fill[g]!++] = pi;
  }

  // The most frequent written form of each stem.
  const best = new Map<number, [string, number]>();
  for (const [surface, n] of surfaceCounts) {
    const id = termIds.get(analyzer.term(surface)!)!;
    const known = best.get(id);
    if (!known || n > known[1]) best.set(id, [surface, n]);
  }
  const displayForms = terms.map((t, id) => best.get(id)?.[0] ?? t);

  return { analyzer, termIds, terms, postings, bookCounts, bookTerms, blockTerms, blockSentences, sectionFirstBlock, headingTerms, blockPassageStart, blockPassages, displayForms };
}
