/**
 * The book's vocabulary (`clean/vocabulary.ts`): the targeted count that the OCR pass uses gives the same numbers
 * as the full count, on real books with accented and German letters and on an OCR scan.
 */
import { describe, expect, it } from 'vitest';
import { countWords, countWordsOf } from '../../src/clean/vocabulary.ts';
import { corpusText } from '../helpers/corpus.ts';

const BOOKS = [
  'gutenberg/pg2229-faust-de.txt',
  'ocr/ia-b22033294-treatise-venereal-disease_djvu.txt',
  'gutenberg/pg1342-pride-and-prejudice.txt',
];

describe('countWordsOf', () => {
  for (const book of BOOKS) {
    it(`counts the wanted words as countWords does (${book})`, () => {
      const text = corpusText(book);
      const all = countWords(text);
      // Frequent, rare, capitalised-in-text, non-ASCII and absent words.
      const frequent = [...all].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([w]) => w);
      const rare = [...all].filter(([, n]) => n === 1).slice(0, 40).map(([w]) => w);
      const nonAscii = [...all.keys()].filter((w) => [...w].some((c) => c.charCodeAt(0) > 127)).slice(0, 40);
      const wanted = new Set([...frequent, ...rare, ...nonAscii, 'the', 'tbe', 'aud', 'zzzqx']);
      const counts = countWordsOf(text, wanted);
      for (const word of wanted) expect(counts.get(word), word).toBe(all.get(word));
      expect([...counts.keys()].every((w) => wanted.has(w))).toBe(true);
    });
  }
});
