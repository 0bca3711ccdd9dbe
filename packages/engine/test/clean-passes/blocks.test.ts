/**
 * Blocks of a text (`clean/blocks.ts`): a split that a join made possible without reading the text again (the
 * blocks known from the join, the unchanged blocks copied from the text they were split from) gives what a fresh
 * split gives, at every pass of cleanup on real books, and a join is the plain join of the blocks' lines.
 */
import { describe, expect, it } from 'vitest';
import { type BlockList, joinBlocks, readBlocks, type ReadonlyBlockList, splitBlocks } from '../../src/clean/blocks.ts';
import { CLEAN_PASSES } from '../../src/clean/index.ts';
import type { PassContext } from '../../src/clean/pass.ts';
import { readText } from '../../src/read/index.ts';
import { corpusBytes } from '../helpers/corpus.ts';

/** A split of `text` read afresh: another text is split first, so that nothing known of `text` is used. */
function freshSplit(text: string): BlockList {
  splitBlocks('another text\n');
  return splitBlocks(text);
}

/** The join by definition: each block's blank lines and lines, one `\n`-separated item a line, and a final newline. */
function plainJoin(list: ReadonlyBlockList): string {
  const parts: string[] = [];
  for (const block of list.blocks) {
    if (block.lines.length === 0) {
      parts.push('\n'.repeat(block.blankBefore));
      continue;
    }
    for (let k = 0; k < block.blankBefore; k++) parts.push('');
    parts.push(...block.lines);
  }
  if (list.blankAfter > 0) parts.push('\n'.repeat(list.blankAfter - 1));
  return parts.join('\n') + (parts.length > 0 ? '\n' : '');
}

const BOOKS = [
  'gutenberg/pg1322-leaves-of-grass.txt',
  'gutenberg/pg844-importance-of-being-earnest.txt',
  'gutenberg/pg731-decline-and-fall-roman-empire-vol1.txt',
  'ocr/ia-b22033294-treatise-venereal-disease_djvu.txt',
];

describe('splitBlocks after joinBlocks', () => {
  for (const book of BOOKS) {
    it(`gives a fresh split's blocks after every pass of cleanup (${book})`, () => {
      let text = readText(corpusBytes(book)).text;
      const ctx: PassContext = { meta: {}, count() {}, record() {} };
      let checked = 0;
      for (const pass of CLEAN_PASSES) {
        text = pass.run(text, ctx);
        // The split a following pass gets: from what the pass joined, when it joined blocks; read as it is or copied.
        expect(readBlocks(text), pass.id).toEqual(freshSplit(text));
        const known = splitBlocks(text);
        expect(known, pass.id).toEqual(freshSplit(text));
        checked++;
      }
      expect(checked).toBe(CLEAN_PASSES.length);
    });
  }

  /** Each case: a text, and a change to its blocks that leaves one thing for the join to get right. */
  const CASES: [string, string, (list: BlockList) => void][] = [
    ['a heading given a second line', 'One.\n\n# Two\n\nThree.\n', (l) => l.blocks[1]!.lines.push('and more')],
    ['a paragraph with no blank line after another', 'One.\n\nTwo.\n\nThree.\n', (l) => (l.blocks[1]!.blankBefore = 0)],
    ['a line holding a newline', 'One.\n\nTwo.\n\nThree.\n', (l) => (l.blocks[1]!.lines[0] = 'Two\nlines.')],
    ['a new container never closed', 'One.\n\nTwo.\n\nThree.\n', (l) => l.blocks.splice(1, 0, { lines: ['::: verse', 'a line'], blankBefore: 1 })],
    ['a container of the text never closed, a paragraph before it changed', 'One.\n\nTwo.\n\n::: verse\na line\n', (l) => (l.blocks[0]!.lines[0] = 'One, changed.')],
    ['blank lines of spaces inside a run of unchanged blocks', 'One.\n  \n\t\nTwo.\n\nThree.\n', (l) => (l.blocks[2]!.lines[0] = 'Three, changed.')],
    ['a block changed in place in the caller\'s copy', 'One.\n\nTwo\nlines.\n\nThree.\n', (l) => (l.blocks[1]!.lines[1] = 'lines, changed.')],
    ['blocks moved and removed', 'One.\n\nTwo.\n\n\nThree.\n\nFour.\n', (l) => l.blocks.splice(0, 4, l.blocks[2]!, l.blocks[0]!, l.blocks[3]!)],
    ['the blank lines before unchanged blocks changed', 'One.\n\nTwo.\n\n\nThree.\n', (l) => l.blocks.forEach((b) => (b.blankBefore = 2))],
  ];
  for (const [name, text, change] of CASES) {
    it(`joins ${name} as the lines say, and splits the result as a fresh split does`, () => {
      const list = splitBlocks(text);
      change(list);
      const expected = plainJoin(list);
      const joined = joinBlocks(list);
      expect(joined).toBe(expected);
      expect(splitBlocks(joined)).toEqual(freshSplit(joined));
    });
  }

  it('joins blocks read as they are, new blocks among them, as their lines, and leaves the blocks read unchanged', () => {
    const text = CLEAN_PASSES.slice(0, 2).reduce((t, pass) => pass.run(t, { meta: {}, count() {}, record() {} }), readText(corpusBytes('gutenberg/pg1342-pride-and-prejudice.txt')).text);
    const read = readBlocks(text);
    const before = JSON.stringify(read);
    const blocks = [...read.blocks];
    blocks.splice(40, 3, { lines: ['# A new heading'], blankBefore: 2 }, { ...read.blocks[41]!, blankBefore: 3 });
    const list = { blocks, blankAfter: read.blankAfter };
    const joined = joinBlocks(list);
    expect(joined).toBe(plainJoin(list));
    expect(JSON.stringify(read)).toBe(before);
    expect(readBlocks(joined)).toEqual(freshSplit(joined));
  });
});
