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

/** Splits `\n`-separated text into blocks. Lines that hold only spaces count as blank. */
export function splitBlocks(text: string): BlockList {
  const lines = text.split('\n');
  const blocks: TextBlock[] = [];
  let blank = 0;
  let current: string[] | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') {
      if (current) {
        blocks.push({ lines: current, blankBefore: blank });
        current = undefined;
        blank = 0;
      }
      blank++;
      continue;
    }
    if (current && (HEADING_LINE.test(line) || VERSE_OPEN.test(line))) {
      // In Markdown a heading or a container fence interrupts a paragraph: it starts a block of its own.
      blocks.push({ lines: current, blankBefore: blank });
      current = undefined;
      blank = 0;
    }
    if (HEADING_LINE.test(line)) {
      blocks.push({ lines: [line], blankBefore: blank });
      blank = 0;
      continue;
    }
    if (VERSE_OPEN.test(line)) {
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

/** Joins blocks back into text (inverse of {@link splitBlocks} up to the blank lines around headings). */
export function joinBlocks(list: BlockList): string {
  const parts: string[] = [];
  for (const block of list.blocks) {
    for (let k = 0; k < block.blankBefore; k++) parts.push('');
    parts.push(...block.lines);
  }
  for (let k = 0; k < list.blankAfter; k++) parts.push('');
  return parts.join('\n') + (list.blocks.length > 0 || list.blankAfter > 0 ? '\n' : '');
}

/** True when the block is a verse container written by cleanup (or by the user). */
export function isVerseContainer(block: TextBlock): boolean {
  return VERSE_OPEN.test(block.lines[0] ?? '');
}
