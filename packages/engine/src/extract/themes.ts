/**
 * Themes: the words that a passage (or the whole set of passages found) uses markedly more than the rest of its
 * book, by keyness, Dunning's log-likelihood ratio G² (Dunning 1993, "Accurate methods for the statistics of
 * surprise and coincidence"; Rayson and Garside 2000 for its use in comparing a text with a reference corpus).
 * The reference is the book itself, so a word that the whole book repeats (a character's name in a novel,
 * `God` in a sermon book) is a theme only where it is denser than usual.
 *
 * Shown as the most frequent written form of the stem (`forgiven` -> its usual form in the book). Left out: the
 * searched words (a theme is what the passage adds to the topic), stop words (never indexed), numbers,
 * words of fewer than three letters, words written all in capitals (speakers' names of a play, running
 * heads), and words found once only in the passage.
 */
import type { Segmentation } from './passages.ts';
import type { TermIndex } from './search-index.ts';

/** Themes shown per passage. */
export const PASSAGE_THEMES = 5;
/** Themes shown for the whole set. */
export const SET_THEMES = 8;
/**
 * G² over which a word is a theme: 3.84 is chi-square's critical value at p < 0.05 with one degree of freedom
 * (a short book's passages are short, and their key words few; in a long book the shown words score far above).
 */
const MIN_G2 = 3.84;

/** Term counts of the blocks of some passages (each block counted once, even when passages share it). */
export function passageTermCounts(index: TermIndex, seg: Segmentation, passages: readonly number[]): { counts: Map<number, number>; total: number } {
  const blocks = new Set<number>();
  for (const p of passages) {
    const passage = seg.passages[p]!;
    const first = index.sectionFirstBlock[passage.section]!;
    for (let g = first + passage.from; g < first + passage.to; g++) blocks.add(g);
  }
  const counts = new Map<number, number>();
  let total = 0;
  for (const g of blocks) {
    const ids = index.blockTerms[g]!;
    total += ids.length;
    for (let k = 0; k < ids.length; k++) counts.set(ids[k]!, (counts.get(ids[k]!) ?? 0) + 1);
  }
  return { counts, total };
}

/**
 * The `n` most key words of a text of `total` index terms with these term counts, against the rest of the book;
 * `exclude` holds term ids never shown (the searched words).
 */
export function keyTerms(index: TermIndex, counts: ReadonlyMap<number, number>, total: number, exclude: ReadonlySet<number>, n: number): string[] {
  const rest = index.bookTerms - total;
  const scored: [string, number][] = [];
  for (const [id, a] of counts) {
    if (a < 2 || exclude.has(id)) continue;
    const display = index.displayForms[id]!;
    if (display.length < 3 || /^\p{N}+$/u.test(display) || (display === display.toUpperCase() && display !== display.toLowerCase())) continue;
    const b = Math.max(0, index.bookCounts[id]! - a);
    const g2 = logLikelihood(a, b, total, rest);
    // Only words used more in the passage than in the rest of the book.
    if (g2 < MIN_G2 || (rest > 0 && a / total <= b / rest)) continue;
    scored.push([display, g2]);
  }
  scored.sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]));
  const out: string[] = [];
  const seen = new Set<string>();
  for (const [display] of scored) {
    const key = display.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(display);
    if (out.length === n) break;
  }
  return out;
}

/** Dunning's G² for a word seen `a` times in a text of `c` words and `b` times in a reference of `d` words. */
export function logLikelihood(a: number, b: number, c: number, d: number): number {
  const e1 = (c * (a + b)) / (c + d);
  const e2 = (d * (a + b)) / (c + d);
  return 2 * ((a > 0 ? a * Math.log(a / e1) : 0) + (b > 0 ? b * Math.log(b / e2) : 0));
}
