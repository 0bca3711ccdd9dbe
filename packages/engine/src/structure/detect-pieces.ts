/**
 * What the divisions of a book are: a novel's chapters, the titled pieces of a collection (poems, sermons,
 * essays), or the acts and scenes of a play. Only a chapter carries a number the layout may print above its
 * title ("Chapter 4"); a piece or an act already says what it is by its title.
 *
 * The rules, from the book's own headings:
 * - an act is a heading that says so: `FIRST ACT`, `ACT II.`, `Erster Akt`, `Zweiter Aufzug` (two at least);
 * - a collection is a book whose chapter headings are mostly titles without a number (three at least, three
 *   in four untitled by a number: `One's-Self I Sing`, `TALMAGE. A BLOODY MONSTER`); in a play (speeches, or
 *   speakers' cues such as `MEPHISTOPHELES:` on a line of their own) those titled divisions are scenes.
 */

import { alternatives, CHAPTER_RANK_WORDS, FOREIGN_ORDINAL_WORDS, PART_RANK_WORDS } from './division-words.ts';
import { NUMBER_SOURCE, ORDINAL_SOURCE } from './roman.ts';

/**
 * A title that says its number: `CHAPTER IV.`, `Chapter 4`, `BOOK I`, `SERMON II.`, `Chapitre premier`, `IV. The Storm`,
 * `12`, `THE FIRST BOOK`; not
 * an initial before lowercase words (`L. of G.'s Purport`).
 */
export const NUMBERED_TITLE = new RegExp(
  `^\\s*(?:(?:chapter|chap\\.|book|part|letter|volume|canto|kapitel|buch|teil)\\b|${alternatives([...CHAPTER_RANK_WORDS, ...PART_RANK_WORDS])}\\s+(?:${NUMBER_SOURCE}|${alternatives(FOREIGN_ORDINAL_WORDS)})(?![\\p{L}\\p{N}])|[IVXLCDM]+(?:[.:](?!\\s*\\p{Ll})|\\s*$)|\\d+\\b|[-–—[]\\s*(?:[IVXLCDM]+|\\d+)\\.?\\s*[-–—\\]]|(?:(?:the|his|her|their)\\s+)?(?:${ORDINAL_SOURCE}|${alternatives(FOREIGN_ORDINAL_WORDS)})\\s+${alternatives([...CHAPTER_RANK_WORDS, ...PART_RANK_WORDS])}(?![\\p{L}\\p{N}]))`,
  'iu',
);

/** The words of an act (`division-words.ts`, chapter rank). */
const ACT_WORDS = alternatives(['act', 'acte', 'akt', 'aufzug', 'acto', 'atto', 'ato']);
/** An act of a play: `FIRST ACT`, `ACT II.`, `Act the Third`, `Erster Akt`, `Zweiter Aufzug`, `Acte premier`, `Atto secondo`. */
export const ACT_TITLE = new RegExp(
  `^\\s*(?:(?:the\\s+)?(?:${ORDINAL_SOURCE}|${alternatives(FOREIGN_ORDINAL_WORDS)}|letzter)\\s+${ACT_WORDS}(?![\\p{L}\\p{N}])|${ACT_WORDS}\\s+(?:[IVX]+(?![\\p{L}\\p{N}])|\\d+\\b|${NUMBER_SOURCE}(?![\\p{L}\\p{N}])|${alternatives(FOREIGN_ORDINAL_WORDS)}(?![\\p{L}\\p{N}])|the\\s+\\w+)|(?:[IVX]+\\.?\\s+)?(?:akt|aufzug)(?![\\p{L}\\p{N}]))`,
  'iu',
);

/** Kinds a division can be besides a chapter (the model's `DivisionKind`). */
export type DetectedKind = 'piece' | 'act' | 'scene';

/**
 * The kind of every chapter heading of a book, in order (undefined: a chapter).
 * @param titles the plain titles of the book's chapter headings (parts and front/back matter left out).
 * @param isPlay whether the text reads as a play (see {@link readsAsPlay}); asked only of a collection, and once.
 */
export function divisionKinds(titles: readonly string[], isPlay: () => boolean): (DetectedKind | undefined)[] {
  const acts = titles.filter((t) => ACT_TITLE.test(t)).length;
  const titled = titles.filter((t) => !NUMBERED_TITLE.test(t) && !ACT_TITLE.test(t)).length;
  const isCollection = titles.length >= 3 && titled >= titles.length * 0.75;
  const pieceKind = isCollection ? (isPlay() ? 'scene' : 'piece') : undefined;
  return titles.map((t) => {
    if (acts >= 2 && ACT_TITLE.test(t)) return 'act';
    if (isCollection && !NUMBERED_TITLE.test(t)) return pieceKind;
    return undefined;
  });
}

/** A speaker's cue on a line of its own, as verse drama sets it: `RAPHAEL:`, `MEPHISTOPHELES.`, `ZU DREI:`. */
const SPEAKER_CUE = /^\s*\p{Lu}[\p{Lu}\s'’.-]{1,30}[:.]\s*$/u;

/** True when the cleaned text reads as a play: twenty speeches (`::: speech`) or speakers' cues at least. */
export function readsAsPlay(lines: readonly string[]): boolean {
  let cues = 0;
  for (const line of lines) {
    if (/^ {0,3}:::\s*speech\s/.test(line) || SPEAKER_CUE.test(line)) cues++;
    if (cues >= 20) return true;
  }
  return false;
}
