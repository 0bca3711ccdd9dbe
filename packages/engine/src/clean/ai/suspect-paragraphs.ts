/**
 * Which paragraphs look damaged by OCR, so that the optional AI pass sends only those (a clean Gutenberg
 * transcription then costs almost nothing, and the author's clean text never leaves the server).
 *
 * A paragraph is a suspect when one of its words shows a mark that scanned books leave and proofread
 * transcriptions do not (seen in the corpus's Internet Archive `_djvu.txt` files and the ICDAR 2017 pairs):
 * - digits inside a word: `1` for I or l, `0` for o (`w1th`, `0f`); ordinals (`21st`, `2d`) and decades
 *   (`1820s`) are not suspects;
 * - a stray symbol between letters (`th|e`, `wo¬rd`, `sh~all`) or a ligature or long s left by the scan
 *   (`ﬁ`, `ﬂ`, `ſ`);
 * - a capital inside a lower-case word (`tHe`), except in names such as McAdam or MacLeod;
 * - a word found once in the whole book that is one letter away from one of the book's common words
 *   (`tbe` / `the`, `fiom` / `from`, `beeu` / `been`, `everv` / `every`): the book's own vocabulary is the
 *   dictionary, as for the deterministic OCR pass.
 */
import { boundedEditDistance } from './edit-distance.ts';

/**
 * A word is "common" when the book uses it at least this often and for at least {@link COMMON_WORD_SHARE}
 * of its words (the function words OCR most often damages: the, from, which, been, very, only).
 */
export const COMMON_WORD_MIN = 40;
/** Share of the book's words a word needs to be "common" (1 in 1,000). */
export const COMMON_WORD_SHARE = 0.001;

/** Longest word indexed for one-letter variants (longer words are rarely misread into another word). */
const MAX_INDEXED_LENGTH = 14;

const ORDINAL_OR_DECADE = /^\d+(?:st|nd|rd|th|d|s|ds|ths)$/i;
const STRAY_SYMBOL = /\p{L}[|¬~^¦{}<>]+\p{L}/u;
const SCAN_LIGATURE = /[ﬀﬁﬂﬃﬄſ]/u;
const INNER_CAPITAL = /\p{Ll}\p{Lu}/u;
const NAME_WITH_INNER_CAPITAL = /^(?:Mc|Mac|O'|O’|D'|D’|L'|L’|De|Di|Du|La|Le|Van|Von)\p{Lu}/u;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const LETTERS_ONLY = /^\p{Ll}+$/u;

/** The word of a whitespace-separated token: leading and trailing punctuation (and Markdown marks) removed. */
function bare(token: string): string {
  // Most tokens start and end with a letter: skip the regular expression for them.
  return /^[a-zA-Z].*[a-zA-Z]$|^[a-zA-Z]$/.test(token) ? token : token.replace(EDGE_PUNCTUATION, '');
}

/** The string with one character removed at each position (the "symmetric delete" neighbourhood). */
function deletes(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/** True when the word itself looks misread, whatever the rest of the book says. */
function looksMisread(word: string): boolean {
  if (/\p{L}/u.test(word) && /\p{N}/u.test(word) && !ORDINAL_OR_DECADE.test(word)) return true;
  if (STRAY_SYMBOL.test(word) || SCAN_LIGATURE.test(word)) return true;
  return word.length >= 3 && INNER_CAPITAL.test(word) && !NAME_WITH_INNER_CAPITAL.test(word) && !/^\p{Lu}+$/u.test(word.slice(1));
}

/**
 * Marks the paragraphs that look damaged by OCR (see the module comment for the rules).
 * @param paragraphs the plain text of every prose paragraph of the book, in order (the whole book is the
 *   vocabulary, so pass all of them, not only a chunk).
 * @returns one flag per paragraph, true for a suspect. Never throws; linear in the text's length.
 */
export function findSuspectParagraphs(paragraphs: readonly string[]): boolean[] {
  // Words by their lower-case form, counted over the whole book; each distinct word is judged once.
  const tokens = paragraphs.map((p) => p.split(/\s+/));
  const counts = new Map<string, number>();
  const spelled = new Map<string, string>();
  for (const words of tokens) {
    for (const token of words) {
      const w = bare(token);
      if (w === '') continue;
      const lower = w.toLowerCase();
      counts.set(lower, (counts.get(lower) ?? 0) + 1);
      if (!spelled.has(w)) spelled.set(w, lower);
    }
  }
  // Every common word under each of its one-letter deletions: a rare word that shares one is a candidate,
  // confirmed when it is exactly one substitution, insertion or deletion away.
  let total = 0;
  for (const n of counts.values()) total += n;
  const commonMin = Math.max(COMMON_WORD_MIN, Math.ceil(total * COMMON_WORD_SHARE));
  const near = new Map<string, string[]>();
  const index = (key: string, word: string) => {
    const list = near.get(key);
    if (list) list.push(word);
    else near.set(key, [word]);
  };
  for (const [word, n] of counts) {
    if (n < commonMin || word.length < 2 || word.length > MAX_INDEXED_LENGTH || !LETTERS_ONLY.test(word)) continue;
    index(word, word);
    for (const d of deletes(word)) index(d, word);
  }
  const rareVariant = (lower: string): boolean => {
    if (counts.get(lower) !== 1 || lower.length < 3 || lower.length > MAX_INDEXED_LENGTH || !LETTERS_ONLY.test(lower)) {
      return false;
    }
    for (const key of [lower, ...deletes(lower)]) {
      for (const word of near.get(key) ?? []) if (boundedEditDistance(lower, word, 1) <= 1) return true;
    }
    return false;
  };
  const suspects = new Set<string>();
  for (const [w, lower] of spelled) if (looksMisread(w) || rareVariant(lower)) suspects.add(w);
  return tokens.map((words) => words.some((token) => suspects.has(bare(token))));
}
