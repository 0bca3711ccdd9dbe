/**
 * The book's vocabulary (`clean/vocabulary.ts`): the full count agrees with a plain count of lowercased letter runs,
 * the targeted count that the OCR pass uses gives the same numbers as the full count, and the places kept of the
 * rare words are where a plain scan finds them, on real books with accented and German letters and on an OCR scan.
 */
import { describe, expect, it } from 'vitest';
import { countWords, countWordsOf, countWordsWithPlaces, MAX_PLACED } from '../../src/clean/vocabulary.ts';
import { corpusText } from '../helpers/corpus.ts';

const BOOKS = [
  'gutenberg/pg2229-faust-de.txt',
  'ocr/ia-b22033294-treatise-venereal-disease_djvu.txt',
  'gutenberg/pg1342-pride-and-prejudice.txt',
];

/** The plain count: every run of letters (`\\p{L}`, one UTF-16 unit at a time), lowercased, into a Map. */
function plainCount(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const run of text.split(/[^\p{L}]+/u)) {
    if (!run) continue;
    const word = run.toLowerCase();
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

const sorted = (m: Map<string, number>) => [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

describe('countWords', () => {
  for (const book of [...BOOKS, 'gutenberg/pg2600-war-and-peace.txt']) {
    it(`counts every word of the book, case folded (${book})`, () => {
      const text = corpusText(book);
      const counts = countWords(text);
      expect(sorted(counts)).toEqual(sorted(plainCount(text)));
    });
  }

  it('counts a vocabulary larger than its first table (100,000 distinct words, each twice in two cases)', () => {
    const words = Array.from({ length: 100_000 }, (_, n) => n.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26))));
    const text = `${words.join(' ')}\n${words.map((w) => w.toUpperCase()).join(', ')}`;
    expect(sorted(countWords(text))).toEqual(sorted(plainCount(text)));
  });

  it('adds a word written with a non-ASCII capital to its ASCII spelling (the Kelvin sign lowercases to k)', () => {
    expect(sorted(countWords('Kin kin KIN \u212Ain Über über'))).toEqual([['kin', 4], ['über', 2]]);
  });
});

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

describe('countWordsWithPlaces', () => {
  for (const book of BOOKS) {
    it(`counts as countWords does and places every rare word where a plain scan finds it (${book})`, () => {
      const text = corpusText(book);
      const { counts, placesOf } = countWordsWithPlaces(text);
      expect(sorted(counts)).toEqual(sorted(countWords(text)));
      // The plain places: the start of every run of letters, by its lowercased word.
      const plainPlaces = new Map<string, number[]>();
      for (const m of text.matchAll(/\p{L}+/gu)) {
        // A run the regex reads across an astral letter is several runs of the one-unit-at-a-time count.
        for (const part of m[0].matchAll(/[^\ud800-\udfff]+/g)) {
          const word = part[0].toLowerCase();
          const list = plainPlaces.get(word) ?? [];
          list.push(m.index + part.index);
          plainPlaces.set(word, list);
        }
      }
      let rare = 0;
      for (const [word, places] of plainPlaces) {
        if (places.length <= MAX_PLACED) {
          rare++;
          expect(placesOf(word), word).toEqual(places);
        } else expect(placesOf(word), word).toBeUndefined();
      }
      expect(rare).toBeGreaterThan(100);
      expect(placesOf('zzzqx')).toBeUndefined();
    });
  }
});
