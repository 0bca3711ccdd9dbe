/**
 * Words the layout adds to the text, shared by every writer (PDF, EPUB, DOCX, HTML) so that the formats agree: the
 * chapter number above a title, the text of running heads (short title, author's surname), the small-caps lead-in
 * and the scene-break mark (dialogue punctuation is `dialogue.ts`). Plain strings in, plain strings out: each
 * writer escapes the result with its own escape function.
 */
import type { ChapterNumberStyle, Layout, RunningHeadContent } from '../layout/layout.ts';
import type { BookMeta, Inline } from '../model/book-document.ts';

/** A title that already says its number: `Chapter 4`, `CHAPTER IV.`, `IV. The Storm`, `12`. */
const NUMBERED_TITLE = /^\s*(?:chapter|chap\.|book|part|letter|[IVXLCDM]+(?:[.:]|\s*$)|\d+\b)/i;

/** Roman numeral digits from the largest value down (subtractive pairs included). */
const ROMAN_DIGITS: ReadonlyArray<readonly [number, string]> = [
  [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
  [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
];

/** Upper-case roman numeral of `n` (1-3999), e.g. 14 -> `XIV`; `''` outside that range. */
export function upperRoman(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 3999) return '';
  let rest = n;
  return ROMAN_DIGITS.reduce((out, [value, digits]) => {
    const times = Math.floor(rest / value);
    rest -= times * value;
    return out + digits.repeat(times);
  }, '');
}

/**
 * The number set above a chapter's title (spec `chapterNumberStyle`): `CHAPTER IV` (roman), `Chapter 4`
 * (arabic), or undefined when the style is `none` or the title already says its number (Gutenberg's
 * `CHAPTER IV.` titles would otherwise say it twice; the PDF writer follows the same rule).
 * @param n the chapter's position in the body, from 1.
 */
export function chapterNumberLabel(style: ChapterNumberStyle, n: number, title: string): string | undefined {
  if (style === 'none' || NUMBERED_TITLE.test(title)) return undefined;
  return style === 'roman' ? `CHAPTER ${upperRoman(n)}` : `Chapter ${n}`;
}

/** APA's running head is at most 50 characters, spaces included (APA Publication Manual 7th ed. 2.8). */
const SHORT_TITLE_MAX = 50;

/**
 * The short title of a book: the title before a subtitle colon, cut at a word boundary to at most 50
 * characters (APA 7th ed. 2.8). Returns the plain string (not escaped); `''` for an empty title.
 */
export function shortTitle(title: string): string {
  const main = (title.split(/[:\u2014]/)[0] ?? '').trim();
  if (main.length <= SHORT_TITLE_MAX) return main;
  const cut = main.slice(0, SHORT_TITLE_MAX + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : main.slice(0, SHORT_TITLE_MAX)).replace(/[\s,;.-]+$/, '');
}

/**
 * The author's surname, as MLA's running head wants it (MLA Handbook 9th ed. 1.4): the part before a comma
 * (`Shelley, Mary`), else the last word (`Mary Shelley`). With several authors (`A and B`, `A; B`), the first
 * one's. Returns `''` for an empty author.
 */
export function authorSurname(author: string): string {
  const first = (author.split(/\s+(?:and|&)\s+|;/)[0] ?? '').trim();
  if (first.includes(',')) return (first.split(',')[0] ?? '').trim();
  const words = first.split(/\s+/).filter(Boolean);
  return words.at(-1) ?? '';
}

/**
 * The plain text of a running head (`layout.ts` {@link RunningHeadContent}) for a book: author (the title when
 * the author is empty, so a verso is never bare opposite a titled recto), the author's surname (MLA Handbook
 * 9th ed. 1.4), the book title, the short title (APA 7th ed. 2.8: at most 50 characters), or `''` for `none`.
 * `chapter-title` changes from chapter to chapter and is returned as undefined: each writer has its own means
 * (CSS `string-set`, Word's STYLEREF field).
 */
export function runningHeadText(content: RunningHeadContent, meta: BookMeta): string | undefined {
  switch (content) {
    case 'author':
      return meta.author.trim() || meta.title.trim();
    case 'author-surname':
      return authorSurname(meta.author);
    case 'book-title':
      return meta.title.trim();
    case 'short-title':
      return shortTitle(meta.title);
    case 'chapter-title':
      return undefined;
    case 'none':
      return '';
  }
}

/** Letter case of running heads (`runningHeadCase`) applied to a string; `small-caps` is a font feature, kept as typed. */
export function runningHeadCased(text: string, layout: Pick<Layout, 'runningHeadCase'>): string {
  return layout.runningHeadCase === 'uppercase' ? text.toUpperCase() : text;
}

/** How many words at most a small-caps lead-in takes (Bringhurst 4.2.2: the first few words of the first line). */
export const LEAD_IN_MAX_WORDS = 4;

/** Punctuation that ends a lead-in's phrase, as the body of a RegExp character class: , . ; : ! ? ) ] — – ” ». */
export const LEAD_IN_PHRASE_END = ',.;:!?)\\]\u2014\u2013\u201d\u00bb';

/** Leading words up to LEAD_IN_MAX_WORDS, none ending a phrase, then the word that may end it with its punctuation. */
const LEAD_IN = new RegExp(`^\\s*(?:[^\\s${LEAD_IN_PHRASE_END}]+\\s+){0,${LEAD_IN_MAX_WORDS - 1}}[^\\s${LEAD_IN_PHRASE_END}]+`, 'u');

/**
 * Split the start of a chapter's first paragraph into a small-caps lead-in and the rest: the leading text
 * run up to the first punctuation that ends a phrase ({@link LEAD_IN_PHRASE_END}) or {@link LEAD_IN_MAX_WORDS}
 * words, whichever comes first (the PDF writer applies the same rule to its tokens). Only a first inline of type
 * `text` is split (emphasis or a link at the start is left as it is).
 * @returns `lead` (the lead-in's words, trailing space excluded) and `rest` (the inlines after it), or
 *   undefined when the paragraph does not start with text.
 */
export function splitLeadIn(children: readonly Inline[]): { lead: string; rest: Inline[] } | undefined {
  const [first, ...others] = children;
  if (!first || first.type !== 'text' || first.value.trim() === '') return undefined;
  const match = LEAD_IN.exec(first.value);
  if (!match) return undefined;
  const after = first.value.slice(match[0].length);
  return { lead: match[0], rest: after ? [{ type: 'text', value: after }, ...others] : others };
}

/**
 * The visible mark of a scene break (`sceneBreak`): the layout's ornament, three spaced asterisks, or `''`
 * for a blank line.
 */
export function sceneBreakMark(layout: Pick<Layout, 'sceneBreak' | 'ornament'>): string {
  if (layout.sceneBreak === 'ornament') return layout.ornament;
  if (layout.sceneBreak === 'asterisks') return '*\u2003*\u2003*';
  return '';
}
