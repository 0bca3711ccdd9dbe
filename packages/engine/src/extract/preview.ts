/**
 * A passage's preview: about {@link PREVIEW_CHARS} characters of its plain text where the searched words are
 * densest (the "query-biased snippet" of search engines; Tombros and Sanderson 1998), starting at the sentence
 * that holds the first match when it begins close before, else at a word; `…` where the text is cut. The matched
 * words are returned as highlights: UTF-16 offsets into the preview.
 */
import { wordTokens, type Analyzer } from './analyze.ts';
import type { Highlight } from './types.ts';

/** Characters a preview aims at (the spec asks for 300-400). */
export const PREVIEW_CHARS = 360;
/** Characters of context kept before the densest match when no sentence starts nearer. */
const LEAD_CHARS = 60;
/** How far back from the first match a sentence start is looked for. */
const SENTENCE_LOOKBACK = 160;

/** A preview and its highlights. */
export interface Preview {
  text: string;
  highlights: Highlight[];
}

/**
 * The preview of `text` (a passage's plain text, whitespace collapsed) for the searched terms: `weights` maps an
 * index term (stem) to its weight; the window holding the most weight of matches wins, the earliest on ties.
 */
export function makePreview(text: string, analyzer: Analyzer, weights: ReadonlyMap<string, number>): Preview {
  const tokens = wordTokens(text);
  // Each word is analysed once: the matches with the weight of their term.
  const matches = tokens.flatMap((t) => {
    const weight = weights.get(analyzer.term(t.surface) ?? '');
    return weight === undefined ? [] : [{ ...t, weight }];
  });
  // The window starting LEAD_CHARS before match i holds matches i..j-1; prefix sums give its weight.
  const prefixWeight = [0];
  for (const m of matches) prefixWeight.push(prefixWeight.at(-1)! + m.weight);
  let anchor = 0;
  let best = -1;
  for (let i = 0, j = 0; i < matches.length; i++) {
    const limit = Math.max(0, matches[i]!.start - LEAD_CHARS) + PREVIEW_CHARS;
    j = Math.max(j, i + 1);
    while (j < matches.length && matches[j]!.end <= limit) j++;
    const sum = prefixWeight[j]! - prefixWeight[i]!;
    if (sum > best) {
      best = sum;
      anchor = i;
    }
  }
  const first = matches[anchor];
  let start = 0;
  if (first) {
    const sentence = sentenceStartBefore(text, first.start);
    if (sentence >= first.start - SENTENCE_LOOKBACK) start = sentence;
    else start = tokens.find((t) => t.start >= first.start - LEAD_CHARS)?.start ?? first.start;
  }
  let end = Math.min(text.length, start + PREVIEW_CHARS);
  if (end < text.length) {
    // Cut after the last whole word, or at a sentence end near the limit.
    const cut = text.slice(start, end);
    const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
    if (sentenceEnd > PREVIEW_CHARS - 80) end = start + sentenceEnd + 1;
    else {
      const lastWord = tokens.filter((t) => t.end <= end && t.start >= start).pop();
      if (lastWord) end = lastWord.end;
    }
  }
  const prefix = start > 0 ? '…' : '';
  const body = text.slice(start, end);
  // After a whole sentence the ellipsis stands apart from its full stop (Chicago 13.53: "love. …", not "love.…").
  const suffix = end < text.length ? (/[.!?]["”’)\]]*$/.test(body) ? ' …' : '…') : '';
  const highlights = matches.filter((m) => m.start >= start && m.end <= end).map((m) => ({ start: m.start - start + prefix.length, end: m.end - start + prefix.length }));
  return { text: prefix + body + suffix, highlights };
}

/** Where the sentence holding `at` starts: after the last `.`, `!`, `?` (and closing quotes) and a space before it, or 0. */
function sentenceStartBefore(text: string, at: number): number {
  const before = text.slice(Math.max(0, at - SENTENCE_LOOKBACK - 1), at);
  const re = /[.!?…]["”’)\]]*\s+(?=\S)/g;
  let last = -1;
  for (const m of before.matchAll(re)) last = m.index + m[0].length;
  if (last < 0) return at - SENTENCE_LOOKBACK - 1 <= 0 ? 0 : -Infinity;
  return Math.max(0, at - before.length) + last;
}
