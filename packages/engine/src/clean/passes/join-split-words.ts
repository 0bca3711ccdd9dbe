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

/** JavaScript's `\s` (what `\S+` splits words at): ASCII and Unicode spaces, line separators, the BOM. */
function isSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Whether `text[start, end)` is lower-case letters only (`^\p{Ll}+$`), ASCII checked without a regex. */
function isLowerWord(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122) continue;
    if (c < 128) return false;
    return /^\p{Ll}+$/u.test(text.slice(start, end));
  }
  return true;
}

/** A heading line or one of cleanup's container fences. */
const LEFT_ALONE = /^ {0,3}(?:#|:::)/;

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
  let joined = 0;
  const parts: string[] = [];
  let copied = 0;
  for (let lineStart = 0; lineStart <= text.length; ) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    // Headings and cleanup's fences are left alone.
    if (!LEFT_ALONE.test(text.slice(lineStart, lineStart + 6))) {
      // Words of the line: whitespace-separated runs; a pair is two lower-case runs (no letter, digit,
      // apostrophe or hyphen glued on) one space apart. A joined second word does not start the next pair.
      let prevStart = -1;
      let prevEnd = -1;
      let i = lineStart;
      while (i < lineEnd) {
        while (i < lineEnd && isSpace(text.charCodeAt(i))) i++;
        if (i >= lineEnd) break;
        const start = i;
        while (i < lineEnd && !isSpace(text.charCodeAt(i))) i++;
        const lower = isLowerWord(text, start, i);
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
        prevStart = lower ? start : -1;
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
