/**
 * Words and punctuation the layout adds to or changes in the text, shared by the HTML, EPUB and DOCX writers
 * (the PDF writer has its own in Typst): the chapter number above a title, dialogue punctuation, the text of
 * running heads, the small-caps lead-in and the scene-break mark. Plain strings in, plain strings out: each
 * writer escapes the result with its own escape function.
 */
import type { ChapterNumberStyle, DialogueFormat, Layout, RunningHeadContent } from '../../layout/layout.ts';
import type { BookMeta, Inline } from '../../model/book-document.ts';
import { authorSurname, shortTitle } from '../typst/furniture.ts';

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

/** Narrow no-break space, the thin space French typography sets inside guillemets (Imprimerie nationale). */
const NNBSP = '\u202f';

/**
 * Dialogue punctuation of a text run (spec `dialogueFormat`, `layout.ts` {@link DialogueFormat}); words are
 * never changed. Cleanup writes dialogue with curly double quotes (“ ”), so those are the marks replaced:
 * - `standard`: unchanged;
 * - `french`: “ -> « + narrow no-break space, ” -> narrow no-break space + »;
 * - `minimal`: “ -> an em dash and a space (the speech's opening dash), ” dropped.
 * Single quotes are left alone: they are also apostrophes.
 */
export function dialogueText(text: string, format: DialogueFormat): string {
  if (format === 'standard' || (!text.includes('\u201c') && !text.includes('\u201d'))) return text;
  if (format === 'french') {
    return text.replace(/\u201c\s*/g, `\u00ab${NNBSP}`).replace(/\s*\u201d/g, `${NNBSP}\u00bb`);
  }
  return text.replace(/\u201c\s*/g, '\u2014\u00a0').replace(/\u201d/g, '');
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

/**
 * Split the start of a chapter's first paragraph into a small-caps lead-in and the rest: the leading text
 * run up to the first punctuation that ends a phrase (, ; : . ! ? — ) or {@link LEAD_IN_MAX_WORDS} words,
 * whichever comes first. Only a first inline of type `text` is split (emphasis or a link at the start is left
 * as it is).
 * @returns `lead` (the lead-in's words, trailing space excluded) and `rest` (the inlines after it), or
 *   undefined when the paragraph does not start with text.
 */
export function splitLeadIn(children: readonly Inline[]): { lead: string; rest: Inline[] } | undefined {
  const [first, ...others] = children;
  if (!first || first.type !== 'text' || first.value.trim() === '') return undefined;
  // Up to LEAD_IN_MAX_WORDS words (3 + 1 below), none carrying phrase-ending punctuation.
  const match = /^\s*(?:[^\s,;:.!?\u2014]+\s+){0,3}[^\s,;:.!?\u2014]+/u.exec(first.value);
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
