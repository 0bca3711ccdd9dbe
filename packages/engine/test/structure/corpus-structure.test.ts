/**
 * Structure of real books of the shared corpus (`../shared/corpus`): The Importance of Being Earnest's
 * speeches and stage directions, Frankenstein's four letters with their salutations and signatures,
 * the back matter of the Meditations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../src/clean/index.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { chapterHeadingText, allChapters, inlineText, type Block, type BookDocument } from '../../src/model/book-document.ts';
import { readText } from '../../src/read/index.ts';
import { corpusDir } from '../helpers/corpus.ts';

function book(file: string): BookDocument {
  const read = readText(new Uint8Array(fs.readFileSync(path.join(corpusDir(), 'gutenberg', file))));
  const clean = cleanText(read.text, { meta: read.meta });
  return parseMarkdown(clean.markdown, { title: 'Untitled', author: '', language: 'en', ...clean.meta });
}

const roleOf = (b: Block) => (b.type === 'paragraph' ? b.role : undefined);

describe('corpus structure', () => {
  it('The Importance of Being Earnest: speeches with their speakers, stage directions', () => {
    const doc = book('pg844-importance-of-being-earnest.txt');
    const blocks = allChapters(doc).flatMap((c) => c.blocks);
    const speeches = blocks.filter((b): b is Extract<Block, { type: 'speech' }> => b.type === 'speech');
    expect(speeches.length).toBeGreaterThan(800);
    const speakers = new Set(speeches.map((s) => inlineText(s.speaker)));
    for (const name of ['Algernon', 'Jack', 'Lane', 'Lady Bracknell', 'Gwendolen', 'Cecily', 'Miss Prism', 'Chasuble', 'Merriman']) {
      expect(speakers, name).toContain(name);
    }
    expect(inlineText((speeches[0]!.children[0] as Extract<Block, { type: 'paragraph' }>).children)).toBe('Did you hear what I was playing, Lane?');
    expect(blocks.filter((b) => roleOf(b) === 'stageDirection').length).toBeGreaterThan(30);
  });

  it('Frankenstein: four letters, each with a salutation and dateline; signatures on the first three', () => {
    const letters = allChapters(book('pg84-frankenstein.txt')).filter((c) => /^Letter \d$/.test(chapterHeadingText(c)));
    expect(letters).toHaveLength(4);
    for (const letter of letters) {
      expect(roleOf(letter.blocks[0]!)).toBe('salutation');
      expect(inlineText((letter.blocks[0] as Extract<Block, { type: 'paragraph' }>).children)).toBe('To Mrs. Saville, England.');
      expect(roleOf(letter.blocks[1]!)).toBe('dateline');
    }
    const signatures = letters.map((l) => l.blocks.filter((b) => roleOf(b) === 'signature').map((b) => inlineText((b as Extract<Block, { type: 'paragraph' }>).children)));
    expect(signatures).toEqual([['Your affectionate brother, R. Walton'], ['Your affectionate brother, Robert Walton'], ['R.W.'], []]);
    // Letter 4 is a journal: its later entries open with datelines of their own.
    expect(letters[3]!.blocks.filter((b) => roleOf(b) === 'dateline').length).toBeGreaterThanOrEqual(3);
  });

  it('Meditations: appendix, notes and glossary as back matter', () => {
    const doc = book('pg2680-meditations.txt');
    expect(doc.back.map((s) => s.kind)).toEqual(['appendix', 'notes', 'glossary']);
  });
});
