/**
 * Text as a list of blocks: runs of non-blank lines separated by blank lines, with the number of blank
 * lines before each block kept (Project Gutenberg convention: four blank lines before a chapter
 * heading, two after; one between paragraphs). A `::: verse` container is one block even when it holds
 * blank lines between stanzas.
 *
 * `joinBlocks(splitBlocks(t))` gives back `t` for any text whose blank lines are empty (the
 * whitespace pass makes them so).
 */
import { CONTAINER_CLOSE, HEADING_LINE, VERSE_OPEN } from '../structure/markdown-syntax.ts';

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

/**
 * The last text split or joined and its blocks. A pass that changes nothing hands the next one the same text, and
 * a pass that changes blocks hands it the text it joined from them; most passes split that text into blocks
 * again: the second split is a copy of the blocks known (the blocks and their line arrays are the caller's to
 * change, so a caller never holds the cache's arrays). A joined list is only kept when splitting its text would
 * give it back ({@link joinsBack}).
 */
let lastSplit: { text: string; list: BlockList } | undefined;

function copyBlockList(list: BlockList): BlockList {
  return { blocks: list.blocks.map((b) => ({ lines: b.lines.slice(), blankBefore: b.blankBefore })), blankAfter: list.blankAfter };
}

/**
 * Splits `\n`-separated text into blocks. Lines that hold only spaces count as blank.
 * @returns new arrays and block objects on every call, which the caller may change.
 */
export function splitBlocks(text: string): BlockList {
  if (lastSplit !== undefined && lastSplit.text === text) return copyBlockList(lastSplit.list);
  const list = splitBlocksAnew(text);
  lastSplit = { text, list: copyBlockList(list) };
  return list;
}

/** Whether a line starts a heading block when it is split ({@link splitBlocksAnew}'s test). */
function isHeadingStart(line: string): boolean {
  const first = line.charCodeAt(0);
  return (first === 35 || first === 32) && HEADING_LINE.test(line);
}

/** Whether a line that is no heading opens a container block when it is split ({@link splitBlocksAnew}'s test). */
function isFenceStart(line: string): boolean {
  const first = line.charCodeAt(0);
  return (first === 58 || first === 32) && VERSE_OPEN.test(line);
}

function splitBlocksAnew(text: string): BlockList {
  const lines = text.split('\n');
  const blocks: TextBlock[] = [];
  let blank = 0;
  let current: string[] | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (isBlankLine(line)) {
      if (current) {
        blocks.push({ lines: current, blankBefore: blank });
        current = undefined;
        blank = 0;
      }
      blank++;
      continue;
    }
    // Only a line that starts with a space, `#` or `:` can be a heading or a fence (the tests are most of the
    // cost of a long book otherwise).
    const heading = isHeadingStart(line);
    const fence = !heading && isFenceStart(line);
    if (current && (heading || fence)) {
      // In Markdown a heading or a container fence interrupts a paragraph: it starts a block of its own.
      blocks.push({ lines: current, blankBefore: blank });
      current = undefined;
      blank = 0;
    }
    if (heading) {
      blocks.push({ lines: [line], blankBefore: blank });
      blank = 0;
      continue;
    }
    if (fence) {
      // A verse container runs to its closing fence, blank lines included.
      let j = i + 1;
      while (j < lines.length && !CONTAINER_CLOSE.test(lines[j]!)) j++;
      const end = Math.min(j, lines.length - 1);
      blocks.push({ lines: lines.slice(i, end + 1), blankBefore: blank });
      blank = 0;
      i = end;
      continue;
    }
    (current ??= []).push(line);
  }
  if (current) {
    blocks.push({ lines: current, blankBefore: blank });
    blank = 0;
  }
  // `text` ending in "\n" splits into a trailing empty line: it is not a blank line of its own.
  return { blocks, blankAfter: Math.max(0, blank - 1) };
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
 * Whether {@link splitBlocksAnew} of the text that {@link joinBlocks} makes of `list` gives `list` back, block for
 * block and blank line for blank line: no line holds a newline, only a container has blank lines (a block of
 * none is never split back), a heading is a block of its own, a container runs to its first closing fence (an
 * unclosed one is not taken), no other block has a heading or an opening fence after its first line, and a block
 * with no blank line before it follows a heading or a container or opens with one (else the split would run it
 * into the paragraph before). The tests are {@link splitBlocksAnew}'s own, line by line, with no string made.
 */
function joinsBack(list: BlockList): boolean {
  if (!isCount(list.blankAfter)) return false;
  let previousOpen = false;
  for (const block of list.blocks) {
    const lines = block.lines;
    const n = lines.length;
    if (n === 0 || !isCount(block.blankBefore)) return false;
    const first = lines[0]!;
    if (first.includes('\n') || isBlankLine(first)) return false;
    const heading = isHeadingStart(first);
    const fence = !heading && isFenceStart(first);
    if (block.blankBefore === 0 && previousOpen && !heading && !fence) return false;
    if (heading) {
      if (n !== 1) return false;
      previousOpen = false;
      continue;
    }
    if (fence) {
      if (n < 2 || !CONTAINER_CLOSE.test(lines[n - 1]!)) return false;
      for (let k = 1; k < n; k++) {
        const line = lines[k]!;
        if (line.includes('\n') || (k < n - 1 && CONTAINER_CLOSE.test(line))) return false;
      }
      previousOpen = false;
      continue;
    }
    for (let k = 1; k < n; k++) if (!isParagraphLine(lines[k]!)) return false;
    previousOpen = true;
  }
  return true;
}

/**
 * Whether a split reads `line` as one more line of the paragraph it is in: one line (no newline), not blank, no
 * heading, no opening fence. A line that opens with an ASCII character other than a space, `#` or `:` is all of
 * these but for the newline (most lines of a book: answered without the tests).
 */
function isParagraphLine(line: string): boolean {
  const first = line.charCodeAt(0);
  if (first > 32 && first < 128 && first !== 35 && first !== 58) return !line.includes('\n');
  return !line.includes('\n') && !isBlankLine(line) && !isHeadingStart(line) && !isFenceStart(line);
}

/** A whole number of blank lines, as a split counts them. */
function isCount(n: number): boolean {
  return Number.isInteger(n) && n >= 0;
}

/**
 * Joins blocks back into text (inverse of {@link splitBlocks} up to the blank lines around headings).
 * The list is the cache's from then on when it splits back to itself (see {@link lastSplit}): the caller hands it
 * over and changes it no more (each pass returns the joined text at once).
 */
export function joinBlocks(list: BlockList): string {
  // Each block is its blank lines and its lines, one `\n`-separated item a line: one join makes the whole text
  // at once, with no string made for a block (a book has tens of thousands).
  const parts: string[] = [];
  for (const block of list.blocks) {
    if (block.lines.length === 0) {
      parts.push('\n'.repeat(block.blankBefore));
      continue;
    }
    for (let k = 0; k < block.blankBefore; k++) parts.push('');
    for (const line of block.lines) parts.push(line);
  }
  if (list.blankAfter > 0) parts.push('\n'.repeat(list.blankAfter - 1));
  // The final newline as one more item: appended to the joined text it would be copied once more.
  if (parts.length > 0) parts.push('');
  const text = parts.join('\n');
  if (joinsBack(list)) lastSplit = { text, list };
  return text;
}

/** True when the block is a verse container written by cleanup (or by the user). */
export function isVerseContainer(block: TextBlock): boolean {
  return isFenceStart(block.lines[0] ?? '');
}

/** A footnote definition written by cleanup or a reader: `[^c3-12]: text`. */
const NOTE_DEFINITION = /^\[\^[^\]\s]+\]:/;

/**
 * True when `block` continues the footnote definition before it: every line indented by four spaces or more,
 * right after a definition or another continuation (CommonMark's rule for a definition's later paragraphs;
 * `passes/mark-footnotes.ts` writes them so). Passes that re-flow text keep such a block's indent.
 * @param previous the block before `block`, and whether that one is a definition or continuation itself.
 */
export function isNoteContinuation(block: TextBlock, previousInNote: boolean): boolean {
  return previousInNote && block.lines.every((line) => /^ {4,}\S/.test(line));
}

/** True when the block opens a footnote definition (`[^id]: ...`). */
export function isNoteDefinition(block: TextBlock): boolean {
  return NOTE_DEFINITION.test(block.lines[0] ?? '');
}
