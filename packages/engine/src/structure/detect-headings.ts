/**
 * Chapter and part detection over a whole book: which blocks are headings, and of what level.
 *
 * Evidence, strongest first:
 * 1. keyword lines (`CHAPTER I`, `BOOK ONE: 1805`, `LETTER 1`, `FIRST ACT`; see `heading-lines.ts`);
 * 2. bare numerals (`I.`, `XIV`, `1.`): chapters in a book that has no other chapter headings, numbered
 *    sections (`##`) inside chapters otherwise (Leaves of Grass, The Spirit of Christmas);
 * 3. title lines set off by blank lines: Project Gutenberg's formatting convention puts four blank lines
 *    before a chapter heading and two after ("How to format for PG", gutenberg.org/ebooks/offline_catalogs),
 *    so a short line with three or more blank lines before it, or an ALL-CAPS one with two, is a title
 *    (Importance of Being Earnest acts, Spirit of Christmas pieces, sermon titles, Whitman's poem titles).
 *
 * Consecutive heading lines with no text between them form a cluster that is read together:
 * `CHAPTER I` + `Down the Rabbit-Hole` -> one chapter heading `CHAPTER I. Down the Rabbit-Hole`;
 * `BOOK ONE: 1805` + `CHAPTER I` -> a part and its first chapter; `A DREAM-STORY` + `THE CHRISTMAS ANGEL`
 * -> a part and a chapter. A part keyword becomes a part only when chapters follow it (War and Peace);
 * otherwise it is a chapter (the thirteen BOOKs of the Confessions). Front-matter names before the first
 * chapter (PREFACE, INTRODUCTION) become front sections, back-matter names after the last chapter
 * (NOTES, APPENDIX, Epilogue) back sections.
 *
 * Checklist:
 * - [X] keyword, numeral and title headings; clusters; parts over chapters; front/back matter names
 * - [ ] headings inside illustration tags (`[Illustration: ... Chapter I.]`, pg1342 2020s): left as text
 * - [ ] running heads and page numbers of OCR text (a later pass)
 * - [X] speeches and stage directions of plays (`detect-speeches.ts`), letter parts (`detect-letters.ts`)
 * - [X] front-matter names of older and non-English books (`ADVERTISEMENT`, `THE AUTHOR'S APOLOGY FOR
 *       HIS BOOK`, `Zueignung.`, `_Dedication_`; `detect-front-matter.ts`), before the body only
 * - [X] dedication and epigraph without a heading: `detect-front-matter.ts`, pass `frontMatter`
 */
import type { SectionKind } from '../model/book-document.ts';
import { classifyFrontHeading } from './detect-front-matter.ts';
import { splitChapterLabel } from './chapter-label.ts';
import { headlineStyle } from './title-case.ts';
import { classifyHeadingLine, isAllCaps, isTitleLike, tidyHeadingText, type HeadingLine } from './heading-lines.ts';

/** The input of detection: one block of the text (lines without blank lines, blank lines before it). */
export interface HeadingBlockInput {
  lines: readonly string[];
  blankBefore: number;
}

/** Level of a detected heading. `sub` is a `##` heading inside a chapter. */
export type HeadingLevel = 'part' | 'chapter' | 'front' | 'back' | 'sub';

/** A heading to write in place of a cluster of blocks. */
export interface DetectedHeading {
  level: HeadingLevel;
  text: string;
  sectionKind?: SectionKind;
}

/** Blocks `start` .. `end - 1` are replaced by `headings` (in order). Clusters are sorted and disjoint. */
export interface HeadingCluster {
  start: number;
  end: number;
  headings: DetectedHeading[];
}

type LineKind = HeadingLine['kind'] | 'title';

interface Candidate {
  kind: LineKind;
  text: string;
  numberOnly: boolean;
  sectionKind?: SectionKind;
  /** Extra title lines attached to a number-only label (`CHAPTER I` + `Down the Rabbit-Hole`). */
  title?: string;
  /** Blocks `start` .. `end - 1` that this heading replaces. */
  start: number;
  end: number;
  /**
   * Set for a front-matter name of `detect-front-matter.ts`: it heads a front section only before the
   * body; after that, the title reading of the line (or `none`: no heading).
   */
  onlyBeforeBody?: Candidate | 'none';
}

/** Blank lines before a mixed-case title line (Gutenberg's four-blank-line chapter gap, minus slack). */
const TITLE_GAP = 3;
/** Blank lines before an ALL-CAPS title line. */
const CAPS_TITLE_GAP = 2;

/**
 * A stage direction's first word in English plays: `Enter Chorus.`, `Exeunt.`, `Re-enter Romeo.` (the words of other
 * languages, `Entre`, `Entra`, also open titles, and stay titles).
 */
const STAGE_DIRECTION = /^(?:Enter|Enters|Exit|Exeunt|Re-?enter|Flourish|Alarum)\b/;

/** A title block attached to `CHAPTER I`: 1-3 short lines that do not read as a sentence. */
function attachableTitle(block: HeadingBlockInput): string | undefined {
  if (block.lines.length > 3) return undefined;
  const text = block.lines.map((l) => l.trim()).join(' ');
  // A line ending in `,` `;` `:` (or `:—`, introducing a quotation, pg84) goes on: it is text.
  if (text.length > 160 || /[,;:][\s—–-]*$/.test(text) || /^[[(]/.test(text)) return undefined;
  if (!/^[\p{Lu}\p{N}"“‘'¡¿]/u.test(text)) return undefined;
  // An address or salutation opens a letter's text (`To Mrs. Saville, England.`, pg84).
  if (/^(?:To|Dear|My dear)\s/.test(text)) return undefined;
  // A stage direction opens a scene's text (`ACT II` / `Enter Chorus.`, pg1513).
  if (STAGE_DIRECTION.test(text)) return undefined;
  if (classifyHeadingLine(text)) return undefined;
  if (/[.!?"”’)]$/.test(text)) {
    // A sentence ending: only a short line in title case counts (`The Chase.—Third Day.`).
    if (block.lines.length > 1 || text.length > 60) return undefined;
    const words = text.split(/\s+/).filter((w) => /\p{L}{4,}/u.test(w));
    const capitalised = words.filter((w) => /^[^\p{L}]*\p{Lu}/u.test(w)).length;
    if (words.length > 0 && capitalised / words.length < 0.5) return undefined;
  }
  return tidyHeadingText(text);
}

/** A picture's tag in the languages of Project Gutenberg's texts (`[Illustration: ...]`, `[Abbildung: ...]`, `[Grabado]`). */
const PICTURE_TAG = /^\[(?:Illustration|Abbildung|Bild|Gravure|Grabado|Ilustraci[oó]n|Illustrazione|Ilustra[çc][ãa]o|Frontispiece|Picture)\b[^\]]*\]$/i;

/**
 * A title heads something: the block after it is a paragraph or stanza (two lines or more, or a long
 * line), or another heading. Title-page lines (`NEW YORK` / `CHARLES SCRIBNER'S SONS`) are not titles.
 */
function opensText(blocks: readonly HeadingBlockInput[], i: number): boolean {
  // Follow a stack of short title lines (`TALMAGE` / `A BLOODY MONSTER` / `BIOGRAPHICAL NOTE`) to its end.
  for (let k = i; k < blocks.length && k < i + 4; k++) {
    const next = blocks[k]!;
    if (next.lines.length >= 2) return true;
    const line = next.lines[0]!.trim();
    // A picture under the title (`![LE VIEUX](...)`, pg14790; `[Abbildung/Illustration: pic8.jpg]`, pg19163) stands
    // between it and its text.
    if (/^!\[/.test(line) || PICTURE_TAG.test(line)) continue;
    if (line.length >= 40 || classifyHeadingLine(line)) return true;
    if (!isTitleLike(line) || !isAllCaps(line)) return false;
  }
  return false;
}

/** Classifies block `i` on its own (no book-level decisions yet). */
/**
 * `inStack`: the block follows a heading in the same cluster — `caps` after an ALL-CAPS title (a stack of
 * title lines), `any` after a part label (`BOOK II` / `Starting from Paumanok`, pg1322): the usual
 * blank-line gap is not required then.
 */
function candidateAt(blocks: readonly HeadingBlockInput[], i: number, inStack: 'caps' | 'any' | false = false, alphabet?: ReadonlySet<number>): Candidate | undefined {
  const block = blocks[i]!;
  // A letter of a dictionary's alphabet (`A`, `B`, ... `Z`, pg972): a section of its own, even `C` or `X`.
  if (alphabet?.has(i)) return { kind: 'title', text: tidyHeadingText(block.lines[0]!), numberOnly: false, start: i, end: i + 1 };
  const next = blocks[i + 1];
  const range = { start: i, end: i + 1 };
  if (block.lines.length === 2) {
    // `CHAPTER 56. Of the Less Erroneous Pictures of Whales, and the True` + `Pictures of Whaling Scenes.`
    const head = classifyHeadingLine(block.lines[0]!);
    const tail = block.lines[1]!.trim();
    if (head && !head.numberOnly && (head.kind === 'chapter' || head.kind === 'part') && next && tail.length <= 60 && !/[,;:]$/.test(tail)) {
      return { ...head, text: tidyHeadingText(`${head.text} ${tail}`), ...range };
    }
    // `SERMON I.` + `GOD’S WORLD.` with no blank line between them (pg7954): the label and its title.
    const title = head?.numberOnly && (head.kind === 'chapter' || head.kind === 'part') && next ? attachableTitle({ lines: [tail], blankBefore: 0 }) : undefined;
    if (head && title !== undefined) return { ...head, title, ...range };
    return undefined;
  }
  if (block.lines.length !== 1) return undefined;
  const line = block.lines[0]!;
  const byKeyword = classifyHeadingLine(line);
  // A number set at the right margin is the source edition's page number (pg15725), not a chapter's.
  if (byKeyword?.kind === 'numeral' && /^ {50,}\S/.test(line)) return undefined;
  if (byKeyword) {
    // A keyword line at the very end of the text, with nothing after it, is not a heading.
    if (!next && byKeyword.kind !== 'back') return undefined;
    return { ...byKeyword, ...range };
  }
  const asTitle = titleCandidate(blocks, i, inStack);
  // Front-matter names of older and non-English books (`ADVERTISEMENT`, `Zueignung.`, `_Dedication_`):
  // front sections before the body only; elsewhere the line is what the title rule makes of it.
  const frontName = next ? classifyFrontHeading(line) : undefined;
  if (frontName) {
    return { kind: 'front', text: frontName.text, numberOnly: false, sectionKind: frontName.sectionKind, ...range, onlyBeforeBody: asTitle ?? 'none' };
  }
  return asTitle;
}

/** True for a line that reads as a sentence: it ends like one and most of its longer words are in lower case. */
function isSentence(line: string): boolean {
  const text = line.trim();
  if (!/[.!?]["”’)]?$/.test(text)) return false;
  const words = text.split(/\s+/).filter((w) => /\p{L}{4,}/u.test(w));
  const capitalised = words.filter((w) => /^[^\p{L}]*\p{Lu}/u.test(w)).length;
  return words.length >= 4 && capitalised / words.length < 0.5;
}

/** Block `i` as a title line set off by blank lines (the third kind of evidence), else undefined. */
function titleCandidate(blocks: readonly HeadingBlockInput[], i: number, inStack: 'caps' | 'any' | false): Candidate | undefined {
  const line = blocks[i]!.lines[0]!;
  if (!blocks[i + 1] || !isTitleLike(line)) return undefined;
  const gap = blocks[i]!.blankBefore;
  const caps = isAllCaps(line);
  if (gap >= TITLE_GAP || inStack === 'any' || (caps && (gap >= CAPS_TITLE_GAP || inStack === 'caps'))) {
    if (!opensText(blocks, i + 1)) return undefined;
    // A sentence set off by blank lines (`This is really such an important point that it is worth labouring.`,
    // pg7535) is text: a title in mixed case capitalises most of its words.
    if (!caps && isSentence(line)) return undefined;
    return { kind: 'title', text: tidyHeadingText(line), numberOnly: false, start: i, end: i + 1 };
  }
  return undefined;
}

/** Letters and digits of a title, case folded: for telling the same title set twice. */
function lettersKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Joins heading pieces: `CHAPTER I` + `Down the Rabbit-Hole` -> `CHAPTER I. Down the Rabbit-Hole`. */
export function joinHeadingText(first: string, second: string): string {
  if (/[.:!?—–-]$/.test(first)) return `${first} ${second}`;
  return `${first}. ${second}`;
}

function fullText(c: Candidate): string {
  return c.title ? joinHeadingText(c.text, c.title) : c.text;
}

/** The title after a chapter's label (`Chapter V: Sale Of The Empire`) in headline style; the label as written. */
function titleInHeadlineStyle(text: string): string {
  const split = splitChapterLabel(text);
  if (!split || split.rest === '') return headlineStyle(text);
  return `${split.label} ${headlineStyle(split.rest)}`;
}

/** Lines of a stanza at most: a numbered unit longer than this is a section (Leaves of Grass), not a stanza. */
const STANZA_MAX_LINES = 12;
/** Numbered units at least in one division, and the share of them that must be one short stanza, to read its numerals as stanza numbers. */
const STANZA_NUMBERS_MIN = 3;
const STANZA_NUMBERS_SHARE = 0.8;

/**
 * Clears (`text = ''`: the line stays as text) the numeral headings at the `sub` level of a division (the run between
 * two other headings) when most of them number a single block of at most {@link STANZA_MAX_LINES} lines
 * before the next heading: that poem numbers its stanzas (Childe Harold's cantos), while another in the same book may
 * number its sections (The Prisoner of Chillon, pg20158).
 */
function markStanzaNumbers(clusters: { start: number; end: number; items: { kind: LineKind; level: HeadingLevel; text: string; start: number; end: number }[] }[], blocks: readonly HeadingBlockInput[]): void {
  let run: { item: { text: string }; stanza: boolean }[] = [];
  const close = () => {
    if (run.length >= STANZA_NUMBERS_MIN && run.filter((n) => n.stanza).length >= run.length * STANZA_NUMBERS_SHARE) {
      for (const n of run) n.item.text = '';
    }
    run = [];
  };
  clusters.forEach((c, k) => {
    const next = clusters[k + 1]?.start ?? blocks.length;
    const last = c.items[c.items.length - 1];
    // Any other heading (a canto, a poem's title, even one read as a section in a book with chapter labels) opens
    // another run.
    if (c.items.some((x) => x.kind !== 'numeral')) close();
    if (!last || last.kind !== 'numeral' || last.level !== 'sub') return;
    const body = blocks.slice(c.end, next);
    run.push({ item: last, stanza: body.length === 1 && body[0]!.lines.length <= STANZA_MAX_LINES });
  });
  close();
}

/** Speakers at least, each named three times or more, and their cues in all, for a book to read as verse drama. */
const CUE_SPEAKERS = 3;
const CUE_LINES = 30;
/** Words of text between two cues, at most, in the median (a speech; a poem under a repeated title runs longer). */
const CUE_MEDIAN_WORDS = 60;

/**
 * Verse drama sets each speaker's name on a line of its own over the speech (`MEPHISTOPHELES` / `THE LORD`, Faust in
 * Bayard Taylor's translation, pg14591): read as titles, they become a hundred headings. When three names or more come
 * back three times or more, thirty times in all, with a short speech between them, the repeated names are cues (left
 * as text for the speech pass), not divisions. Titles that come once (a scene's name) stay.
 */
function dropSpeakerCues(raw: { start: number; end: number; items: Candidate[] }[], blocks: readonly HeadingBlockInput[]): void {
  const titles = raw.flatMap((c) => c.items.filter((x) => x.kind === 'title').map((item) => ({ item, start: c.start })));
  const counts = new Map<string, number>();
  for (const { item } of titles) counts.set(lettersKey(item.text), (counts.get(lettersKey(item.text)) ?? 0) + 1);
  const repeated = new Set([...counts].filter(([, n]) => n >= 3).map(([key]) => key));
  const cues = titles.filter(({ item }) => repeated.has(lettersKey(item.text)));
  if (repeated.size < CUE_SPEAKERS || cues.length < CUE_LINES) return;
  const gaps: number[] = [];
  for (let k = 1; k < cues.length; k++) {
    let words = 0;
    for (let b = cues[k - 1]!.item.end; b < cues[k]!.start; b++) for (const line of blocks[b]!.lines) words += line.split(/\s+/).filter(Boolean).length;
    gaps.push(words);
  }
  gaps.sort((a, b) => a - b);
  if ((gaps[gaps.length >> 1] ?? Infinity) > CUE_MEDIAN_WORDS) return;
  // In verse drama, a name over a short speech is a cue too, however often it speaks (`RAPHAEL`, `A STUDENT`).
  const wordsAfter = (k: number): number => {
    let words = 0;
    for (let b = raw[k]!.end; b < (raw[k + 1]?.start ?? blocks.length); b++) for (const line of blocks[b]!.lines) words += line.split(/\s+/).filter(Boolean).length;
    return words;
  };
  // Only among the cues: a poem before the play (a dedication, `AN GOETHE`) keeps its title.
  const firstCue = cues[0]!.start;
  const lastCue = cues[cues.length - 1]!.start;
  raw.forEach((c, k) => {
    const short = c.start > firstCue && c.start < lastCue && wordsAfter(k) < CUE_MEDIAN_WORDS;
    c.items = c.items.filter((x) => x.kind !== 'title' || !(repeated.has(lettersKey(x.text)) || (short && c.items.length === 1)));
  });
}

/** Letters at least, in alphabetical order, for single letters set apart to be a dictionary's sections. */
const ALPHABET_MIN = 8;

/**
 * The blocks that are the letters of a dictionary's alphabet (The Devil's Dictionary: `A` ... `Z`, each set off by
 * blank lines over its entries): single capital letters with two blank lines or more before them, {@link ALPHABET_MIN}
 * or more, in alphabetical order. Empty otherwise (a few roman numerals `I`, `V`, `X` are no alphabet).
 */
function alphabetSections(blocks: readonly HeadingBlockInput[]): ReadonlySet<number> {
  const found: number[] = [];
  let last = '';
  blocks.forEach((b, i) => {
    if (b.lines.length !== 1 || b.blankBefore < CAPS_TITLE_GAP) return;
    const m = /^\s*([A-Z])\.?\s*$/.exec(b.lines[0]!);
    if (!m || m[1]! <= last) return;
    found.push(i);
    last = m[1]!;
  });
  return new Set(found.length >= ALPHABET_MIN ? found : []);
}

/**
 * Finds the headings of a book. `blocks` are the blank-line separated blocks of the text, with their
 * raw lines (indentation kept) and blank-line counts. Pure; never throws.
 */
export function detectHeadings(blocks: readonly HeadingBlockInput[]): HeadingCluster[] {
  const alphabet = alphabetSections(blocks);
  // 1. Candidates, grouped into clusters of consecutive heading blocks.
  const raw: { start: number; end: number; items: Candidate[] }[] = [];
  // A title line after `BOOK II` is the part's own title only in books with chapter labels (pg1653);
  // elsewhere it is the first chapter of the part (Whitman's `BOOK II` / `Song of Myself`).
  let labelLines = 0;
  for (const b of blocks) if (b.lines.length === 1 && classifyHeadingLine(b.lines[0]!)?.kind === 'chapter') labelLines++;
  const partsTakeTitles = labelLines >= 2;
  for (let i = 0; i < blocks.length; i++) {
    const first = candidateAt(blocks, i, false, alphabet);
    if (!first) continue;
    const items: Candidate[] = [first];
    let j = i + 1;
    for (; j < blocks.length; j++) {
      const last = items[items.length - 1]!;
      if (last.numberOnly && !last.title && last.kind !== 'front' && last.kind !== 'back' && (last.kind !== 'part' || partsTakeTitles)) {
        const title = attachableTitle(blocks[j]!);
        if (title !== undefined && blocks[j + 1]) {
          last.title = title;
          last.end = j + 1;
          continue;
        }
      }
      // A chapter-sized gap (three blank lines or more) starts a new cluster.
      if (blocks[j]!.blankBefore >= TITLE_GAP) break;
      // A title in capitals set over several centred lines (`I` / `Á LA` / `DERROTA DEL QUEBRACHO`, pg35407) goes on
      // while its lines are capitals that do not end a sentence.
      if (last.numberOnly && last.title && isAllCaps(last.title) && !/[.!?]$/.test(last.title) && blocks[j + 1]) {
        const line = blocks[j]!.lines.length === 1 ? blocks[j]!.lines[0]!.trim() : '';
        if (line !== '' && isAllCaps(line) && isTitleLike(line) && !classifyHeadingLine(line) && last.title.length + line.length <= 120) {
          last.title = `${last.title} ${tidyHeadingText(line)}`;
          last.end = j + 1;
          continue;
        }
      }
      const stack = last.kind === 'part' && !partsTakeTitles ? 'any' : last.kind === 'title' && isAllCaps(last.text) ? 'caps' : false;
      const next = candidateAt(blocks, j, stack, alphabet);
      if (!next) break;
      items.push(next);
    }
    // Several chapter labels with no text between them are a list (a play's scene list, a contents
    // page that was not dropped), not headings.
    const labels = items.filter((x) => x.kind === 'chapter').length;
    raw.push({ start: i, end: j, items: labels >= 2 ? items.filter((x) => x.kind !== 'chapter') : items });
    i = j - 1;
  }
  // In a book with chapter labels, a title line without one heads a section only when set in capitals
  // (a prayer inside a chapter of pg1653); mixed-case lines set off by blank lines are dates, places,
  // signatures (pg84 `August 13th, 17—.`).
  const labelCount = raw.reduce((n, c) => n + c.items.filter((x) => x.kind === 'chapter').length, 0);
  // A title in capitals keeps a note in parentheses after it (`EXTRACTS. (Supplied by a Sub-Sub-Librarian).`, pg2701).
  if (labelCount >= 2) {
    for (const c of raw) c.items = c.items.filter((x) => x.kind !== 'title' || isAllCaps(x.text.replace(/\s*\([^()]*\)\.?$/, '')));
  }

  dropSpeakerCues(raw, blocks);

  // 2. Book-level evidence.
  let chapterKeywords = 0;
  // Titles above or among the numerals; a part between the titles and the first numeral makes the titles the front
  // matter (`TO THE HESITATING PURCHASER` / `PART ONE` / `1`, pg120), and leaves the numerals the book's chapters.
  let titleHeads = 0;
  let numerals = 0;
  for (const c of raw) {
    for (const item of c.items) {
      if (item.kind === 'chapter') chapterKeywords++;
      if (item.kind === 'numeral') numerals++;
      if (item.kind === 'part' && numerals === 0) titleHeads = 0;
      if (item.kind === 'title') titleHeads++;
    }
  }
  const keywordBook = chapterKeywords >= 2;
  const numeralsAreChapters = !keywordBook && titleHeads < 2;

  // 3. Per item: a provisional level.
  interface Item extends Candidate {
    level: HeadingLevel;
  }
  const clusters: { start: number; end: number; items: Item[] }[] = raw.map((c) => ({
    start: c.start,
    end: c.end,
    items: c.items.map((item) => ({ ...item, level: provisional(item) })),
  }));
  function provisional(item: Candidate): HeadingLevel {
    switch (item.kind) {
      case 'chapter':
        return 'chapter';
      case 'part':
        return 'part';
      case 'numeral':
        return numeralsAreChapters ? 'chapter' : 'sub';
      case 'sub':
        return 'sub';
      case 'front':
      case 'back':
        return 'chapter';
      case 'title':
        return keywordBook ? 'sub' : 'chapter';
    }
  }
  // Stanza numbers: numerals inside chapters that each number one short stanza (Childe Harold's `I.` ... `XCIII.`
  // inside each CANTO, pg5131; the Rubaiyat's quatrains, pg246) are part of the poem's text, not its divisions.
  markStanzaNumbers(clusters, blocks);

  // A stack of title lines is one heading (`A DREAM-STORY. THE CHRISTMAS ANGEL`, `TALMAGE. A BLOODY MONSTER`).
  for (const c of clusters) {
    for (let k = c.items.length - 1; k > 0; k--) {
      const prev = c.items[k - 1]!;
      const item = c.items[k]!;
      if (prev.kind === 'title' && item.kind === 'title' && prev.level === item.level && item.text !== '') {
        // The same title twice (a picture's legend over the heading, pg14790 `LE PÈRE` / `LE PÈRE`) is set once.
        const same = lettersKey(prev.text) === lettersKey(fullText(item));
        if (!same) prev.text = joinHeadingText(prev.text, fullText(item));
        prev.end = item.end;
        item.text = '';
      }
    }
  }

  // 4. Parts only hold chapters: a part with no chapter before the next part becomes a chapter.
  const flat = clusters.flatMap((c) => c.items);
  for (let k = 0; k < flat.length; k++) {
    const item = flat[k]!;
    if (item.level !== 'part') continue;
    let hasChapter = false;
    for (let m = k + 1; m < flat.length && flat[m]!.level !== 'part'; m++) {
      const next = flat[m]!;
      if (next.level === 'chapter' && next.kind !== 'front' && next.kind !== 'back' && next.text !== '') {
        hasChapter = true;
        break;
      }
    }
    if (!hasChapter) item.level = 'chapter';
  }
  // Keyword books: a title after a part keyword and before its first chapter joins the part's title
  // (THE FIRST BOOK / ADMONITIONS PROFITABLE FOR THE SPIRITUAL LIFE / CHAPTER I).
  for (const c of clusters) {
    for (let k = 1; k < c.items.length; k++) {
      const prev = c.items[k - 1]!;
      const item = c.items[k]!;
      if (keywordBook && prev.level === 'part' && item.kind === 'title' && !prev.title) {
        prev.title = item.text;
        prev.end = item.end;
        item.level = 'sub';
        item.text = '';
      }
    }
  }

  // 5. Front and back matter: names before the first main chapter / after the last one.
  // Labelled headings (CHAPTER, BOOK, numerals as chapters) mark where the body starts and ends; a book
  // of titles only (sermons, essays) starts at its first title.
  const isLabelled = (x: Item) =>
    x.text !== '' && (x.kind === 'chapter' || x.kind === 'part' || (x.kind === 'numeral' && x.level === 'chapter'));
  const isStructural = (x: Item) =>
    isLabelled(x) || (x.text !== '' && x.kind === 'title' && x.level === 'chapter' && !flat.some(isLabelled));
  const firstMain = flat.findIndex(isStructural);
  let lastMain = -1;
  for (let k = flat.length - 1; k >= 0; k--) {
    if (isStructural(flat[k]!)) {
      lastMain = k;
      break;
    }
  }
  flat.forEach((item, k) => {
    if (item.text === '') return;
    const before = firstMain === -1 || k < firstMain;
    if (item.onlyBeforeBody && !before) {
      const fallback = item.onlyBeforeBody;
      if (fallback === 'none') item.text = '';
      else Object.assign(item, fallback, { level: provisional(fallback), onlyBeforeBody: undefined, start: item.start, end: item.end });
      if (item.text === '') return;
    }
    const after = lastMain !== -1 && k > lastMain;
    if ((item.kind === 'front' || item.kind === 'back') && before) item.level = 'front';
    else if ((item.kind === 'front' || item.kind === 'back') && after) item.level = 'back';
    else if ((item.kind === 'front' || item.kind === 'back') && keywordBook && !before && !after) item.level = 'sub';
    else if (item.kind === 'title' && keywordBook) item.level = before ? 'front' : after ? 'back' : 'sub';
    else if (item.kind === 'title' && before && firstMain !== -1) item.level = 'front';
  });

  return flat
    .filter((x) => x.text !== '')
    .map((x) => {
      // Title Case of the transcriber (`Sale Of The Empire To`) becomes headline style (Chicago 8.159).
      const heading: DetectedHeading = { level: x.level, text: titleInHeadlineStyle(fullText(x)) };
      if ((x.level === 'front' || x.level === 'back') && x.sectionKind) heading.sectionKind = x.sectionKind;
      return { start: x.start, end: x.end, headings: [heading] };
    });
}
