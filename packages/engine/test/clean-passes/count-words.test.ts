/**
 * The cleanup report's word count (`countWords` of `clean/index.ts`) is one scan of the text; its meaning is the plain
 * definition below (tokens between `\s` holding a letter or digit, fence lines and trailing attributes left out),
 * checked on every corpus book, on edge cases and on random text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countWords } from '../../src/clean/index.ts';
import { cleanText, readText } from '../../src/index.ts';
import { corpusDir } from '../helpers/corpus.ts';

/** The definition, written the obvious way. */
function plainCount(markdown: string): number {
  let words = 0;
  for (const line of markdown.split('\n')) {
    if (/^ {0,3}:::/.test(line)) continue;
    const text = line.replace(/(?:^|\s)\{[.#][^{}]*\}\s*$/, '');
    for (const token of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(token)) words++;
  }
  return words;
}

describe('countWords', () => {
  it('counts as the plain definition on edge cases', () => {
    const cases = ['', '\n', '# {.front .dedication}', '# One {.part}', '  ::: verse', '    ::: not a fence', 'a\u00a0b', '\u{1D504}\u{1D505} x', '\ud835', 'x {.part}  ', 'x{.part}', '\u2014 \u2013 ...', '\u0661\u0662 word', 'a\u3000b\u2028c', '\ufeffhello', 'tab\tsep\rcr'];
    for (const text of cases) expect(countWords(text), JSON.stringify(text)).toBe(plainCount(text));
    expect(countWords('# Chapter 1\n\nIt was \u2014 a dark night. {.x}\n::: verse\n')).toBe(7);
  });

  it('counts as the plain definition on random text', () => {
    const alphabet = fc.constantFrom('a', 'Z', '7', ' ', '\n', '\t', '{', '}', '.', '#', ':', '\u00a0', '\u2003', '\u{1D504}', '\u00e9', '-', '\u3000');
    fc.assert(fc.property(fc.array(alphabet, { maxLength: 40 }).map((chars) => chars.join('')), (text) => countWords(text) === plainCount(text)), { numRuns: 5000 });
  });

  it('counts every cleaned corpus book as the plain definition', () => {
    const dir = path.join(corpusDir(), 'gutenberg');
    const books = readdirSync(dir).filter((f) => f.endsWith('.txt'));
    expect(books.length).toBeGreaterThan(10);
    for (const file of books) {
      const { markdown } = cleanText(readText(new Uint8Array(readFileSync(path.join(dir, file)))).text);
      expect(countWords(markdown), file).toBe(plainCount(markdown));
    }
  }, 120_000);
});
