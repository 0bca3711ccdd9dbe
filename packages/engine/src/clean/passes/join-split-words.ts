/**
 * Pass `splitWords`: words that OCR split with a stray space (`won derful`, `pro duced`), when the book
 * confirms it: the joined word occurs elsewhere in the book, and neither half is a word of the book
 * (each half occurs at most {@link MAX_HALF_USES} times, i.e. about only in such splits). Only lower-case
 * halves of two or more letters are joined (a capital starts a new word or a name). Headings and the
 * Markdown written by cleanup are left alone. Count: words joined.
 */
import type { CleanPass, PassContext } from '../pass.ts';
import { countWords } from '../vocabulary.ts';

const MAX_HALF_USES = 2;

/**
 * Pairs `a b` that could be one split word: `a` and `b` rare in the book and `ab` a word of it. Found from
 * the vocabulary (sorted, prefix ranges), so a book with no candidate costs one count of its words.
 */
function candidatePairs(counts: Map<string, number>): Map<string, string> {
  const rare = (w: string) => (counts.get(w) ?? 0) <= MAX_HALF_USES;
  const vocabulary = [...counts.keys()].sort();
  const pairs = new Map<string, string>();
  for (const a of vocabulary) {
    if (a.length < 2 || !rare(a)) continue;
    // Binary search for the first word after `a` (all words with prefix `a` follow it).
    let lo = 0;
    let hi = vocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (vocabulary[mid]! <= a) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < vocabulary.length && vocabulary[k]!.startsWith(a); k++) {
      const b = vocabulary[k]!.slice(a.length);
      if (b.length >= 2 && counts.has(b) && rare(b)) pairs.set(`${a} ${b}`, `${a}${b}`);
    }
  }
  return pairs;
}

function isLowerLetter(ch: string | undefined): boolean {
  return ch !== undefined && /\p{Ll}/u.test(ch);
}

function joinSplitWords(text: string, ctx: PassContext): string {
  const pairs = candidatePairs(countWords(text));
  if (pairs.size === 0) return text;
  let joined = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // Headings and cleanup's fences are left alone.
    if (/^ {0,3}(?:#|:::)/.test(line)) continue;
    // Words of the line: lower-case runs with no letter, digit, apostrophe or hyphen glued on.
    const words: Array<[number, number]> = [];
    for (const m of line.matchAll(/\S+/g)) {
      if (/^\p{Ll}+$/u.test(m[0])) words.push([m.index, m.index + m[0].length]);
    }
    let out = '';
    let copied = 0;
    for (let k = 0; k + 1 < words.length; k++) {
      const [a0, a1] = words[k]!;
      const [b0, b1] = words[k + 1]!;
      if (b0 !== a1 + 1 || line[a1] !== ' ') continue;
      const whole = pairs.get(`${line.slice(a0, a1)} ${line.slice(b0, b1)}`);
      if (!whole || !isLowerLetter(line[a0])) continue;
      out += line.slice(copied, a0) + whole;
      copied = b1;
      joined++;
      k++;
    }
    if (copied > 0) lines[i] = out + line.slice(copied);
  }
  if (joined === 0) return text;
  ctx.count(joined);
  return lines.join('\n');
}

export const joinSplitWordsPass: CleanPass = {
  id: 'splitWords',
  label: 'Words split by a stray space joined where the book confirms them',
  run: joinSplitWords,
};
