/**
 * Pass `splitWords`: words that OCR split with a stray space (`won derful`, `pro duced`), when the book
 * confirms it: the joined word occurs elsewhere in the book, and neither half is a word of the book
 * (each half occurs at most {@link MAX_HALF_USES} times, i.e. about only in such splits). Only lower-case
 * halves of two or more letters are joined (a capital starts a new word or a name). Headings and the
 * Markdown written by cleanup are left alone. Count: words joined.
 */
import { isWhiteSpace } from '../../structure/whitespace.ts';
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

/** FNV-1a offset basis and prime (32 bits): the hash of a token's UTF-16 code units, taken while it is scanned. */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** The FNV-1a hash of a string's UTF-16 code units, as the scan of `joinSplitWords` takes it of each token. */
function stringHash(word: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), FNV_PRIME);
  return hash >>> 0;
}

/** Whether the line at `lineStart` is a heading line or one of cleanup's container fences (`^ {0,3}(?:#|:::)`). */
function leftAlone(text: string, lineStart: number): boolean {
  let i = lineStart;
  while (i < lineStart + 3 && text.charCodeAt(i) === 32) i++;
  return text.charCodeAt(i) === 35 || text.startsWith(':::', i);
}

function joinSplitWords(text: string, ctx: PassContext): string {
  const pairs = candidatePairs(countWords(text));
  if (pairs.size === 0) return text;
  // Second halves by first half, so that a word pair is looked up only when its first word could start one.
  const byFirst = new Map<string, Map<string, string>>();
  for (const [pair, whole] of pairs) {
    const space = pair.indexOf(' ');
    const first = pair.slice(0, space);
    let seconds = byFirst.get(first);
    if (!seconds) byFirst.set(first, (seconds = new Map()));
    seconds.set(pair.slice(space + 1), whole);
  }
  // The first halves are rare words of the book: a token is made a string and looked up only when its hash is
  // one of theirs, not for each of the book's word pairs.
  const firstHashes = new Set<number>();
  for (const first of byFirst.keys()) firstHashes.add(stringHash(first));
  let joined = 0;
  const parts: string[] = [];
  let copied = 0;
  for (let lineStart = 0; lineStart <= text.length; ) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    // Headings and cleanup's fences are left alone.
    if (!leftAlone(text, lineStart)) {
      // Words of the line: whitespace-separated runs; a pair is two lower-case runs (no letter, digit,
      // apostrophe or hyphen glued on) one space apart. A joined second word does not start the next pair.
      let prevStart = -1;
      let prevEnd = -1;
      let i = lineStart;
      while (i < lineEnd) {
        let c = text.charCodeAt(i);
        if (isWhiteSpace(c)) {
          i++;
          continue;
        }
        // One scan of the token: its end, whether it is lower-case letters only (`^\p{Ll}+$`, ASCII told without a
        // regex) and the hash of its code units (as `stringHash` takes it).
        const start = i;
        let hash = FNV_OFFSET;
        let asciiLower = true;
        let nonAscii = false;
        do {
          if (c >= 128) nonAscii = true;
          else if (c < 97 || c > 122) asciiLower = false;
          hash = Math.imul(hash ^ c, FNV_PRIME);
          if (++i >= lineEnd) break;
          c = text.charCodeAt(i);
        } while (!isWhiteSpace(c));
        const lower = asciiLower && (!nonAscii || /^\p{Ll}+$/u.test(text.slice(start, i)));
        hash >>>= 0;
        if (lower && prevStart >= 0 && start === prevEnd + 1 && text[prevEnd] === ' ') {
          const whole = byFirst.get(text.slice(prevStart, prevEnd))?.get(text.slice(start, i));
          if (whole && isLowerLetter(text[prevStart])) {
            parts.push(text.slice(copied, prevStart), whole);
            copied = i;
            joined++;
            prevStart = -1;
            continue;
          }
        }
        prevStart = lower && firstHashes.has(hash) ? start : -1;
        prevEnd = i;
      }
    }
    lineStart = lineEnd + 1;
  }
  if (joined === 0) return text;
  ctx.count(joined);
  parts.push(text.slice(copied));
  return parts.join('');
}

export const joinSplitWordsPass: CleanPass = {
  id: 'splitWords',
  label: 'Words split by a stray space joined where the book confirms them',
  run: joinSplitWords,
};
