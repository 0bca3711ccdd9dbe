/**
 * Pass `splitWords`: words that OCR split with a stray space (`won derful`, `pro duced`), when the book
 * confirms it: the joined word occurs elsewhere in the book, and neither half is a word of the book
 * (each half occurs at most {@link MAX_HALF_USES} times, i.e. about only in such splits). Only lower-case
 * halves of two or more letters are joined (a capital starts a new word or a name). Headings and the
 * Markdown written by cleanup are left alone. Count: words joined.
 */
import { isWhiteSpace } from '../../structure/whitespace.ts';
import type { CleanPass, PassContext } from '../pass.ts';
import { countWordsWithPlaces, MAX_PLACED } from '../vocabulary.ts';

/** Uses of a half at most: the pass goes straight to each use, so the count of words must know their places. */
const MAX_HALF_USES = MAX_PLACED;

/**
 * Pairs `a b` that could be one split word: `a` and `b` rare in the book and `ab` a word of it. Found from the
 * vocabulary, each word cut in two at every place that leaves two letters or more on each side, so a book with no
 * candidate costs one count of its words.
 */
function candidatePairs(counts: Map<string, number>): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const word of counts.keys()) {
    for (let cut = 2; cut <= word.length - 2; cut++) {
      const a = word.slice(0, cut);
      const aUses = counts.get(a);
      if (aUses === undefined || aUses > MAX_HALF_USES) continue;
      const b = word.slice(cut);
      const bUses = counts.get(b);
      if (bUses !== undefined && bUses <= MAX_HALF_USES) pairs.set(`${a} ${b}`, word);
    }
  }
  return pairs;
}

function isLowerLetter(ch: string | undefined): boolean {
  return ch !== undefined && /\p{Ll}/u.test(ch);
}

/** Whether the line at `lineStart` is a heading line or one of cleanup's container fences (`^ {0,3}(?:#|:::)`). */
function leftAlone(text: string, lineStart: number): boolean {
  let i = lineStart;
  while (i < lineStart + 3 && text.charCodeAt(i) === 32) i++;
  return text.charCodeAt(i) === 35 || text.startsWith(':::', i);
}

/** The end of the token (a run of non-white-space) that starts at `start`. */
function tokenEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && !isWhiteSpace(text.charCodeAt(end))) end++;
  return end;
}

/** Whether `text[start, end)` is lower-case letters only (`^\p{Ll}+$`), ASCII told without a regex. */
function isLowerWord(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122) continue;
    if (c < 128) return false;
    return /^\p{Ll}+$/u.test(text.slice(start, end));
  }
  return true;
}

/**
 * Words of a line are its white-space-separated tokens; a pair is two lower-case tokens (no letter, digit, apostrophe
 * or hyphen glued on) one space apart, on a line that is no heading or fence, and a joined second word does not
 * start the next pair. A first half is a rare word of the book, so the pairs are looked for where its uses are (the
 * count of the book's words keeps their places), not by reading every token of the book.
 */
function joinSplitWords(text: string, ctx: PassContext): string {
  const vocabulary = countWordsWithPlaces(text);
  const pairs = candidatePairs(vocabulary.counts);
  if (pairs.size === 0) return text;
  // Second halves by first half.
  const byFirst = new Map<string, Map<string, string>>();
  for (const [pair, whole] of pairs) {
    const space = pair.indexOf(' ');
    const first = pair.slice(0, space);
    let seconds = byFirst.get(first);
    if (!seconds) byFirst.set(first, (seconds = new Map()));
    seconds.set(pair.slice(space + 1), whole);
  }
  // Every place a first half is used (at most MAX_HALF_USES each), in the order of the text.
  const places: number[] = [];
  for (const first of byFirst.keys()) places.push(...(vocabulary.placesOf(first) ?? []));
  places.sort((a, b) => a - b);
  let joined = 0;
  const parts: string[] = [];
  let copied = 0;
  /** Where the second word of the last pair joined starts: it cannot start a pair itself. */
  let joinedSecond = -1;
  for (const start of places) {
    // The use must be a whole token: white space (or the start of the text) before it, white space after.
    if (start === joinedSecond || (start > 0 && !isWhiteSpace(text.charCodeAt(start - 1)))) continue;
    const end = tokenEnd(text, start);
    const first = text.slice(start, end);
    const seconds = byFirst.get(first);
    if (!seconds || !isLowerWord(text, start, end) || !isLowerLetter(text[start])) continue;
    // One space, then the second token.
    if (text.charCodeAt(end) !== 32 || end + 1 >= text.length || isWhiteSpace(text.charCodeAt(end + 1))) continue;
    const secondEnd = tokenEnd(text, end + 1);
    if (!isLowerWord(text, end + 1, secondEnd)) continue;
    const whole = seconds.get(text.slice(end + 1, secondEnd));
    // Headings and cleanup's fences are left alone.
    if (!whole || leftAlone(text, text.lastIndexOf('\n', start - 1) + 1)) continue;
    parts.push(text.slice(copied, start), whole);
    copied = secondEnd;
    joinedSecond = end + 1;
    joined++;
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
