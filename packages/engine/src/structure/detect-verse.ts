/**
 * Verse and other line-by-line blocks versus hard-wrapped prose.
 *
 * Plain-text books are hard-wrapped: a paragraph's lines were filled greedily up to a width (about 70-75
 * characters in Project Gutenberg texts), so in prose the next line's first word would not have fitted on
 * the line before. When it would have fitted with room to spare, the author broke the line: verse, a
 * song, an address, a table. The test uses the book's own wrap width, so it works for narrow and wide
 * texts alike. Lines whose indentation varies inside a block (other than a first-line paragraph indent)
 * are kept line by line too.
 *
 * Whitman-style long lines that the transcriber wrapped with a hanging indent (a deeper-indented
 * continuation after a full-width line, pg1322) are joined back to their line, and a short block set at the
 * indentation of the verse beside it (a one-line stanza) is a stanza of that verse.
 */
import { isWhiteSpace, leadingWhiteSpace, trimmedEndLength } from './whitespace.ts';

/** The wrap width of a text: the 98th percentile of the lengths of lines in multi-line blocks (40-120). */
export function wrapWidth(blocks: readonly { lines: readonly string[] }[]): number {
  const counts = new Map<number, number>();
  let total = 0;
  for (const b of blocks) {
    if (b.lines.length < 2) continue;
    for (const l of b.lines) {
      const n = trimmedEndLength(l);
      counts.set(n, (counts.get(n) ?? 0) + 1);
      total++;
    }
  }
  if (total < 20) return 72;
  const sorted = [...counts.entries()].sort((a, b) => b[0] - a[0]);
  let seen = 0;
  for (const [len, n] of sorted) {
    seen += n;
    if (seen >= total * 0.02) return Math.min(120, Math.max(40, len));
  }
  return 72;
}

/** The white space a line starts with (its indentation), in code units. */
const indentOf = leadingWhiteSpace;

/** The least indentation of `lines` (`Math.min(...lines.map(indentOf))`, with no array made; Infinity for none). */
function leastIndent(lines: readonly string[]): number {
  let least = Infinity;
  for (const line of lines) least = Math.min(least, indentOf(line));
  return least;
}

/** Whether the lines after the first are not all indented alike. */
function isVaried(lines: readonly string[]): boolean {
  if (lines.length < 3) return false;
  const second = indentOf(lines[1]!);
  for (let k = 2; k < lines.length; k++) if (indentOf(lines[k]!) !== second) return true;
  return false;
}

/** The length of a line's first word (`/^\S+/` after its indentation; 0 for a blank line). */
function firstWordLength(line: string): number {
  const start = leadingWhiteSpace(line);
  let end = start;
  while (end < line.length && !isWhiteSpace(line.charCodeAt(end))) end++;
  return end - start;
}

/** How a line before a paragraph's first line ends: a sentence, a quotation or a bracket closed. */
const PARAGRAPH_END = /[.!?:"”’)\]_*]$/u;

/**
 * True when a block is hard-wrapped prose whose paragraphs begin on an indented line instead of after a blank line
 * (Pride and Prejudice, pg1342, chapter 22: ` Charlotte assured her friend ...` inside a block), or whose indented
 * lines are stray spaces before a wrapped line: every indented line but the first is at most 8 columns in and
 * follows a line that ends a sentence or clause, and at least 80 % of the wrapped lines (two at least) are full, the
 * next word not fitting within 8 columns of `width`.
 * Verse fails the last test (its lines end early); a poem's turnovers fail the first (they follow an unfinished line).
 */
function isIndentedProse(lines: readonly string[], width: number): boolean {
  const base = leastIndent(lines);
  let wrapped = 0;
  let full = 0;
  for (let i = 0; i < lines.length; i++) {
    const indent = indentOf(lines[i]!) - base;
    if (i > 0 && indent > 0 && (indent > 8 || !PARAGRAPH_END.test(lines[i - 1]!.trimEnd()))) return false;
    if (i + 1 === lines.length) break;
    const wasFull = trimmedEndLength(lines[i]!) + 1 + firstWordLength(lines[i + 1]!) >= width - 8;
    // A line followed by one of the same paragraph (not indented) was wrapped; one followed by an indented line
    // ends a paragraph, unless it is full (a stray space before a line the source wrapped: ` said Mrs. Bennet`).
    if (indentOf(lines[i + 1]!) === base || wasFull) {
      wrapped++;
      if (wasFull) full++;
    }
  }
  return wrapped >= 2 && full >= 0.8 * wrapped;
}

/**
 * True when a block's line breaks are the author's (verse, lists, addresses), false for hard-wrapped
 * prose. `width` is the book's wrap width from {@link wrapWidth}, `offset` its turnover indent ({@link turnoverOffset}).
 */
export function isLineByLine(lines: readonly string[], width: number, offset?: number): boolean {
  if (lines.length < 2) return false;
  // Indentation that varies after the first line: the layout carries meaning, unless it only marks where
  // paragraphs of wrapped prose begin.
  if (isVaried(lines) && !isIndentedProse(lines, width)) {
    // Turnovers joined, two lines or more are left: long verse lines the transcriber broke (prose is never
    // wrapped with a hanging indent in these texts). One line left: a single long line, decided by context.
    const joined = joinHangingLines(lines, width, offset);
    if (joined.length === lines.length || isVaried(joined)) return true;
    return joined.length >= 2;
  }
  // Greedy-wrap test: would the next line's first word have fitted on this line, with slack? (Not where prose was
  // re-wrapped inside a sentence, isRewrapBreak.)
  let early = 0;
  for (let i = 0; i < lines.length - 1; i++) {
    const len = trimmedEndLength(lines[i]!);
    const next = firstWordLength(lines[i + 1]!);
    if (len + 1 + next < width - 8 && !isRewrapBreak(lines[i]!, lines[i + 1]!, width)) early++;
  }
  const checked = lines.length - 1;
  return early >= Math.max(1, Math.ceil(checked * 0.5));
}

/** A sentence's end: a full stop, question or exclamation mark, maybe inside closing quotation marks or brackets. */
const SENTENCE_END = /[.!?][)\]'"’”]*$/u;

/** Words set apart in columns (three spaces or more inside a line): a table or an index, whose lines are its own. */
const COLUMNS = /\S {3,}\S/u;

/**
 * True when an early line break falls inside a sentence and the next line goes on with a lowercase word
 * (`The magistrate listened ... kindness. “Be` / `assured, sir,” said he, ...`, Frankenstein, pg84; `“You don’t
 * recognize` / `me?”`, War and Peace, pg2600; a footnote of Decline and Fall): the transcriber re-wrapped a
 * corrected line of prose. The poets of these books begin their lines with a capital, so such a break is no
 * evidence of verse; a block of verse shows its early breaks elsewhere. The line broken is a prose line, at least
 * half the wrap width `width`: a short line (a dedication's `To my mother,` / `who taught me to read.`, a heading
 * above its text) and lines set in columns (an index of texts, `  i., 27                  II`) keep their breaks.
 */
function isRewrapBreak(line: string, next: string, width: number): boolean {
  return (
    /^[(['"‘“]*\p{Ll}/u.test(next.trimStart()) &&
    !SENTENCE_END.test(line.trimEnd()) &&
    trimmedEndLength(line) >= width / 2 &&
    !COLUMNS.test(line) &&
    !COLUMNS.test(next)
  );
}

/** Punctuation that ends a verse line's phrase: a line ending so was broken by the poet, not by the transcriber. */
const PHRASE_END = /[.,;:!?)\]'"’”—-]$/u;

/** The start of a verse line: a capital, maybe after an opening bracket or quotation mark. */
const VERSE_LINE_START = /^[(['"‘“]?\p{Lu}/u;

/**
 * The source's turnover convention: how many columns deeper than a block's verse lines the transcriber set the
 * continuation of a long line (4 in Leaves of Grass, pg1322: verse at column 2, turnovers at 6), read from the
 * unambiguous turnovers (a lowercase continuation after a line of at least `width` - 24 characters) of the book's
 * blocks; undefined when the book has none.
 */
export function turnoverOffset(blocks: readonly { lines: readonly string[] }[], width: number): number | undefined {
  const counts = new Map<number, number>();
  for (const { lines } of blocks) {
    const base = leastIndent(lines);
    for (let i = 1; i < lines.length; i++) {
      const prev = lines[i - 1]!;
      const line = lines[i]!;
      const offset = indentOf(line) - base;
      if (offset < 4 || indentOf(line) <= indentOf(prev) || trimmedEndLength(prev) < width - 24) continue;
      if (!/^\p{Ll}/u.test(line.trimStart())) continue;
      counts.set(offset, (counts.get(offset) ?? 0) + 1);
    }
  }
  let best: number | undefined;
  for (const [offset, n] of counts) if (n >= 3 && (best === undefined || n > counts.get(best)!)) best = offset;
  return best;
}

/**
 * True when `line` is the source's turnover of `prev` (Project Gutenberg's convention, pg1322): a long verse line
 * broken near the wrap width, its continuation indented at least 4 columns more than the block's verse lines
 * (`base`) and deeper than the line it continues. A continuation starting lowercase or with punctuation is one
 * after a line of at least `width` - 24 characters (the transcriber wrapped near column 70, before a long word:
 * `it has no taste of the` / `distillation, it is odorless,`). One starting with a capital is one only after a
 * line of at least `width` - 16 that does not end a phrase (`the vast valley of the` / `Mississippi, ...`), or,
 * set at exactly the book's turnover indent (`offset`, {@link turnoverOffset}), whose first word could not have
 * fitted on that line (`... Natchez, Chattahoochee,` / `Kaqueta, Oronoco,`): a poet's own indented line (Eidolons'
 * refrain `That of eidolons.`, one column deeper) follows a finished line.
 */
export function isTurnover(prev: string, line: string, base: number, width: number, offset?: number): boolean {
  if (indentOf(line) < base + 4 || indentOf(line) <= indentOf(prev)) return false;
  const prevLength = trimmedEndLength(prev);
  if (prevLength < width - 24) return false;
  const start = line.trimStart();
  if (/^[\p{Ll}(,;:'"’”—-]/u.test(start)) return true;
  if (!/^\p{Lu}/u.test(start) || prevLength < width - 16) return false;
  if (!PHRASE_END.test(prev.trimEnd())) return true;
  return indentOf(line) - base === offset && prevLength + 1 + firstWordLength(line) > width - 6;
}

/**
 * Joins turnovers (see {@link isTurnover}) to the line they continue, so that each verse line is one line
 * again and the renderer turns it over with a hanging indent. `base` is the least indentation of the block;
 * `offset` the book's turnover indent ({@link turnoverOffset}).
 */
export function joinHangingLines(lines: readonly string[], width: number, offset?: number): string[] {
  const base = leastIndent(lines);
  const out: string[] = [];
  for (const line of lines) {
    const prev = out[out.length - 1];
    if (prev !== undefined && isTurnover(prev, line, base, width, offset)) {
      out[out.length - 1] = `${prev.trimEnd()} ${line.trim()}`;
      continue;
    }
    out.push(line);
  }
  return out;
}

/**
 * True when a block the line tests could not decide is a stanza of the verse beside it. It must be set at that
 * verse's indentation (`neighbourBase`, the verse block's least indentation; more than flush left, as Project
 * Gutenberg sets verse and not prose), and either have had a turnover joined (a long line and its turnover,
 * verse on one side is enough) or be a single line with verse on both sides (a one-line stanza of Leaves of
 * Grass, `What is a man anyhow? what am I? what are you?`), or be lines that each start with a capital and end a
 * phrase. A single line with verse on one side only is as often a scene's title or a stage direction (Faust's
 * `Nacht.`, Moby-Dick's `EXTRACTS.`): it stays as it is.
 * @param versesBeside how many of the two neighbouring blocks are verse (1 or 2).
 */
export function isStanzaBesideVerse(lines: readonly string[], neighbourBase: number, width: number, versesBeside: number, offset?: number): boolean {
  const base = leastIndent(lines);
  if (base === 0 || base !== neighbourBase) return false;
  const joined = joinHangingLines(lines, width, offset);
  if (joined.some((l) => indentOf(l) < base)) return false;
  if (joined.length < lines.length) return true;
  if (joined.length === 1) return versesBeside === 2;
  // Lines each starting with a capital and each but the last ending a phrase: the poet's lines, too long
  // for the greedy-wrap test (Whitman's `I believe in those wing'd purposes,` / `And acknowledge red, ...`).
  return joined.every((l, i) => VERSE_LINE_START.test(l.trimStart()) && (i === joined.length - 1 || PHRASE_END.test(l.trimEnd())));
}

/**
 * True when a block of a book that is mostly verse (Leaves of Grass: a short poem standing alone, `Thou reader
 * throbbest life and pride and love the same as I,` / `Therefore for thee the following chants.`) is verse
 * though nothing beside it is: it is set at the book's verse indentation (`verseBase`, more than flush left) and
 * has a turnover joined, or has two lines at least that each start with a capital and each but the last end a
 * phrase (a section number above them left aside).
 */
export function isVerseOfVerseBook(block: readonly string[], verseBase: number, width: number, offset?: number): boolean {
  // A section's number above its first stanza (`       1`, Song of Myself) is no line of the poem's to judge.
  const lines = block.length > 1 && /^\s*\d+\.?\s*$/.test(block[0]!) ? block.slice(1) : block;
  const base = leastIndent(lines);
  if (base === 0 || base !== verseBase) return false;
  const joined = joinHangingLines(lines, width, offset);
  if (joined.some((l) => indentOf(l) < base)) return false;
  if (joined.length < lines.length) return true;
  return joined.length >= 2 && joined.every((l, i) => VERSE_LINE_START.test(l.trimStart()) && (i === joined.length - 1 || PHRASE_END.test(l.trimEnd())));
}

/** The least indentation of a block's lines. */
export function baseIndent(lines: readonly string[]): number {
  return leastIndent(lines);
}
