/**
 * What a cleaned book holds, counted for the person who will publish it (issue 33, "What the user sees"): its
 * parts and chapters, the poems, pieces, acts and scenes the cleanup marked, its letters, footnotes, front and back
 * matter; and the signs that the structure found may be wrong, each a sentence the user can act on. The Clean tab
 * and the CLI show both.
 *
 * The warnings, and the quirk of the source behind each:
 * - `contents-mismatch`: the source's own contents page lists titles the headings do not match (a contents
 *   page names the chapters: when most of its entries are not headings, the headings were found in the wrong
 *   places or not at all);
 * - `long-division`: a division many times the book's typical one (a chapter heading inside it was not
 *   recognised: two chapters read as one);
 * - `short-division`: a division of a few words in a book of long ones (a line of the text, a running head or
 *   a contents line, taken for a heading);
 * - `one-division`: a long book with no chapter or only one (no heading recognised: the book is set as one
 *   long chapter);
 * - `division-word-unused`: paragraphs that open with a division word and its number (`CHAPTER XII`,
 *   `Scène 3`) while no heading uses the word (headings of an unusual shape that cleanup left as text);
 * - `numbered-lines`: paragraphs that are a number alone (`1`, `XIV.`), counting up through the text a chapter's
 *   length apart, more of them than chapters (Treasure Island numbers its chapters `1`, `2` ... over a title line).
 *
 * The summary is pure: a function of the document (and of the contents page's entries, which cleanup reads
 * before it drops them), cheap next to the parse that made the document (a few walks of the blocks: War and Peace
 * in about a tenth of a second, a third of its parse).
 *
 * Checklist:
 * - [X] counts of parts, chapters, poems and other pieces, acts, scenes, speeches, letters, footnotes
 * - [X] the six warnings above
 * - [ ] where in the text a warning points (a line number), for the editor to jump to
 */
import {
  allChapters,
  blockWordCount,
  chapterHeadingText,
  inlineText,
  type Block,
  type BookDocument,
  type Chapter,
  type Inline,
  type SectionKind,
} from '../model/book-document.ts';
import { NUMBER_SOURCE, ORDINAL_SOURCE, isRoman, romanValue } from './roman.ts';
import { headlineStyle } from './title-case.ts';

/**
 * Kinds of structure warning (stable names the web may group by), one per sign that the structure found is
 * unreliable; see the module comment.
 */
export const STRUCTURE_WARNING_CODES = [
  'contents-mismatch',
  'long-division',
  'short-division',
  'one-division',
  'division-word-unused',
  'numbered-lines',
] as const;

/** One of {@link STRUCTURE_WARNING_CODES}. */
export type StructureWarningCode = (typeof STRUCTURE_WARNING_CODES)[number];

/**
 * A sign that the structure found may be wrong, in words a publisher understands, with what to check:
 * `{ code: 'one-division', message: 'No chapters were found: the text will be set as one long chapter ...' }`.
 */
export interface StructureWarning {
  code: StructureWarningCode;
  message: string;
}

/** A front- or back-matter section as the summary names it: its kind and its title as plain text (`''` when none). */
export interface StructureSection {
  kind: SectionKind;
  title: string;
}

/**
 * How many of each division and element the document holds.
 * - `chapters`: body divisions that are chapters (no `kind`); `poems` and `pieces` the titled pieces of a
 *   collection (`kind: 'piece'`), a poem being a piece mostly in verse; `acts` (`kind: 'act'`); `scenes`
 *   divisions of kind `scene` and the scene headings inside acts (`SCENE II. A Room in the Castle`);
 * - `speeches`: speeches of a play (`speech` blocks); `letters`: divisions and sections that are letters (their
 *   heading says `Letter`, or the cleanup marked a salutation, dateline or signature in them);
 * - `footnotes`: footnote definitions.
 */
export interface StructureCounts {
  parts: number;
  chapters: number;
  poems: number;
  pieces: number;
  acts: number;
  scenes: number;
  speeches: number;
  letters: number;
  footnotes: number;
}

/**
 * What {@link summarizeStructure} says of a book.
 * - `counts`: see {@link StructureCounts};
 * - `front`, `back`: the front- and back-matter sections in reading order;
 * - `words`: words of the book's text (front, body and back; footnotes not), as `blockWordCount` counts them;
 * - `found`: what was found, one short phrase each, in the order the Clean tab and the CLI show them:
 *   `['2 parts', '61 chapters', 'Preface', 'Notes', '3 letters', '12 footnotes']`;
 * - `warnings`: see {@link StructureWarning}; `[]` when the structure looks sound.
 */
export interface StructureSummary {
  counts: StructureCounts;
  front: StructureSection[];
  back: StructureSection[];
  words: number;
  found: string[];
  warnings: StructureWarning[];
}

/** Options of {@link summarizeStructure}. */
export interface StructureSummaryOptions {
  /** The titles listed on the source's own contents page, as written (cleanup's `CleanReport.sourceContents`). */
  sourceContents?: readonly string[];
}

/**
 * Share of the contents page's entries that must match a heading. A contents page and the headings of the same
 * edition agree entry for entry; entries of other kinds (a list of illustrations read as part of the contents, a
 * subtitle on its own line) lose a few, so a third left over is the point past which the headings, not the
 * entries, are wrong.
 */
export const CONTENTS_MATCH_SHARE_MIN = 2 / 3;
/** Fewest entries of a contents page worth comparing: one or two lines are as likely a title page's leftovers. */
export const CONTENTS_ENTRIES_MIN = 3;
/** Entries named in the contents warning, so that its sentence stays one line of the Clean tab. */
const NAMED_MAX = 3;

/**
 * Fewest divisions (of one kind) for their lengths to say what a typical one is: with two, neither is typical.
 */
export const LENGTH_DIVISIONS_MIN = 3;
/**
 * A division this many times the median of its kind is suspect: chapters of a novel vary by two or three times
 * (Moby-Dick's run from 44 words to 7,903 around a median of 1,191: under seven times; Pride and Prejudice's
 * and War and Peace's within three times); five times, and long, is two chapters or more read as one.
 */
export const LONG_DIVISION_MEDIAN_FACTOR = 5;
/**
 * ... and only past this many words (about 70 pages of a 6 x 9 in book): a short book's long chapter is still
 * readable, and the warning is for a heading missed in a long text.
 */
export const LONG_DIVISION_WORDS_MIN = 20_000;
/**
 * A division under this many words, in a book whose median division has more than
 * {@link SHORT_DIVISION_MEDIAN_MIN} words, is most likely a heading with nothing under it: a line taken for a heading
 * right after a real one (a part's title read as a chapter, a contents line, a running head). Real short divisions
 * exist and are longer: Moby-Dick's chapter 122 (`Midnight Aloft.—Thunder and Lightning.`) has 44 words, Faust's
 * scene `Nacht, offen Feld` 42; a missed heading leaves a handful.
 */
export const SHORT_DIVISION_WORDS_MAX = 20;
/** See {@link SHORT_DIVISION_WORDS_MAX}: poems and short pieces have short medians and are never warned of. */
export const SHORT_DIVISION_MEDIAN_MIN = 1_000;
/**
 * A text past this many words (about 70 pages) with no chapter or only one is a book whose headings were not
 * recognised; shorter texts (a story, an essay, a paper) are often one unit.
 */
export const ONE_DIVISION_WORDS_MIN = 20_000;
/**
 * Paragraphs that must open with a division word for it to be a missed heading: one may be a sentence
 * (`Chapter 3 of the report ...` is excluded anyway by its lowercase word), two in the same shape are a pattern.
 */
export const DIVISION_WORD_PARAGRAPHS_MIN = 2;
/**
 * Most words of a paragraph that counts as a heading line left in the text (`CHAPTER XII. The Battle of the Books
 * and What Came After` has 11). A longer paragraph that opens with a division word is running text that names one:
 * Moby-Dick's chapter 32 opens fourteen paragraphs with `BOOK I. (Folio), CHAPTER I. (Sperm Whale).—This whale ...`.
 */
export const HEADING_PARAGRAPH_WORDS_MAX = 20;
/** Fewest paragraphs that are a number alone for them to be chapter numbers (two may be a list's). */
export const NUMBERED_LINES_MIN = 3;
/**
 * Share of those numbers that must follow the one before by one (`7` after `6`): chapter numbers count up through a
 * book, restarting at most in each part.
 */
export const NUMBERED_LINES_SEQUENCE_SHARE = 0.75;
/**
 * Fewest words of text after a number alone, up to the next one or the end of its division (the median of those
 * runs): chapter numbers stand a chapter apart (Treasure Island's about 2,000 words); the numbers of stanzas (the
 * epode that closes Beyond Good and Evil), aphorisms and notes stand a few dozen or hundred words apart, and are not
 * chapters. The short-division bound {@link SHORT_DIVISION_MEDIAN_MIN} again: a typical chapter.
 */
export const NUMBERED_LINES_WORDS_APART_MIN = SHORT_DIVISION_MEDIAN_MIN;

/**
 * The division words of the languages Quire reads (English, French, German, Spanish, Italian, Portuguese);
 * compared without case or accents.
 */
const DIVISION_WORDS = [
  'Chapter', 'Chapitre', 'Kapitel', 'Capítulo', 'Capitolo',
  'Book', 'Livre', 'Buch', 'Libro',
  'Part', 'Partie', 'Teil', 'Parte',
  'Act', 'Acte', 'Akt', 'Acto', 'Atto',
  'Scene', 'Scène', 'Szene', 'Escena', 'Scena',
  'Canto', 'Letter',
] as const;

/** Words of a heading that name a scene of a play, at its start (`SCENE II.`, `Szene 3`). */
const SCENE_HEADING = /^\s*(?:scene|scène|szene|escena|scena)\b/iu;
/** A division or section whose heading names it a letter (`Letter 1`, `LETTER IV. To his sister`). */
const LETTER_HEADING = /^\s*(?:the\s+)?letter\b/iu;

/** Number words of the other languages after a division word (`Acte premier`, `Capítulo primero`, `Kapitel eins`). */
const FOREIGN_NUMBER = 'premier|première|deuxième|troisième|primero|primera|segundo|segunda|tercero|tercera|primo|prima|secondo|seconda|terzo|terza|eins|zwei|drei|erster|erste|zweiter|zweite|dritter|dritte|un|une|deux|trois|uno|una|dos|tres|due|tre';

/**
 * A paragraph that opens with a division word and its number: the word capitalised or in capitals, then a
 * Roman numeral in capitals, an Arabic number or a number word (`CHAPTER XII`, `Chapter the First`, `Scène 3`,
 * `Acte premier`), then the end of the paragraph, punctuation, or a word that starts a title (a capital, a
 * quotation mark), never a lowercase word (`Chapter 3 of the report`, `Book I think`).
 */
const DIVISION_WORD_START = new RegExp(
  `^[\\s_*]*(${DIVISION_WORDS.join('|')})\\s+(?:the\\s+)?([MDCLXVI]+|\\d{1,4}|${NUMBER_SOURCE}|${ORDINAL_SOURCE}|${FOREIGN_NUMBER})` +
    `(?=\\s*$|\\s*[.:;,)\\]—–-]|\\s+[\\p{Lu}\\p{N}"“‘'«_*(\\[])`,
  'iu',
);

/** A division word at the start of a paragraph: the cheap test before {@link DIVISION_WORD_START}. */
const DIVISION_WORD_PREFIX = new RegExp(`^[\\s_*]*(?:${DIVISION_WORDS.join('|')})\\s`, 'iu');

/** Words shown capitalised in the found phrases, singular and plural, for each kind of section. */
const SECTION_NAMES: Readonly<Record<SectionKind, readonly [string, string]>> = {
  preface: ['Preface', 'prefaces'],
  foreword: ['Foreword', 'forewords'],
  introduction: ['Introduction', 'introductions'],
  dedication: ['Dedication', 'dedications'],
  epigraph: ['Epigraph', 'epigraphs'],
  prologue: ['Prologue', 'prologues'],
  epilogue: ['Epilogue', 'epilogues'],
  afterword: ['Afterword', 'afterwords'],
  notes: ['Notes', 'notes sections'],
  appendix: ['Appendix', 'appendices'],
  glossary: ['Glossary', 'glossaries'],
  index: ['Index', 'indexes'],
  other: ['Other section', 'other sections'],
};

/** Titled sections of kind `other` named one by one in the found phrases; past this, counted. */
const OTHER_NAMED_MAX = 3;
/** Longest title of an `other` section shown as it is (`Etymology`, `Extracts`); longer ones are counted. */
const OTHER_TITLE_CHARS_MAX = 40;

/**
 * Counts what `doc` holds and says where its structure looks unreliable (see the module comment).
 * @param doc a parsed book (`parseMarkdown` of cleaned Markdown, or a reader's document).
 * @param options `sourceContents`: the entries of the source's own contents page, compared with the headings.
 * @returns the {@link StructureSummary}; never throws.
 */
export function summarizeStructure(doc: BookDocument, options: StructureSummaryOptions = {}): StructureSummary {
  const chapters = allChapters(doc);
  const parts = doc.body.filter((d) => d.type === 'part');
  const counts: StructureCounts = {
    parts: parts.length,
    chapters: chapters.filter((c) => c.kind === undefined).length,
    poems: 0,
    pieces: 0,
    acts: chapters.filter((c) => c.kind === 'act').length,
    scenes: chapters.filter((c) => c.kind === 'scene').length,
    speeches: 0,
    letters: 0,
    footnotes: Object.keys(doc.footnotes).length,
  };
  for (const c of chapters) {
    if (c.kind === 'piece') {
      if (isMostlyVerse(c.blocks)) counts.poems++;
      else counts.pieces++;
    }
    if (c.kind === 'act') counts.scenes += c.blocks.filter((b) => b.type === 'heading' && SCENE_HEADING.test(inlineText(b.children))).length;
    if (LETTER_HEADING.test(chapterHeadingText(c)) || hasLetterParts(c.blocks)) counts.letters++;
    counts.speeches += speechCount(c.blocks);
  }
  for (const s of [...doc.front, ...doc.back]) {
    if (LETTER_HEADING.test(inlineText(s.title)) || hasLetterParts(s.blocks)) counts.letters++;
  }
  const section = (s: BookDocument['front'][number]): StructureSection => ({ kind: s.kind, title: inlineText(s.title).trim() });
  const front = doc.front.map(section);
  const back = doc.back.map(section);
  // Each division's words, counted once: the book's total and the length warnings use them.
  const lengths = chapters.map((c) => blockWordCount(c.blocks));
  const words =
    lengths.reduce((n, w) => n + w, 0) +
    parts.reduce((n, p) => n + blockWordCount(p.blocks), 0) +
    [...doc.front, ...doc.back].reduce((n, s) => n + blockWordCount(s.blocks), 0);
  const warnings: StructureWarning[] = [
    ...contentsWarnings(doc, options.sourceContents ?? []),
    ...lengthWarnings(doc, chapters, lengths, words),
    ...divisionWordWarnings(doc),
    ...numberedLineWarnings(chapters),
  ];
  return { counts, front, back, words, found: foundPhrases(counts, front, back), warnings };
}

/** `n` and the noun, singular or plural (`1 part`, `61 chapters`), the number grouped (`1,024`). */
function counted(n: number, singular: string, plural: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? singular : plural}`;
}

/**
 * The found phrases (see {@link StructureSummary.found}): divisions, then front and back matter by kind (an
 * `other` section by its title), then letters, speeches and footnotes. A section is named by its kind, so that
 * `PREFACE.` and `Author's Preface` both read `Preface`; several of a kind are counted (`2 appendices`).
 */
function foundPhrases(counts: StructureCounts, front: readonly StructureSection[], back: readonly StructureSection[]): string[] {
  const out: string[] = [];
  const add = (n: number, singular: string, plural: string) => {
    if (n > 0) out.push(counted(n, singular, plural));
  };
  add(counts.parts, 'part', 'parts');
  add(counts.chapters, 'chapter', 'chapters');
  add(counts.poems, 'poem', 'poems');
  add(counts.pieces, 'piece', 'pieces');
  add(counts.acts, 'act', 'acts');
  add(counts.scenes, 'scene', 'scenes');
  for (const region of [front, back]) {
    const byKind = new Map<SectionKind, number>();
    const others: string[] = [];
    for (const s of region) {
      if (s.kind === 'other') {
        // An untitled section is the text before the first heading (a title page's leftovers): not structure found.
        if (s.title) others.push(s.title);
      } else byKind.set(s.kind, (byKind.get(s.kind) ?? 0) + 1);
    }
    for (const [kind, n] of byKind) {
      const [singular, plural] = SECTION_NAMES[kind];
      out.push(n === 1 ? singular : `${n} ${plural}`);
    }
    // Short titles named (`Etymology`), up to a few; the rest counted.
    const shown = others.length > OTHER_NAMED_MAX ? [] : others.filter((t) => t.length <= OTHER_TITLE_CHARS_MAX);
    out.push(...shown.map(displayTitle));
    if (others.length > shown.length) out.push(counted(others.length - shown.length, 'other section', 'other sections'));
  }
  add(counts.letters, 'letter', 'letters');
  // Speeches are news in a play only: in a dialogue (the Meditations, Bunyan) they are its paragraphs.
  if (counts.acts + counts.scenes > 0) add(counts.speeches, 'speech', 'speeches');
  add(counts.footnotes, 'footnote', 'footnotes');
  return out;
}

/**
 * A title as a phrase: capitals set in headline style (`THE IMITATION OF CHRIST.` -> `The Imitation of Christ`,
 * Chicago 8.159), its last `.` or `:` dropped.
 */
function displayTitle(title: string): string {
  const bare = title.replace(/[.:]$/, '');
  if (bare !== bare.toUpperCase()) return bare;
  return headlineStyle(bare.toLowerCase().replace(/(^|[\s(“"‘'-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase()));
}

/** True when most words of `blocks` are in verse (a poem rather than an essay or a sermon). */
function isMostlyVerse(blocks: readonly Block[]): boolean {
  const verse = blockWordCount(blocks.filter((b) => b.type === 'verse' || (b.type === 'blockQuote' && b.children.every((x) => x.type === 'verse'))));
  return verse * 2 > blockWordCount(blocks);
}

/** True when cleanup marked a salutation, dateline or signature among `blocks` (pass `letterParts`). */
function hasLetterParts(blocks: readonly Block[]): boolean {
  return blocks.some(
    (b) =>
      (b.type === 'paragraph' && (b.role === 'salutation' || b.role === 'dateline' || b.role === 'signature')) ||
      (b.type === 'blockQuote' && hasLetterParts(b.children)),
  );
}

/** Speeches among `blocks`, in quotations too. */
function speechCount(blocks: readonly Block[]): number {
  let n = 0;
  for (const b of blocks) {
    if (b.type === 'speech') n++;
    else if (b.type === 'blockQuote') n += speechCount(b.children);
  }
  return n;
}

// ---------------------------------------------------------------------------------------------------------------
// Contents page against headings

/** Letters and digits of `text`, lowercase, without accents (`CHAPTER I. Down the Rabbit-Hole` -> `chapteridowntherabbithole`). */
function key(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Words that say nothing of which heading is meant: articles, prepositions and conjunctions of three letters or more,
 * and the division words (`CHAPTER 54. The Town-Ho's Story` and `CHAPTER IX. The Mock Turtle's Story` share only
 * `story`).
 */
const PLAIN_WORDS = new Set([
  'the', 'and', 'for', 'from', 'with', 'into', 'upon', 'his', 'her', 'its', 'their', 'which', 'that', 'this', 'what', 'who',
  'les', 'des', 'une', 'der', 'die', 'das', 'und', 'los', 'las', 'del', 'con', 'della', 'delle',
]);

/** Words of three letters or more of `text` that may tell headings apart, lowercase, without accents. */
function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !PLAIN_WORDS.has(w) && !FOLDED_WORDS.has(w) && !/^\d+$/.test(w) && !(isRoman(w) && w.length <= 4));
}

/** A label at the start of a heading or entry: a word and a number (`Chapter IV`, `BOOK 2`, `Letter the First`). */
const LABEL_START = new RegExp(`^\\s*(\\p{L}+)\\.?\\s+(?:the\\s+)?([MDCLXVI]+|[mdclxvi]+|\\d{1,4}|${NUMBER_SOURCE}|${ORDINAL_SOURCE})\\b`, 'iu');

const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const ORDINAL_WORDS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];

/**
 * The label of `text` as word and value (`Chapter IV` and `CHAPTER 4.` -> `chapter 4`), so that a contents page
 * and headings that write the number differently still match; undefined when `text` opens with no label.
 */
function labelKey(text: string): string | undefined {
  const m = LABEL_START.exec(text);
  if (!m) return undefined;
  const word = key(m[1]!);
  const number = m[2]!.toLowerCase();
  const value = /^\d+$/.test(number)
    ? String(Number(number))
    : isRoman(number)
      ? String(romanValue(number))
      : NUMBER_WORDS.includes(number)
        ? String(NUMBER_WORDS.indexOf(number) + 1)
        : ORDINAL_WORDS.includes(number)
          ? String(ORDINAL_WORDS.indexOf(number) + 1)
          : key(number);
  return `${word} ${value}`;
}

/** A heading of the document, in the forms an entry may match: whole, its title alone, its label, its words. */
interface HeadingForms {
  whole: string;
  title: string;
  label?: string;
  words: Set<string>;
}

function headingForms(label: string | undefined, title: string): HeadingForms {
  const whole = [label, title].filter(Boolean).join(' ');
  return { whole: key(whole), title: key(title), label: labelKey(whole), words: new Set(wordsOf(whole)) };
}

/** Every heading of `doc`: divisions, sections and the headings inside them. */
function allHeadings(doc: BookDocument): HeadingForms[] {
  const out: HeadingForms[] = [];
  const inner = (blocks: readonly Block[]) => {
    for (const b of blocks) if (b.type === 'heading') out.push(headingForms(undefined, inlineText(b.children)));
  };
  for (const s of [...doc.front, ...doc.back]) {
    out.push(headingForms(undefined, inlineText(s.title)));
    inner(s.blocks);
  }
  for (const d of doc.body) {
    out.push(headingForms(d.type === 'chapter' ? d.label : undefined, inlineText(d.title)));
    inner(d.blocks);
    if (d.type === 'part') {
      for (const c of d.chapters) {
        out.push(headingForms(c.label, inlineText(c.title)));
        inner(c.blocks);
      }
    }
  }
  return out.filter((h) => h.whole !== '');
}

/** Shortest key compared by containment: shorter ones (`i`, `ii`) are inside too many others. */
const CONTAINED_KEY_MIN = 6;
/** Share of an entry's words a heading must hold to match it by words (an entry abridged or reworded). */
const ENTRY_WORDS_SHARE_MIN = 0.75;

/** The entry without dot leaders and a page number (`Down the Rabbit-Hole ........ 1` -> `Down the Rabbit-Hole`). */
function withoutPageNumber(entry: string): string {
  return entry
    .replace(/(?:\s*\.{2,}\s*|\s*…\s*|\s{2,}|\s+(?=\d+$))(?:\d{1,4}|[ivxlcdm]{1,7})\s*$/i, '')
    .replace(/\s*\.{2,}\s*$/, '')
    .trim();
}

/** True when `entry` of a contents page names one of `headings` (same letters, its label, or most of its words). */
function entryMatches(entry: string, headings: readonly HeadingForms[]): boolean {
  const candidates = [...new Set([entry, withoutPageNumber(entry)])];
  for (const text of candidates) {
    const k = key(text);
    if (k === '') continue;
    const label = labelKey(text);
    const words = wordsOf(text);
    for (const h of headings) {
      if (k === h.whole || k === h.title) return true;
      if (label !== undefined && label === h.label) return true;
      if (k.length >= CONTAINED_KEY_MIN && h.whole.includes(k)) return true;
      if (h.title.length >= CONTAINED_KEY_MIN && k.includes(h.title)) return true;
      if (words.length >= 2 && words.filter((w) => h.words.has(w)).length >= words.length * ENTRY_WORDS_SHARE_MIN) return true;
    }
  }
  return false;
}

/** The contents warning: fewer than {@link CONTENTS_MATCH_SHARE_MIN} of the entries are headings. */
function contentsWarnings(doc: BookDocument, sourceContents: readonly string[]): StructureWarning[] {
  const entries = sourceContents.map((e) => e.replace(/\s+/g, ' ').trim()).filter((e) => key(e) !== '');
  if (entries.length < CONTENTS_ENTRIES_MIN) return [];
  const headings = allHeadings(doc);
  const missing = entries.filter((e) => !entryMatches(e, headings));
  if (entries.length - missing.length >= entries.length * CONTENTS_MATCH_SHARE_MIN) return [];
  const named = missing.slice(0, NAMED_MAX).map((e) => quoted((withoutPageNumber(e) || e).replace(/[.:,;]$/, ''))!);
  const more = missing.length > NAMED_MAX ? ' and others' : '';
  return [
    {
      code: 'contents-mismatch',
      message:
        `${missing.length} of the ${entries.length} entries of the book's own contents page are not headings of the text ` +
        `(${named.join(', ')}${more}): the chapters may have been found in the wrong places. Check the headings against the contents page.`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Lengths of divisions

/** What a division is called in a warning, by its kind (`chapter`, `poem` ...). */
const KIND_NOUNS: Readonly<Record<NonNullable<Chapter['kind']> | 'chapter', readonly [string, string]>> = {
  chapter: ['chapter', 'chapters'],
  piece: ['piece', 'pieces'],
  act: ['act', 'acts'],
  scene: ['scene', 'scenes'],
};

/** The median of `values` (sorted ascending, not empty): the middle one, or the lower of the middle two. */
function median(sorted: readonly number[]): number {
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** A division's name in a warning: its heading as written (`“CHAPTER XII. The Ball”`), or its place when untitled. */
function divisionName(c: Chapter, index: number, noun: string): string {
  return quoted(chapterHeadingText(c)) ?? `the ${ordinalOf(index + 1)} ${noun}`;
}

/** `text` in quotation marks (`“The Ball”`), or as it is when it has its own; undefined when blank. */
function quoted(text: string): string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  return /^[“"‘'«]/u.test(t) && /[”"’'»][.,]?$/u.test(t) ? t : `“${t}”`;
}

function ordinalOf(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * `long-division`, `short-division` and `one-division` (see the module comment and the thresholds above).
 * @param chapters every chapter of `doc` (`allChapters`); `lengths` their words, in the same order; `words` the book's.
 */
function lengthWarnings(doc: BookDocument, chapters: readonly Chapter[], lengths: readonly number[], words: number): StructureWarning[] {
  const emptyParts = doc.body.filter((d) => d.type === 'part' && d.chapters.length === 0).length;
  if (chapters.length + emptyParts <= 1) {
    if (words <= ONE_DIVISION_WORDS_MIN) return [];
    const n = words.toLocaleString('en-US');
    // A text with no heading at all is parsed as one chapter titled after the book (`markdown/parse.ts`): none found.
    const only = chapters[0];
    const none = only === undefined || (only.label === undefined && inlineText(only.title) === doc.meta.title);
    return [
      {
        code: 'one-division',
        message:
          none
            ? `No chapters were found: the text will be set as one long chapter of ${n} words. If the book has chapters, put each chapter's heading on a line of its own.`
            : `Only one chapter was found: the text will be set as one long chapter of ${n} words. If the book has more chapters, put each chapter's heading on a line of its own.`,
      },
    ];
  }
  const out: StructureWarning[] = [];
  for (const kind of ['chapter', 'piece', 'act', 'scene'] as const) {
    // Each division with its words and its place among those of its kind (for an untitled one's name).
    const group = chapters
      .map((c, at) => ({ c, n: lengths[at]! }))
      .filter((x) => (x.c.kind ?? 'chapter') === kind)
      .map((x, i) => ({ ...x, i }));
    if (group.length < LENGTH_DIVISIONS_MIN) continue;
    const typical = median(group.map((x) => x.n).sort((a, b) => a - b));
    const [noun, nouns] = KIND_NOUNS[kind];
    const long = group.filter((x) => x.n > LONG_DIVISION_WORDS_MIN && x.n > typical * LONG_DIVISION_MEDIAN_FACTOR);
    if (long.length > 0) {
      const named = long.slice(0, NAMED_MAX).map((x) => `${divisionName(x.c, x.i, noun)} (${x.n.toLocaleString('en-US')} words)`);
      out.push({
        code: 'long-division',
        message:
          `${long.length === 1 ? `One ${noun} is` : `${long.length} ${nouns} are`} more than ${LONG_DIVISION_MEDIAN_FACTOR} times as long as ` +
          `the book's typical ${noun} of ${typical.toLocaleString('en-US')} words: ${named.join(', ')}${long.length > NAMED_MAX ? ' and others' : ''}. ` +
          `A heading inside may have been missed.`,
      });
    }
    if (typical > SHORT_DIVISION_MEDIAN_MIN) {
      const short = group.filter((x) => x.n < SHORT_DIVISION_WORDS_MAX);
      if (short.length > 0) {
        const named = short.slice(0, NAMED_MAX).map((x) => `${divisionName(x.c, x.i, noun)} (${counted(x.n, 'word', 'words')})`);
        out.push({
          code: 'short-division',
          message:
            `${short.length === 1 ? `One ${noun} has` : `${short.length} ${nouns} have`} fewer than ${SHORT_DIVISION_WORDS_MAX} words, where the ` +
            `book's typical ${noun} has ${typical.toLocaleString('en-US')}: ${named.join(', ')}${short.length > NAMED_MAX ? ' and others' : ''}. ` +
            `A line of the text may have been taken for a heading.`,
        });
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Division words left in the text

/** Characters of a paragraph's opening enough for {@link DIVISION_WORD_START}: a word, a number and what follows. */
const OPENING_CHARS = 60;

/** The plain text of the first inlines of a paragraph, about {@link OPENING_CHARS} characters (not the whole paragraph). */
function openingText(children: readonly Inline[]): string {
  let out = '';
  for (const x of children) {
    out += inlineText([x]);
    if (out.length >= OPENING_CHARS) break;
  }
  return out;
}

/** `word` compared without case or accents (`Scène` -> `scene`). */
function fold(word: string): string {
  return word.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** The division words folded (`scène` -> `scene`), to find them in headings. */
const FOLDED_WORDS = new Set<string>(DIVISION_WORDS.map(fold));

/** Folded division words that a heading of `doc` holds, anywhere in it. */
function headingDivisionWords(doc: BookDocument): Set<string> {
  const out = new Set<string>();
  const look = (text: string) => {
    for (const w of fold(text).split(/[^\p{L}]+/u)) if (FOLDED_WORDS.has(w)) out.add(w);
  };
  const inner = (blocks: readonly Block[]) => {
    for (const b of blocks) if (b.type === 'heading') look(inlineText(b.children));
  };
  for (const s of [...doc.front, ...doc.back]) {
    look(inlineText(s.title));
    inner(s.blocks);
  }
  for (const d of doc.body) {
    look(d.type === 'chapter' ? chapterHeadingText(d) : inlineText(d.title));
    inner(d.blocks);
    if (d.type === 'part') {
      for (const c of d.chapters) {
        look(chapterHeadingText(c));
        inner(c.blocks);
      }
    }
  }
  return out;
}

/**
 * `division-word-unused`: paragraphs of the body that open with a division word and its number, at least
 * {@link DIVISION_WORD_PARAGRAPHS_MIN} times for one word, while no heading holds that word.
 */
function divisionWordWarnings(doc: BookDocument): StructureWarning[] {
  // For each division word (folded), how often it opens a heading line left in the text, and how it was first written.
  const seen = new Map<string, { n: number; written: string }>();
  const scan = (blocks: readonly Block[]) => {
    for (const b of blocks) {
      if (b.type !== 'paragraph' || b.role !== undefined) continue;
      // The opening of the paragraph, tested for a division word before the whole pattern is tried.
      const opening = openingText(b.children);
      if (!DIVISION_WORD_PREFIX.test(opening)) continue;
      const m = DIVISION_WORD_START.exec(opening);
      if (!m || blockWordCount([b]) > HEADING_PARAGRAPH_WORDS_MAX) continue;
      const word = m[1]!;
      // The word capitalised or in capitals (`chapter 3` in a sentence is no heading); a Roman number in capitals.
      if (!/^\p{Lu}/u.test(word)) continue;
      const number = m[2]!;
      if (/^[mdclxvi]+$/i.test(number) && (number !== number.toUpperCase() || !isRoman(number))) continue;
      const folded = fold(word);
      const entry = seen.get(folded);
      if (entry) entry.n++;
      else seen.set(folded, { n: 1, written: word });
    }
  };
  for (const d of doc.body) {
    scan(d.blocks);
    if (d.type === 'part') for (const c of d.chapters) scan(c.blocks);
  }
  if (seen.size === 0) return [];
  const used = headingDivisionWords(doc);
  const out: StructureWarning[] = [];
  for (const [folded, { n, written }] of seen) {
    if (n < DIVISION_WORD_PARAGRAPHS_MIN || used.has(folded)) continue;
    // As the text first wrote it, capitalised (`CHAPTER` -> `Chapter`, `SCÈNE` -> `Scène`).
    const word = written.charAt(0).toUpperCase() + written.slice(1).toLowerCase();
    out.push({
      code: 'division-word-unused',
      message:
        `The text says “${word} …” at the start of ${n.toLocaleString('en-US')} paragraphs, but no heading uses the word: ` +
        `those lines may be headings Quire did not recognise. Put each on a line of its own, with a blank line before and after.`,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Numbers alone left in the text

/** A paragraph that is a number alone: Arabic (`12`) or Roman in capitals (`XII`), a `.` after it allowed. */
const NUMBER_ALONE = /^\s*(\d{1,3}|[IVXLC]{1,8})\.?\s*$/;

/** The value of a paragraph that is a number alone (see {@link NUMBER_ALONE}), else undefined. */
function numberAlone(block: Block): number | undefined {
  if (block.type !== 'paragraph' || block.role !== undefined || block.children.length !== 1) return undefined;
  const only = block.children[0]!;
  if (only.type !== 'text' || only.value.length > 12) return undefined;
  const m = NUMBER_ALONE.exec(only.value);
  if (!m) return undefined;
  return /^\d/.test(m[1]!) ? Number(m[1]) : romanValue(m[1]!);
}

/**
 * `numbered-lines`: paragraphs that are a number alone, at least {@link NUMBERED_LINES_MIN}, more of them than
 * divisions, counting up ({@link NUMBERED_LINES_SEQUENCE_SHARE}) and a chapter's length apart
 * ({@link NUMBERED_LINES_WORDS_APART_MIN}).
 */
function numberedLineWarnings(chapters: readonly Chapter[]): StructureWarning[] {
  const values: number[] = [];
  for (const c of chapters) for (const b of c.blocks) {
    const v = numberAlone(b);
    if (v !== undefined) values.push(v);
  }
  if (values.length < NUMBERED_LINES_MIN || values.length <= chapters.length) return [];
  const steps = values.slice(1).filter((v, i) => v === values[i]! + 1).length;
  if (steps < (values.length - 1) * NUMBERED_LINES_SEQUENCE_SHARE) return [];
  // The words after each number, up to the next or the end of its division (only the divisions that hold one).
  const runs: number[] = [];
  for (const c of chapters) {
    let run: number | undefined;
    for (const b of c.blocks) {
      if (numberAlone(b) !== undefined) {
        if (run !== undefined) runs.push(run);
        run = 0;
      } else if (run !== undefined) run += blockWordCount([b]);
    }
    if (run !== undefined) runs.push(run);
  }
  if (median(runs.sort((a, b) => a - b)) < NUMBERED_LINES_WORDS_APART_MIN) return [];
  const shown = values.slice(0, 3).map((v) => `“${v}”`).join(', ');
  return [
    {
      code: 'numbered-lines',
      message:
        `${values.length.toLocaleString('en-US')} lines of the text are a number alone (${shown} …), more than the ${counted(chapters.length, 'chapter', 'chapters')} found: ` +
        `they may be chapter numbers Quire did not recognise. Make each a heading (a line “# 1”), or write it with its chapter word (“Chapter 1”).`,
    },
  ];
}
