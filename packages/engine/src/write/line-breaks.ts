/**
 * Where a line may not break, in every writer (PDF, EPUB, DOCX, HTML): the text of the book is given the two
 * invisible characters that forbid the breaks a careful compositor never makes. Words are never changed.
 * - An em dash that follows a word is bound to it with a WORD JOINER (U+2060), so that no line starts with
 *   the dash (the Chicago Manual of Style's rules of word division: no break before an em dash; the convention
 *   of Standard Ebooks' typography, which puts U+2060 before every such dash). UAX #14 forbids a break on either
 *   side of U+2060 (class WJ); a line may still break after the dash.
 * - An honorific (Mr., Mrs., Dr., St., Messrs., Mme. ...) is bound to the word after it with a NO-BREAK SPACE
 *   (U+00A0), so that no line ends with it (Chicago's word division: a title stays with the name it belongs to;
 *   Standard Ebooks binds the same abbreviations).
 */
import type { DialogueFormat } from '../layout/layout.ts';
import { formatDialogue } from './dialogue.ts';

/** WORD JOINER: zero width, no break before or after it (Unicode UAX #14, class WJ). */
export const WORD_JOINER = '\u2060';
/** NO-BREAK SPACE (Unicode UAX #14, class GL). */
const NBSP = '\u00a0';

/** Em dash right after anything but a space (a letter, a quotation mark, a closing bracket): a break before it is forbidden. */
const DASH_AFTER_WORD = /(?<=[^\s\u2060])\u2014/gu;

/**
 * Honorifics and titles written before a name, abbreviated with a full stop.
 * Case-sensitive: "St." is Saint (or Street) before a capitalised name; "st." is not a title.
 */
const HONORIFIC_WORDS = 'Mr|Mrs|Mssrs|Messrs|Ms|Dr|St|Mme|Mmes|Mlle|Mlles|Rev|Hon|Capt|Col|Gen|Lieut|Prof|Sen|Gov';

/**
 * An honorific followed by ordinary spaces and the next word; {@link bindLineBreaks} checks that no letter or digit
 * stands before it (a look-behind here would be tried at every position of a long text).
 */
const HONORIFIC_SPACE = new RegExp(`(${HONORIFIC_WORDS})\\.[ \\t]+(?=[\\p{L}\\p{N}‘“"'(])`, 'gu');

/** A letter or digit: before one, `Mr.` is the end of a word (`Hammr.`), not an honorific. */
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** A whole word that is an honorific with its full stop, after any opening punctuation: `Mr.`, `“Mrs.`. */
const HONORIFIC_WORD = new RegExp(`^[\\p{Ps}\\p{Pi}"']*(?:${HONORIFIC_WORDS})\\.$`, 'u');

/** Whether `word` (no spaces) is an abbreviated honorific that stands before a name: `Mr.`, `St.`, `“Dr.`. */
export function isHonorific(word: string): boolean {
  return HONORIFIC_WORD.test(word);
}

/**
 * `text` with a WORD JOINER before each em dash that follows a word, and a NO-BREAK SPACE after each
 * honorific in place of the spaces there. A text that starts with an em dash (the dash follows an inline that
 * ends in a word, like emphasis: `*Oh*—`) gets the joiner too; a dash after a space is left breakable.
 * Input: plain text (not markup); output: the same words. Idempotent. Never throws.
 */
export function bindLineBreaks(text: string): string {
  const dashes = text.replace(DASH_AFTER_WORD, `${WORD_JOINER}\u2014`);
  const joined = dashes.startsWith('\u2014') ? WORD_JOINER + dashes : dashes;
  return joined.replace(HONORIFIC_SPACE, (match, word: string, offset: number) => (WORD_CHAR.test(charBefore(joined, offset)) ? match : `${word}.${NBSP}`));
}

/** The character (a whole code point) that ends at `offset` in `text`; '' at the start. */
function charBefore(text: string, offset: number): string {
  if (offset === 0) return '';
  const low = text.charCodeAt(offset - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && offset >= 2 ? offset - 2 : offset - 1;
  return String.fromCodePoint(text.codePointAt(start)!);
}

/**
 * The text of a text node as every writer sets it: the layout's dialogue punctuation (`dialogue.ts`), then the
 * forbidden line breaks bound ({@link bindLineBreaks}). Plain text in, plain text out: each writer escapes it.
 */
export function setText(text: string, dialogueFormat: DialogueFormat): string {
  return bindLineBreaks(formatDialogue(text, dialogueFormat));
}
