/**
 * Verse or re-wrapped prose: a short paragraph whose lines end early only where a sentence goes on in lowercase
 * on the next line is prose that the transcriber re-wrapped (Frankenstein, War and Peace, the notes of Decline and
 * Fall), not verse; verse, and tables set in columns, keep their lines. Judged on the corpus books themselves.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../src/clean/index.ts';
import { readText } from '../../src/read/index.ts';
import { isLineByLine } from '../../src/structure/detect-verse.ts';
import { corpusDir } from '../helpers/corpus.ts';

/** The verse blocks (`::: verse` ... `:::`) of a corpus book's cleaned Markdown, each as its lines. */
function verseBlocks(file: string): string[][] {
  const read = readText(new Uint8Array(fs.readFileSync(path.join(corpusDir(), 'gutenberg', file))));
  const { markdown } = cleanText(read.text, { meta: read.meta });
  return [...markdown.matchAll(/^::: verse\n([\s\S]*?)\n:::$/gmu)].map((m) => m[1]!.split('\n').filter((l) => l.trim() !== ''));
}

/** Whether every break of a block is a sentence going on in lowercase after an unfinished line. */
const allBreaksGoOnInLowercase = (lines: readonly string[]) =>
  lines.length > 1 && lines.slice(1).every((line, i) => /^[(['"‘“]*\p{Ll}/u.test(line.trimStart()) && !/[.!?][)\]'"’”]*$/u.test(lines[i]!.trimEnd()));

describe('verse or re-wrapped prose', () => {
  it('a paragraph re-wrapped inside its sentences is prose, at any wrap width', () => {
    const magistrate = [
      'The magistrate listened to me with attention and kindness. “Be',
      'assured, sir,” said he, “no pains or exertions on my part shall',
      'be spared to discover the villain.”',
    ];
    for (const width of [72, 76, 80]) expect(isLineByLine(magistrate, width)).toBe(false);
    expect(isLineByLine(['“How do you do, cousin?” said Pierre. “You don’t recognize', 'me?”'], 72)).toBe(false);
  });

  it('verse keeps its lines, a lowercase line among them included; an index set in columns keeps its lines', () => {
    const stanza = ['Like one who, on a lonely road,', 'Doth walk in fear and dread,', 'And, having once turned round, walks on,', 'And turns no more his head;'];
    expect(isLineByLine(stanza, 72)).toBe(true);
    // One break goes on in lowercase; the others are the poet's early breaks.
    expect(isLineByLine(['The sea is calm tonight,', 'the tide is full, the moon lies fair', 'Upon the straits;', 'On the French coast the light'], 72)).toBe(true);
    const index = ['Genesis i., 2              I', '  i., 27                  II', '  i., 31                 VII'];
    expect(isLineByLine(index, 72)).toBe(true);
  });

  it.each(['pg84-frankenstein.txt', 'pg2600-war-and-peace.txt', 'pg131-pilgrims-progress.txt'])(
    '%s: no verse block whose every break continues a sentence in lowercase; its poems are still verse',
    (file) => {
      const blocks = verseBlocks(file);
      expect(blocks.filter(allBreaksGoOnInLowercase).map((b) => b.join(' / '))).toEqual([]);
      // The books' real verse stays verse (Frankenstein quotes Coleridge, Shelley and Wordsworth; War and Peace
      // has songs and poems; Bunyan's pilgrims sing).
      expect(blocks.length).toBeGreaterThanOrEqual(4);
    },
  );

  it('Decline and Fall: no footnote re-wrapped inside a sentence is set as verse', () => {
    const notes = verseBlocks('pg731-decline-and-fall-roman-empire-vol1.txt').filter((b) => b[0]!.startsWith('[^'));
    expect(notes.filter(allBreaksGoOnInLowercase).map((b) => b.join(' / '))).toEqual([]);
  });

  it('Frankenstein keeps its quoted poems as verse, line by line', () => {
    const lines = verseBlocks('pg84-frankenstein.txt').flat().map((l) => l.trim());
    expect(lines).toContain('Doth walk in fear and dread,');
    expect(lines).toContain('We rest; a dream has power to poison sleep.');
    expect(lines).toContain('Haunted him like a passion:  the tall rock,');
    expect(lines.some((l) => l.startsWith('The magistrate listened'))).toBe(false);
  });
});
