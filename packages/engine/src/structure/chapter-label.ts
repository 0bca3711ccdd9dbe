/**
 * A chapter's label and its title are two parts of one heading (`CHAPTER I.` and `Down the Rabbit-Hole`;
 * Standard Ebooks' `<hgroup>` of label, ordinal and title; Chicago Manual of Style 1.51, "chapter number and
 * title"). The Markdown keeps them on one heading line (`# CHAPTER I. Down the Rabbit-Hole`); this rule says
 * where the label ends, for the parser (`markdown/parse.ts` -> `Chapter.label`) and for the writers, which set
 * the label as the layout's chapter number (`write/layout-text.ts`).
 *
 * A label is a chapter word with its number: `CHAPTER I.`, `Chapter 1`, `CHAPTER THE FIRST`, `LETTER 4`,
 * `STAVE ONE`, `SERMON XII`, `Chapter V:`, or an ordinal before the word: `FIRST ACT`, `THE SECOND CHAPTER`.
 * The word is written in capitals or with a capital initial; its `.` or `:` belongs to the label.
 */
import type { Inline } from '../model/book-document.ts';
import { isRoman, NUMBER_SOURCE, ORDINAL_SOURCE, romanValue, upperRoman } from './roman.ts';
import { alternatives, CHAPTER_RANK_WORDS, COMPOUND_TAIL_SOURCE, FOREIGN_CARDINAL_WORDS, FOREIGN_ORDINAL_WORDS } from './division-words.ts';

/** The chapter-rank words of every language Quire reads (`division-words.ts`). */
const WORDS = alternatives(CHAPTER_RANK_WORDS);
/** A label's number: Roman, Arabic, compound (`1.1.I`), an English number or ordinal word, or another language's. */
const NUMBER = `(?:\\d{1,4}${COMPOUND_TAIL_SOURCE}|${NUMBER_SOURCE}|${ORDINAL_SOURCE}|${alternatives(FOREIGN_ORDINAL_WORDS)}|${alternatives(FOREIGN_CARDINAL_WORDS)})`;
const ORDINALS = `(?:${ORDINAL_SOURCE}|${alternatives(FOREIGN_ORDINAL_WORDS)})`;

/** `CHAPTER I.` / `Chapter the First:` / `FIRST ACT.` / `Erstes Kapitel` at the start of a heading, then a space or the end. */
const LABEL = new RegExp(
  `^((?:${WORDS})\\s+(?:the\\s+)?(${NUMBER})|(?:the\\s+)?${ORDINALS}\\s+(?:${WORDS}))(?![\\p{L}\\p{N}])[.:]?(?=\\s|$)`,
  'iu',
);

/** A heading split into its label and the rest (the title, possibly empty). */
export interface ChapterLabelSplit {
  /** The label as written, its `.` or `:` included (`CHAPTER I.`). */
  label: string;
  /** The text after the label and the space that follows it (`Down the Rabbit-Hole`), `''` when none. */
  rest: string;
}

/**
 * The label at the start of a chapter heading's text, or undefined when the heading has none. The number of a
 * Roman label must be a well-formed numeral (`CHAPTER IIII` is no label). Only the space after the label
 * separates it from the title, so that `label + ' ' + title` reads back as the same two parts.
 */
export function splitChapterLabel(text: string): ChapterLabelSplit | undefined {
  const m = LABEL.exec(text);
  // The word starts with a capital (`chapter 1` inside a sentence is no label).
  if (!m || !/^\p{Lu}/u.test(m[1]!)) return undefined;
  const label = text.slice(0, m[0].length);
  // Roman numbers in capitals only, well formed (`Chapter Mix` or `CHAPTER IIII` is no label).
  const number = m[2];
  if (number !== undefined && number.split('.').some((n) => /^[mdclxvi]+$/i.test(n) && (n !== n.toUpperCase() || !isRoman(n)))) return undefined;
  const rest = text.slice(label.length).replace(/^\s+/, '');
  return { label, rest };
}

/**
 * A chapter heading's inlines split into `label` and `title` (`CHAPTER I. Down the Rabbit-Hole` -> `CHAPTER I.`
 * and `Down the Rabbit-Hole`), as `Chapter` holds them. Only a label at the start of the first text node
 * counts; without one, the inlines are the title.
 */
export function chapterLabelAndTitle(title: Inline[]): { label?: string; title: Inline[] } {
  const [first, ...rest] = title;
  if (!first || first.type !== 'text') return { title };
  const split = splitChapterLabel(first.value);
  if (!split) return { title };
  return { label: split.label, title: split.rest ? [{ type: 'text', value: split.rest }, ...rest] : rest };
}

/** Capitalised keyword forms for display (`CHAPTER` -> `Chapter`). */
function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/**
 * The label as a chapter number set in `style` (spec `chapterNumberStyle`): `roman` -> `CHAPTER IV`
 * (the word in capitals, the number in Roman numerals), `arabic` -> `Chapter 4`. A label whose number is a
 * word (`CHAPTER THE FIRST`, `FIRST ACT`) keeps its words, in the case the style uses. The label's own `.`
 * or `:` is dropped: the number stands on a line of its own.
 */
export function styledChapterLabel(label: string, style: 'roman' | 'arabic'): string {
  const bare = label.replace(/[.:]$/, '');
  const m = /^(\S+)\s+((?:[MDCLXVI]+|[mdclxvi]+|\d{1,4}))$/u.exec(bare);
  const value = m ? (/^\d+$/.test(m[2]!) ? Number(m[2]) : romanValue(m[2]!)) : undefined;
  if (!m || value === undefined) return style === 'roman' ? bare.toUpperCase() : bare.split(/\s+/).map(capitalised).join(' ');
  return style === 'roman' ? `${m[1]!.toUpperCase()} ${upperRoman(value)}` : `${capitalised(m[1]!)} ${value}`;
}

/** `Chapter I`, `Letter 4`, `First Act`: the label as navigation and contents show it before the title. */
export function navigationLabel(label: string): string {
  return label
    .replace(/[.:]$/, '')
    .split(/\s+/)
    .map((w) => (isRoman(w) && w === w.toUpperCase() ? w : /^the$/i.test(w) ? w.toLowerCase() : capitalised(w)))
    .join(' ');
}
