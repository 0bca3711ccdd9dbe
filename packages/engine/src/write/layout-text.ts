/**
 * Words the layout adds to the text, shared by every writer (PDF, EPUB, DOCX, HTML) so that the formats agree: the
 * chapter number above a title (a chapter's own label set in the layout's number style, `chapterHeading`), the text of running heads (short title, author's surname), the small-caps lead-in
 * and the scene-break mark (dialogue punctuation is `dialogue.ts`). Plain strings in, plain strings out: each
 * writer escapes the result with its own escape function.
 */
import type { ChapterNumberStyle, Layout, RunningHeadContent } from '../layout/layout.ts';
import { inlineText, type BookMeta, type Chapter, type DivisionKind, type Inline } from '../model/book-document.ts';
import { navigationLabel, styledChapterLabel } from '../structure/chapter-label.ts';
import { NUMBERED_TITLE } from '../structure/detect-pieces.ts';
import { isHonorific } from './line-breaks.ts';
import { upperRoman } from '../structure/roman.ts';


/** Upper-case roman numeral of `n` (1-3999); one rule with the headings' numbers (`structure/roman.ts`). */
export { upperRoman };

/**
 * The number set above a chapter's title (spec `chapterNumberStyle`): `CHAPTER IV` (roman), `Chapter 4`
 * (arabic), or undefined when the style is `none`, the title already says its number (Gutenberg's `CHAPTER IV.`
 * and `THE FIRST BOOK` titles would otherwise say it twice), or the division is not a novel's chapter (`kind`: a
 * poem, sermon or essay of a collection, an act or a scene of a play, whose title says what it is). Every
 * writer numbers with this rule.
 * @param n the chapter's position among the book's numbered chapters, from 1 (see {@link isNumberedChapter}).
 */
export function chapterNumberLabel(style: ChapterNumberStyle, n: number, title: string, kind?: DivisionKind): string | undefined {
  if (style === 'none' || !isNumberedChapter(kind) || NUMBERED_TITLE.test(title)) return undefined;
  return style === 'roman' ? `CHAPTER ${upperRoman(n)}` : `Chapter ${n}`;
}

/** True for a division the layout's chapter numbering counts: a chapter (no `kind`), not a piece, an act or a scene. */
export function isNumberedChapter(kind: DivisionKind | undefined): boolean {
  return kind === undefined;
}

/** A chapter heading as a writer sets it: the number line (or none) and the title. */
export interface ChapterHeadingParts {
  /** The line above the title: the chapter's own label set in the layout's number style, or a number the layout adds. */
  number?: string;
  /** The title line: the chapter's title, or its label when the heading is only a label (`Chapter 1`). */
  title: Inline[];
}

/**
 * How a chapter's heading is set under `style` (spec `chapterNumberStyle`), one rule for every writer:
 * - a label and a title (`CHAPTER I.` + `Down the Rabbit-Hole`): the label on the number line, in the style's
 *   form (`CHAPTER I` roman, `Chapter 1` arabic; `structure/chapter-label.ts`), the title below it; with `none`
 *   the title alone;
 * - a label alone (`Chapter 1`, `FIRST ACT`): the label is the title (in the style's form), no number line;
 * - the label of a piece, an act or a scene (`kind`) is set as written, never in the layout's number style;
 * - no label: the title, under the number {@link chapterNumberLabel} adds (none for a piece, an act or a scene).
 * @param n the chapter's position among the numbered chapters, from 1 (for a number the layout adds).
 */
export function chapterHeading(chapter: Pick<Chapter, 'label' | 'title' | 'kind'>, style: ChapterNumberStyle, n: number): ChapterHeadingParts {
  const { label, title } = chapter;
  if (label === undefined) return { number: chapterNumberLabel(style, n, inlineText(title), chapter.kind), title };
  // A piece, an act or a scene is not numbered by the layout: its label stays as the source writes it (`FIRST ACT`).
  const styled = style === 'none' || !isNumberedChapter(chapter.kind) ? label.replace(/[.:]$/, '') : styledChapterLabel(label, style);
  if (inlineText(title).trim() === '') return { title: [{ type: 'text', value: styled }] };
  return { number: style === 'none' ? undefined : styled, title };
}

/**
 * A chapter in navigation and contents (EPUB nav, contents pages): `Chapter I: Down the Rabbit-Hole` for a
 * label and a title, the label (`Chapter 1`) or the title alone otherwise; never loses either. The title's
 * inlines are kept (emphasis in a title stays emphasis).
 */
export function chapterNavigationTitle(chapter: Pick<Chapter, 'label' | 'title'>): Inline[] {
  if (chapter.label === undefined) return chapter.title;
  const label = navigationLabel(chapter.label);
  if (inlineText(chapter.title).trim() === '') return [{ type: 'text', value: label }];
  return [{ type: 'text', value: `${label}: ` }, ...chapter.title];
}

/** {@link chapterNavigationTitle} as plain text, spaces collapsed. */
export function chapterNavigationText(chapter: Pick<Chapter, 'label' | 'title'>): string {
  return inlineText(chapterNavigationTitle(chapter)).replace(/\s+/g, ' ').trim();
}

/** APA's running head is at most 50 characters, spaces included (APA Publication Manual 7th ed. 2.8). */
const SHORT_TITLE_MAX = 50;

/**
 * Where a title's subtitle begins (a title and its subtitle, or an alternative title: older books join them with "; or," or ",
 * or,"): a colon, a semicolon, an em dash, ", or" or " or the" before the alternative title ("Frankenstein; or, The
 * Modern Prometheus", "Frankenstein or the Modern Prometheus", "Moby-Dick; or, The Whale").
 */
const SUBTITLE_START = /\s*(?:[:;\u2014]|,\s+or\b|\s+or,?\s+(?=(?:the|a|an)\s))/iu;

/**
 * The main title of a book, without its subtitle ({@link SUBTITLE_START}): what a running head shows (Chicago
 * 1.10: "the title of the book", shortened when long). Returns the plain string, trimmed; the whole title when
 * nothing would be left before the separator.
 */
export function mainTitle(title: string): string {
  const trimmed = title.trim();
  const at = SUBTITLE_START.exec(trimmed);
  const main = at ? trimmed.slice(0, at.index).trim() : trimmed;
  return main === '' ? trimmed : main;
}

/**
 * The short title of a book: the main title ({@link mainTitle}), cut at a word boundary to at most 50
 * characters (APA 7th ed. 2.8). Returns the plain string (not escaped); `''` for an empty title.
 */
export function shortTitle(title: string): string {
  const main = mainTitle(title);
  if (main.length <= SHORT_TITLE_MAX) return main;
  const cut = main.slice(0, SHORT_TITLE_MAX + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : main.slice(0, SHORT_TITLE_MAX)).replace(/[\s,;.-]+$/, '');
}

/** Numbers written as words in chapter labels ("Chapter Twelve", "Book the First", "Part Second"). */
const NUMBER_WORDS =
  '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)';

/**
 * A chapter's label at the start of its title: "CHAPTER I.", "Chapter 12:", "BOOK IV—", "LETTER 3", a bare
 * roman numeral with its stop ("IV. "), with the punctuation and spaces after it.
 */
const CHAPTER_LABEL = new RegExp(`^\\s*(?:(?:chapter|chap\\.|book|part|letter|section|canto|act|scene)\\s+(?:[ivxlcdm]+|\\d+|the\\s+(?:first|last)|${NUMBER_WORDS})\\b|[IVXLCDM]+(?=[.:]))[.:\\u2014\\u2013-]*\\s*`, 'iu');

/**
 * The words of a chapter's title that a `chapter-title` running head shows: the title without its label
 * ("CHAPTER I. Down the Rabbit-Hole" -> "Down the Rabbit-Hole"; Chicago 1.10 sets the chapter's title in the
 * head, not its number). A title that is only its label ("Chapter 1", "CHAPTER IV.") is kept as it is.
 * Returns the plain string, spaces collapsed.
 */
export function chapterHeadTitle(title: string): string {
  const plain = title.replace(/\s+/gu, ' ').trim();
  const label = CHAPTER_LABEL.exec(plain);
  const rest = label ? plain.slice(label[0].length).trim() : plain;
  return /[\p{L}\p{N}]/u.test(rest) ? rest : plain;
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
 * 9th ed. 1.4), the book's main title without its subtitle ({@link mainTitle}), the short title (APA 7th ed. 2.8: at most 50 characters), or `''` for `none`.
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
      return mainTitle(meta.title);
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

const ENDS_PHRASE = new RegExp(`[${LEAD_IN_PHRASE_END}]$`, 'u');

/**
 * Whether a lead-in ends after this word: the word ends with punctuation that ends a phrase
 * ({@link LEAD_IN_PHRASE_END}), unless it is an abbreviated honorific whose full stop ends no phrase
 * (`Mr.`, `St.`: the lead-in runs on to the name, "MR. BENNET", "ST. PETERSBURGH"; `line-breaks.ts`).
 */
export function endsLeadIn(word: string): boolean {
  return ENDS_PHRASE.test(word) && !isHonorific(word);
}

/**
 * Split the start of a chapter's first paragraph into a small-caps lead-in and the rest: the leading words of
 * its first text node up to the first that ends a phrase ({@link endsLeadIn}) or {@link LEAD_IN_MAX_WORDS}
 * words, whichever comes first, without that punctuation; an honorific among them does not count, so a name is never cut after its
 * title (the PDF writer applies the same rule to its tokens). Only a first inline of type `text` is split
 * (emphasis or a link at the start is left as it is).
 * @returns `lead` (the lead-in's words, trailing space excluded) and `rest` (the inlines after it), or
 *   undefined when the paragraph does not start with text.
 */
export function splitLeadIn(children: readonly Inline[]): { lead: string; rest: Inline[] } | undefined {
  const [first, ...others] = children;
  if (!first || first.type !== 'text' || first.value.trim() === '') return undefined;
  // Words and the spaces after them; a no-break space binds two words into one.
  const pieces = [...first.value.matchAll(/[ \t\n\r]*([^ \t\n\r]+)/gu)];
  let end = 0;
  let taken = 0;
  for (const piece of pieces) {
    const word = piece[1]!;
    end = piece.index + piece[0].length;
    if (!isHonorific(word)) taken += 1;
    if (endsLeadIn(word)) {
      // The punctuation that ends the phrase stays outside the lead-in ("Call me Ishmael" then ".").
      end -= /[^\p{L}\p{N}]*$/u.exec(word)![0].length;
      break;
    }
    if (taken >= LEAD_IN_MAX_WORDS) break;
  }
  if (end === 0) return undefined;
  const after = first.value.slice(end);
  return { lead: first.value.slice(0, end), rest: after ? [{ type: 'text', value: after }, ...others] : others };
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
