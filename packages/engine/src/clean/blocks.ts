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
 * The last text split and its blocks. A pass that changes nothing hands the next one the same text, and most
 * passes split it into blocks: the second split is a copy of the first (the blocks and their line arrays are
 * the caller's to change, so neither the cache nor a caller ever holds the other's arrays).
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
    // Only a line that starts with a space, `#` or `:` can be a heading or a fence (the tests below are most
    // of the cost of a long book otherwise).
    const first = line.charCodeAt(0);
    const heading = (first === 35 || first === 32) && HEADING_LINE.test(line);
    const fence = !heading && (first === 58 || first === 32) && VERSE_OPEN.test(line);
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

/** Joins blocks back into text (inverse of {@link splitBlocks} up to the blank lines around headings). */
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
  return parts.join('\n');
}

/** True when the block is a verse container written by cleanup (or by the user). */
export function isVerseContainer(block: TextBlock): boolean {
  return VERSE_OPEN.test(block.lines[0] ?? '');
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
