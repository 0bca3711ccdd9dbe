/**
 * White space by code unit (`structure/whitespace.ts`) is JavaScript's white space: the same code units as `/\s/`,
 * and the same measures as `trimStart()` and `trimEnd()` on the lines of real books.
 */
import { describe, expect, it } from 'vitest';
import { isWhiteSpace, leadingWhiteSpace, trimmedEndLength } from '../../src/structure/whitespace.ts';
import { corpusText } from '../helpers/corpus.ts';

describe('isWhiteSpace', () => {
  it('is /\\s/ for every UTF-16 code unit', () => {
    const differ: number[] = [];
    for (let c = 0; c < 0x10000; c++) if (isWhiteSpace(c) !== /\s/.test(String.fromCharCode(c))) differ.push(c);
    expect(differ).toEqual([]);
  });
});

describe('leadingWhiteSpace and trimmedEndLength', () => {
  for (const book of ['gutenberg/pg1322-leaves-of-grass.txt', 'gutenberg/pg1342-pride-and-prejudice-2020s-cp1252.txt', 'gutenberg/pg2229-faust-de.txt']) {
    it(`measure every line as trimStart and trimEnd do (${book})`, () => {
      const lines = corpusText(book).split('\n');
      let indented = 0;
      for (const line of lines) {
        expect(leadingWhiteSpace(line)).toBe(line.length - line.trimStart().length);
        expect(trimmedEndLength(line)).toBe(line.trimEnd().length);
        if (leadingWhiteSpace(line) > 0) indented++;
      }
      expect(indented).toBeGreaterThan(0);
    });
  }

  it('measure lines of every kind of white space, a line of nothing else included', () => {
    const spaces = ' \t\v\f\r\u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
    for (const line of [`${spaces}word${spaces}`, spaces, '', 'word', '\u0085word\u180e']) {
      expect(leadingWhiteSpace(line)).toBe(line.length - line.trimStart().length);
      expect(trimmedEndLength(line)).toBe(line.trimEnd().length);
    }
  });
});
