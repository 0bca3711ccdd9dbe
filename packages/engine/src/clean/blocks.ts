/**
 * Text as a list of blocks: runs of non-blank lines separated by blank lines, with the number of blank
 * lines before each block kept (Project Gutenberg convention: four blank lines before a chapter
 * heading, two after; one between paragraphs). A `::: verse` container is one block even when it holds
 * blank lines between stanzas.
 *
 * `joinBlocks(splitBlocks(t))` gives back `t` for any text whose blank lines are empty (the
 * whitespace pass makes them so).
 *
 * A pass reads the blocks of its text with {@link readBlocks} (the blocks known of the text themselves, not to be
 * changed) or {@link splitBlocks} (a copy it may change), and hands its blocks to {@link joinBlocks}. The text last
 * split or joined is known as blocks ({@link KnownText}), so a pass after one that changed blocks does not read the
 * book's text again, and a join copies the blocks a pass left as they were in slices of the text they came from.
 */
import { isPipeTable } from '../structure/detect-tables.ts';
import { CONTAINER_CLOSE, isHeadingLine, VERSE_OPEN } from '../structure/markdown-syntax.ts';

/** One block: its lines (never blank, except inside a verse container) and the blank lines before it. */
export interface TextBlock {
  lines: string[];
  /** Blank lines between the previous block (or the start of the text) and this one. */
  blankBefore: number;
}

/** Blocks of a text plus the blank lines after the last block. */
export interface BlockList {
  blocks: TextBlock[];
  blankAfter: number;
}

/** A block to read, not to change. */
export interface ReadonlyTextBlock {
  readonly lines: readonly string[];
  readonly blankBefore: number;
}

/** Blocks of a text to read, not to change (see {@link readBlocks}). */
export interface ReadonlyBlockList {
  readonly blocks: readonly ReadonlyTextBlock[];
  readonly blankAfter: number;
}

/** How a split opened a block. */
const PARAGRAPH = 0;
const HEADING = 1;
const CONTAINER = 2;
/** A container with no closing fence. */
const UNCLOSED = -1;

/**
 * A text known as blocks: the last text split, or joined from blocks that split back to themselves ({@link
 * joinsBack}). A pass that changes nothing hands the next one the same text, and a pass that changes blocks hands
 * it the text it joined; most passes split that text again, and the split is a copy of the blocks known. Where each
 * block is in the text is known too, so that a join copies the blocks a pass left as they were with one slice of
 * the text for a run of them, not line by line.
 */
interface KnownText {
  text: string;
  /** The blocks: the cache's own, never changed (callers get copies, or read them as they are). */
  list: ReadonlyBlockList;
  /** Per block: the offset in `text` of its first line, and of the end of its last line. */
  starts: number[];
  ends: number[];
  /** Per block: whether the blank lines before it are empty (as a join writes them; a slice copies them as they are). */
  emptyGaps: boolean[];
  /** Per block: {@link PARAGRAPH}, {@link HEADING}, {@link CONTAINER} or {@link UNCLOSED}, as the split made it. */
  kinds: number[];
  /** The block objects last handed out for this text, in order (a caller's copies, or the blocks themselves). */
  handed: readonly ReadonlyTextBlock[];
}

let known: KnownText | undefined;

function copyBlockList(list: ReadonlyBlockList): BlockList {
  return { blocks: list.blocks.map((b) => ({ lines: b.lines.slice(), blankBefore: b.blankBefore })), blankAfter: list.blankAfter };
}

/**
 * Splits `\n`-separated text into blocks. Lines that hold only spaces count as blank.
 * @returns new arrays and block objects on every call, which the caller may change.
 */
export function splitBlocks(text: string): BlockList {
  if (known === undefined || known.text !== text) known = splitBlocksAnew(text);
  const copy = copyBlockList(known.list);
  known.handed = copy.blocks.slice();
  return copy;
}

/**
 * The blocks of `text`, as {@link splitBlocks} gives them, to read and not to change: the blocks known of the text
 * themselves, not a copy (a pass that only reads the blocks, or makes new blocks of some of them, spares the copy
 * of a whole book's). The list may be handed to {@link joinBlocks} with new blocks among the ones read.
 */
export function readBlocks(text: string): ReadonlyBlockList {
  if (known === undefined || known.text !== text) known = splitBlocksAnew(text);
  known.handed = known.list.blocks;
  return known.list;
}

/** Whether a line that is no heading opens a container block when it is split ({@link splitBlocksAnew}'s test). */
function isFenceStart(line: string): boolean {
  const first = line.charCodeAt(0);
  return (first === 58 || first === 32) && VERSE_OPEN.test(line);
}

function splitBlocksAnew(text: string): KnownText {
  const lines = text.split('\n');
  const blocks: TextBlock[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const emptyGaps: boolean[] = [];
  const kinds: number[] = [];
  let blank = 0;
  let emptyGap = true;
  let current: string[] | undefined;
  let currentStart = 0;
  let currentEnd = 0;
  /** Offset of line `i` in `text`. */
  let at = 0;
  for (let i = 0; i < lines.length; at += lines[i]!.length + 1, i++) {
    const line = lines[i]!;
    const lineBlank = isBlankLine(line);
    // Only a line that starts with a space, `#` or `:` can be a heading or a fence (the tests are most of the
    // cost of a long book otherwise).
    const heading = !lineBlank && isHeadingLine(line);
    const fence = !lineBlank && !heading && isFenceStart(line);
    if (current && (lineBlank || heading || fence)) {
      // A blank line ends a paragraph, and so does a heading or a container fence in Markdown: it starts a block
      // of its own.
      blocks.push({ lines: current, blankBefore: blank });
      starts.push(currentStart);
      ends.push(currentEnd);
      emptyGaps.push(emptyGap);
      kinds.push(PARAGRAPH);
      current = undefined;
      blank = 0;
      emptyGap = true;
    }
    if (lineBlank) {
      blank++;
      if (line.length > 0) emptyGap = false;
      continue;
    }
    if (heading || fence) {
      let end = i;
      let kind = HEADING;
      let endAt = at + line.length;
      if (fence) {
        // A verse container runs to its closing fence, blank lines included.
        let j = i + 1;
        while (j < lines.length && !CONTAINER_CLOSE.test(lines[j]!)) j++;
        end = Math.min(j, lines.length - 1);
        // An unclosed container runs to the end of the text, whatever follows it: no join can count on it.
        kind = end > i && CONTAINER_CLOSE.test(lines[end]!) ? CONTAINER : UNCLOSED;
        endAt = at;
        for (let k = i; k < end; k++) endAt += lines[k]!.length + 1;
        endAt += lines[end]!.length;
      }
      blocks.push({ lines: heading ? [line] : lines.slice(i, end + 1), blankBefore: blank });
      starts.push(at);
      ends.push(endAt);
      emptyGaps.push(emptyGap);
      kinds.push(kind);
      blank = 0;
      emptyGap = true;
      // The lines of a container are passed over (`at` follows them).
      for (; i < end; i++) at += lines[i]!.length + 1;
      continue;
    }
    if (!current) {
      current = [];
      currentStart = at;
    }
    current.push(line);
    currentEnd = at + line.length;
  }
  if (current) {
    blocks.push({ lines: current, blankBefore: blank });
    starts.push(currentStart);
    ends.push(currentEnd);
    emptyGaps.push(emptyGap);
    kinds.push(PARAGRAPH);
    blank = 0;
  }
  // `text` ending in "\n" splits into a trailing empty line: it is not a blank line of its own.
  return { text, list: { blocks, blankAfter: Math.max(0, blank - 1) }, starts, ends, emptyGaps, kinds, handed: [] };
}

/**
 * Whether a line is blank: empty or only whitespace (what `line.trim() === ''` says, without making a string
 * for each of a book's lines).
 */
function isBlankLine(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13)) continue;
    if (c < 128) return false;
    return line.trim() === '';
  }
  return true;
}

/**
 * How a split would open `block` ({@link PARAGRAPH}, {@link HEADING} or {@link CONTAINER}), or -1 when splitting the
 * text joined from it would not give the block back whole: a line holds a newline, a line other than a container's is
 * blank (a block of none is never split back), a heading has a second line, a container does not end at its first
 * closing fence (an unclosed one is not taken), a paragraph has a heading or an opening fence after its first line.
 * The tests are {@link splitBlocksAnew}'s own, with no string made.
 */
function splitKind(block: ReadonlyTextBlock): number {
  const lines = block.lines;
  const n = lines.length;
  if (n === 0) return -1;
  const first = lines[0]!;
  if (first.includes('\n') || isBlankLine(first)) return -1;
  if (isHeadingLine(first)) return n === 1 ? HEADING : -1;
  if (isFenceStart(first)) {
    if (n < 2 || !CONTAINER_CLOSE.test(lines[n - 1]!)) return -1;
    for (let k = 1; k < n; k++) {
      const line = lines[k]!;
      if (line.includes('\n') || (k < n - 1 && CONTAINER_CLOSE.test(line))) return -1;
    }
    return CONTAINER;
  }
  for (let k = 1; k < n; k++) if (!isParagraphLine(lines[k]!)) return -1;
  return PARAGRAPH;
}

/**
 * Whether a split reads `line` as one more line of the paragraph it is in: one line (no newline), not blank, no
 * heading, no opening fence. A line that opens with an ASCII character other than a space, `#` or `:` is all of
 * these but for the newline (most lines of a book: answered without the tests).
 */
function isParagraphLine(line: string): boolean {
  const first = line.charCodeAt(0);
  if (first > 32 && first < 128 && first !== 35 && first !== 58) return !line.includes('\n');
  return !line.includes('\n') && !isBlankLine(line) && !isHeadingLine(line) && !isFenceStart(line);
}

/** A whole number of blank lines, as a split counts them. */
function isCount(n: number): boolean {
  return Number.isInteger(n) && n >= 0;
}

/** Whether two blocks have the same lines. */
function sameLines(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * Joins blocks back into text (inverse of {@link splitBlocks} up to the blank lines around headings).
 *
 * A block with the lines of a block of the last text split (in the caller's copy or not) is copied from that text,
 * and a run of such blocks in their order there, their blank lines unchanged, as one slice: a pass that changes a
 * few blocks of a book joins a few slices and the lines it changed. When splitting the joined text would give `list`
 * back block for block and blank line for blank line, `list` is known as that text's blocks from then on (the
 * caller hands it over and changes it no more: each pass returns the joined text at once), and the next split of
 * the text is a copy of it.
 */
export function joinBlocks(list: ReadonlyBlockList): string {
  const origin = known;
  const originBlocks = origin?.list.blocks;
  const handed = origin?.handed ?? [];
  /**
   * The handed-out blocks by their line arrays (a pass that keeps a block, or makes a new one of it with `{ ...block
   * }`, keeps its array), made when a block is not where the blocks before it lead to expect it.
   */
  let handedIndex: Map<readonly string[], number> | undefined;
  let expected = 0;
  // Each block is its blank lines and its lines, one `\n`-separated item a line, or a slice of the known text for a
  // run of unchanged blocks: one join makes the whole text at once.
  const parts: string[] = [];
  let runStart = -1;
  let runEnd = -1;
  let runLast = -1;
  const flushRun = () => {
    if (runStart < 0) return;
    parts.push(origin!.text.slice(runStart, runEnd));
    runStart = -1;
  };
  // Whether the joined text splits back to `list`, and where its blocks are in it.
  let joinsBack = isCount(list.blankAfter);
  let previousIsParagraph = false;
  const starts: number[] = [];
  const ends: number[] = [];
  const kinds: number[] = [];
  let at = 0;
  for (const block of list.blocks) {
    const lines = block.lines;
    if (lines.length === 0) {
      flushRun();
      parts.push('\n'.repeat(block.blankBefore));
      joinsBack = false;
      continue;
    }
    // The block of the known text with the same lines, if any: the one expected next (after the block before it;
    // a changed block is taken to stand for one), else the one handed out with this line array.
    let j = -1;
    if (originBlocks !== undefined) {
      if (expected < originBlocks.length && sameLines(lines, originBlocks[expected]!.lines)) j = expected;
      else {
        j = (handedIndex ??= new Map(handed.map((b, i) => [b.lines, i]))).get(lines) ?? -1;
        if (j >= 0 && !sameLines(lines, originBlocks[j]!.lines)) j = -1;
      }
      expected = j >= 0 ? j + 1 : expected + 1;
    }
    let kind: number;
    if (j >= 0) {
      kind = origin!.kinds[j]!;
      if (runStart >= 0 && j === runLast + 1 && origin!.emptyGaps[j] && block.blankBefore === originBlocks![j]!.blankBefore) {
        runEnd = origin!.ends[j]!;
      } else {
        flushRun();
        for (let k = 0; k < block.blankBefore; k++) parts.push('');
        runStart = origin!.starts[j]!;
        runEnd = origin!.ends[j]!;
      }
      runLast = j;
    } else {
      flushRun();
      for (let k = 0; k < block.blankBefore; k++) parts.push('');
      for (const line of lines) parts.push(line);
      kind = joinsBack ? splitKind(block) : PARAGRAPH;
    }
    if (!joinsBack) continue;
    // A block with no blank line before it is split off the paragraph before only when it opens with a heading or
    // a fence.
    if (kind < 0 || !isCount(block.blankBefore) || (block.blankBefore === 0 && previousIsParagraph && kind === PARAGRAPH)) {
      joinsBack = false;
      continue;
    }
    previousIsParagraph = kind === PARAGRAPH;
    at += block.blankBefore;
    starts.push(at);
    if (j >= 0) at += origin!.ends[j]! - origin!.starts[j]!;
    else {
      for (const line of lines) at += line.length + 1;
      at--;
    }
    ends.push(at);
    kinds.push(kind);
    at++;
  }
  flushRun();
  if (list.blankAfter > 0) parts.push('\n'.repeat(list.blankAfter - 1));
  // The final newline as one more item: appended to the joined text it would be copied once more.
  if (parts.length > 0) parts.push('');
  const text = parts.join('\n');
  if (joinsBack) known = { text, list, starts, ends, emptyGaps: starts.map(() => true), kinds, handed: [] };
  return text;
}

/**
 * True when the block is a verse container written by cleanup (or by the user), or a pipe table (`passes/mark-tables.ts`):
 * text passes keep both line by line.
 */
export function isVerseContainer(block: ReadonlyTextBlock): boolean {
  return isFenceStart(block.lines[0] ?? '') || isPipeTable(block.lines);
}

/** A footnote definition written by cleanup or a reader: `[^c3-12]: text`. */
const NOTE_DEFINITION = /^\[\^[^\]\s]+\]:/;

/**
 * True when `block` continues the footnote definition before it: every line indented by four spaces or more,
 * right after a definition or another continuation (CommonMark's rule for a definition's later paragraphs;
 * `passes/mark-footnotes.ts` writes them so). Passes that re-flow text keep such a block's indent.
 * @param previous the block before `block`, and whether that one is a definition or continuation itself.
 */
export function isNoteContinuation(block: ReadonlyTextBlock, previousInNote: boolean): boolean {
  return previousInNote && block.lines.every((line) => /^ {4,}\S/.test(line));
}

/** True when the block opens a footnote definition (`[^id]: ...`). */
export function isNoteDefinition(block: ReadonlyTextBlock): boolean {
  return NOTE_DEFINITION.test(block.lines[0] ?? '');
}
