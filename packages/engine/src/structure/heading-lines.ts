/**
 * What a single line says about itself as a heading, before the book-level decision in
 * `detect-headings.ts`. Keywords follow the forms found in Project Gutenberg texts:
 * `CHAPTER I`, `Chapter 1`, `CHAPTER THE FIRST`, `CHAPTER 1. Loomings.`, `Chapter V: Sale Of The Empire`,
 * `LETTER I`, `FIRST ACT`, `BOOK ONE: 1805`, `BOOK I.  INSCRIPTIONS`, `THE FIRST BOOK`, `PART 1`,
 * `VOLUME I`, `FIRST EPILOGUE: 1813 - 20`, bare numerals (`I.`, `XIV`, `1.`), front- and back-matter
 * names (PREFACE, INTRODUCTION, NOTES, APPENDIX ...).
 */
import type { SectionKind } from '../model/book-document.ts';
import { isRoman, NUMBER_SOURCE, ORDINAL_SOURCE } from './roman.ts';
import { alternatives, CHAPTER_RANK_WORDS, ENGLISH_WORDS, COMPOUND_TAIL_SOURCE, FOREIGN_CARDINAL_WORDS, FOREIGN_ORDINAL_WORDS, PART_RANK_WORDS, SCENE_RANK_WORDS } from './division-words.ts';
import { capitalLength, lowerLength } from './char-classes.ts';

/** How a line reads as a heading on its own. */
export type HeadingLineKind =
  /** CHAPTER / LETTER / ACT ... with a number: a chapter wherever it is. */
  | 'chapter'
  /** BOOK / PART / VOLUME / an ordinal EPILOGUE with a number: a part when chapters follow. */
  | 'part'
  /** A number alone (`XIV.`, `1`): a chapter or a numbered section, depending on the book. */
  | 'numeral'
  /** PREFACE, INTRODUCTION, DEDICATION ...: front matter when before the first chapter. */
  | 'front'
  /** NOTES, APPENDIX, GLOSSARY, EPILOGUE ...: back matter when after the last chapter. */
  | 'back'
  /** A word that heads a section inside a chapter (`SCENE`, `ARGUMENT`): always a sub-heading. */
  | 'sub';

/** A classified heading line. */
export interface HeadingLine {
  kind: HeadingLineKind;
  /** The line, trimmed, inner runs of spaces collapsed. */
  text: string;
  /** True when the line is only a label and number (`CHAPTER I`), so a title line may follow it. */
  numberOnly: boolean;
  /** For `front` / `back`: the EPUB structural-semantics kind. */
  sectionKind?: SectionKind;
}

const CHAPTER_WORDS = alternatives(CHAPTER_RANK_WORDS);
const PART_WORDS = alternatives(PART_RANK_WORDS);
const SCENE_WORDS = alternatives(SCENE_RANK_WORDS);
/**
 * A heading's number: Roman, Arabic or a number word (`roman.ts`), or an ordinal or cardinal word of another language
 * (`Chapitre premier`, `Kapitel zwei`); a compound number (`1.1.I`) after an Arabic one.
 */
const LABEL_NUMBER = `(?:\\d{1,4}${COMPOUND_TAIL_SOURCE}|${NUMBER_SOURCE}|${ORDINAL_SOURCE}|${alternatives(FOREIGN_ORDINAL_WORDS)}|${alternatives(FOREIGN_CARDINAL_WORDS)})`;

/** Label + number (+ optional title): `CHAPTER I.`, `Chapter 1`, `BOOK ONE: 1805`, `BOOKXXXV.  GOOD-BYE`, `Chapter 1.1.I.`. */
function labelled(words: string): RegExp {
  return new RegExp(`^(${words})(?:\\s+(?:THE\\s+)?(${LABEL_NUMBER})|(?<=BOOK)([IVXLC]+))(?![\\p{L}\\p{N}])\\.?(.*)$`, 'iu');
}
const CHAPTER_LABEL = labelled(CHAPTER_WORDS);
const PART_LABEL = labelled(PART_WORDS);
/** A scene of a play: `SCENE I. A public place.`, `Scene 1.II.`, `SCÈNE PREMIÈRE`, `Zweite Szene`. */
const SCENE_LABEL = labelled(SCENE_WORDS);
/**
 * Words an ordinal may stand before: the English ones that books use so (`FIRST ACT`, `THE SECOND BOOK`; not
 * `Second Sermon.—The Divine Word`, a contents entry of pg28464) and every word of the other languages
 * (`Erstes Kapitel`, `Zweiter Aufzug`, `Primera parte`).
 */
const ORDINAL_FIRST_WORDS = `ACT|CHAPTER|LETTER|BOOK|PART|VOLUME|EPILOGUE|PROLOGUE|SCENE|${alternatives(CHAPTER_RANK_WORDS.filter((w) => !ENGLISH_WORDS.has(w)))}|${alternatives(PART_RANK_WORDS.filter((w) => !ENGLISH_WORDS.has(w)))}|${alternatives(SCENE_RANK_WORDS.filter((w) => !ENGLISH_WORDS.has(w)))}`;
/** `FIRST ACT`, `THE SECOND BOOK`, `FIRST EPILOGUE: 1813 - 20`, `HIS FIRST BOOK`, `Erstes Kapitel`, `Zweiter Aufzug`, `Primera parte`. */
const ORDINAL_LABEL = new RegExp(
  `^(?:THE\\s+|HIS\\s+)?(${ORDINAL_SOURCE}|${alternatives(FOREIGN_ORDINAL_WORDS)})\\s+(${ORDINAL_FIRST_WORDS})(?![\\p{L}\\p{N}])\\.?(.*)$`,
  'iu',
);
/** Rank of a word the ordinal label names. */
function rankOf(word: string): HeadingLineKind {
  if (new RegExp(`^${SCENE_WORDS}$`, 'iu').test(word)) return 'sub';
  if (new RegExp(`^${CHAPTER_WORDS}$`, 'iu').test(word)) return 'chapter';
  return 'part';
}
/** A number alone: `XIV.`, `1`, and between dashes or brackets, `-I-`, `— II —`, `[III]` (pg17340). */
const NUMERAL = /^(?:[-–—]\s*(?:([IVXLCDM]+)|(\d{1,3}))\.?\s*[-–—]|\[\s*(?:([IVXLCDM]+)|(\d{1,3}))\.?\s*\]|(?:([IVXLCDM]+)|(\d{1,3}))\.?)$/;

const FRONT: ReadonlyArray<[RegExp, SectionKind]> = [
  [/^(?:THE\s+)?(?:AUTHOR['’]S\s+|TRANSLATOR['’]S\s+|EDITOR['’]S\s+)?PREFA(?:CE|TORY\s+NOTE)\b/i, 'preface'],
  [/^(?:THE\s+)?FOREWORD\b/i, 'foreword'],
  [/^(?:THE\s+)?(?:INTRODUCTION|INTRODUCTORY(?:\s+NOTE)?)\b/i, 'introduction'],
  [/^(?:THE\s+)?DEDICATION\b/i, 'dedication'],
  [/^(?:THE\s+)?EPIGRAPH\b/i, 'epigraph'],
  [/^(?:THE\s+)?PROLOGUE\b\.?$/i, 'prologue'],
  [/^TO\s+THE\s+READER\.?$/i, 'preface'],
];
const BACK: ReadonlyArray<[RegExp, SectionKind]> = [
  [/^(?:END\s*NOTES|FOOT\s*NOTES|NOTES)\b/i, 'notes'],
  [/^APPENDIX\b/i, 'appendix'],
  [/^GLOSSARY\b/i, 'glossary'],
  [/^INDEX\.?$/i, 'index'],
  [/^(?:AFTERWORD|POSTSCRIPT)\b/i, 'afterword'],
  [/^EPILOGUE\b\.?$/i, 'epilogue'],
];
const SUB = /^(?:SCENE|ARGUMENT|SYNOPSIS|SUMMARY|BIOGRAPHICAL\s+NOTE)\.?$/i;

/** Longest line taken as a heading by its keyword. */
const MAX_HEADING = 100;

/** Collapses runs of spaces (`BOOK I.  INSCRIPTIONS` -> `BOOK I. INSCRIPTIONS`). */
export function tidyHeadingText(line: string): string {
  return line.trim().replace(/\s+/g, ' ');
}

function numberIsValid(num: string | undefined): boolean {
  if (!num) return false;
  // Each piece of a compound number (`1.1.I`) is a number of its own.
  return num.split('.').every((piece) => !/^[MDCLXVI]+$/i.test(piece) || isRoman(piece));
}

/** True when the rest after a label is empty or only punctuation. */
function restIsEmpty(rest: string): boolean {
  return /^[\s.:—–-]*$/.test(rest);
}

/** The rest after `CHAPTER I` must look like a title separator, not a sentence going on. */
function restIsTitle(rest: string): boolean {
  if (/["“”]/.test(rest) || rest.length > 80) return false;
  return restIsEmpty(rest) || /^\s*[.:—–-]|^\s{2,}|^\s+[A-Z“"‘'(]/.test(rest);
}

/** A label the first letter of which is uppercase (`CHAPTER`, `Chapter`, not `chapter` inside prose). */
function startsUpper(s: string): boolean {
  return /^\p{Lu}/u.test(s);
}

/**
 * Classifies one line as a heading by its own words; undefined when it is not a keyword heading.
 * Titles without keywords (`THE CHRISTMAS ANGEL`) are judged in context by `detect-headings.ts`.
 */
export function classifyHeadingLine(line: string): HeadingLine | undefined {
  const raw = line.trim();
  if (raw.length === 0 || raw.length > MAX_HEADING) return undefined;
  // A number alone (`XIV.`, `1`, pg120's chapters) is the one heading that need not open with a capital.
  const numeral = NUMERAL.exec(raw);
  if (!numeral && !startsUpper(raw.replace(/^[[(]/, ''))) return undefined;
  const text = tidyHeadingText(raw);
  if (numeral) {
    const roman = numeral[1] ?? numeral[3] ?? numeral[5];
    if (roman && !isRoman(roman)) return undefined;
    return { kind: 'numeral', text, numberOnly: true };
  }
  let m = CHAPTER_LABEL.exec(text);
  if (m && numberIsValid(m[2] ?? m[3]) && restIsTitle(m[4] ?? '')) {
    return { kind: 'chapter', text, numberOnly: restIsEmpty(m[4] ?? '') };
  }
  m = PART_LABEL.exec(text);
  if (m && numberIsValid(m[2] ?? m[3]) && restIsTitle(m[4] ?? '')) {
    return { kind: 'part', text, numberOnly: restIsEmpty(m[4] ?? '') };
  }
  m = SCENE_LABEL.exec(text);
  if (m && numberIsValid(m[2] ?? m[3]) && restIsTitle(m[4] ?? '')) {
    // A scene heads a section inside its act, with the place or persons that follow its number (`SCENE II. A Street.`).
    return { kind: 'sub', text, numberOnly: false };
  }
  m = ORDINAL_LABEL.exec(text);
  if (m && restIsTitle(m[3] ?? '')) {
    const word = m[2]!;
    const kind: HeadingLineKind = /^(?:epilogue|prologue)$/i.test(word) ? 'part' : rankOf(word);
    return { kind, text, numberOnly: kind !== 'sub' && restIsEmpty(m[3] ?? '') };
  }
  if (text.length <= 60 && !/[,;]$/.test(text)) {
    for (const [re, sectionKind] of FRONT) if (re.test(text)) return { kind: 'front', text, numberOnly: false, sectionKind };
    for (const [re, sectionKind] of BACK) if (re.test(text)) return { kind: 'back', text, numberOnly: false, sectionKind };
    if (SUB.test(text)) return { kind: 'sub', text, numberOnly: false };
  }
  return undefined;
}

/**
 * True when a heading is a play's scene with its number (`SCENE I. A public place.`, `Scène première`, `Zweite
 * Szene`): the writers list it under its act in the PDF's bookmarks.
 */
export function isSceneLabel(text: string): boolean {
  const t = tidyHeadingText(text);
  return SCENE_LABEL.test(t) || (ORDINAL_LABEL.exec(t)?.[2] !== undefined && rankOf(ORDINAL_LABEL.exec(t)![2]!) === 'sub');
}

/**
 * True for an ALL-CAPS line: at least two upper-case letters (`\p{Lu}`) and no lower-case one (`\p{Ll}`), counted
 * by code point. Stops at the first lower-case letter: heading detection asks it of most short lines of a book.
 */
export function isAllCaps(s: string): boolean {
  let upper = 0;
  for (let i = 0; i < s.length; ) {
    const capital = capitalLength(s, i);
    if (capital > 0) {
      upper++;
      i += capital;
      continue;
    }
    if (lowerLength(s, i) > 0) return false;
    i++;
  }
  return upper >= 2;
}

/**
 * True when a line can be a title on its own: short, starts with a capital (or digit/quote), does not
 * end like a clause (`,` `;` `:`), is not an illustration tag, at most 14 words.
 */
export function isTitleLike(line: string, maxLength = 80): boolean {
  const s = line.trim();
  if (s.length < 2 || s.length > maxLength) return false;
  // A title may open in italics (`_Wien_, 3. November 1814.`, a letter's dateline, pg21801).
  if (!/^[_*]*[\p{Lu}\p{N}"“‘'¡¿]/u.test(s)) return false;
  if (/[,;:]$/.test(s) || /^\[|^\(/.test(s)) return false;
  if (!/\p{L}{2}/u.test(s)) return false;
  return s.split(/\s+/).length <= 14;
}
