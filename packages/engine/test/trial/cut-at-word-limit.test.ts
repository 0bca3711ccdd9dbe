/**
 * The free trial's cut (accounts spec section 9: about 12,500 words) on real books: whole paragraphs at or under
 * the limit, every word kept between the two parts, notes moved with their references, verse never split.
 */
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../src/clean/index.ts';
import { cutAtWordLimit } from '../../src/clean/cut-at-word-limit.ts';
import { countWords } from '../../src/clean/index.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { corpusText } from '../helpers/corpus.ts';
import { words } from '../helpers/words.ts';

const LIMIT = 12_500;

/** Word bags of two texts are equal (same words, same number of times). */
function sameWords(a: string, b: string): boolean {
  // Fence lines (`::: verse`) are markup, not words: a block cut in two is opened again in the remainder.
  const bag = (t: string) => words(t.replace(/^ {0,3}:{3,}.*$/gm, '')).sort().join(' ');
  return bag(a) === bag(b);
}

describe('cutAtWordLimit', () => {
  it('keeps a text that fits as it is', () => {
    const text = '# One\n\nA short paragraph.\n\nAnother one.';
    expect(cutAtWordLimit(text, LIMIT)).toEqual({ kept: text, remainder: '', keptWords: countWords(text), totalWords: countWords(text), truncated: false });
  });

  it.each([
    ['gutenberg/pg1342-pride-and-prejudice.txt'],
    ['gutenberg/pg84-frankenstein.txt'],
    ['gutenberg/pg731-decline-and-fall-roman-empire-vol1.txt'],
    ['gutenberg/pg1322-leaves-of-grass.txt'],
  ])('cuts %s at a paragraph boundary under the limit and loses no word', (file) => {
    const markdown = cleanText(corpusText(file)).markdown;
    const cut = cutAtWordLimit(markdown, LIMIT);
    expect(cut.truncated).toBe(true);
    expect(cut.totalWords).toBe(countWords(markdown));
    expect(cut.keptWords).toBeLessThanOrEqual(LIMIT);
    // Close to the limit: the next paragraph would not have fitted (no paragraph of these books has 2,000 words).
    expect(cut.keptWords).toBeGreaterThan(LIMIT - 2_000);
    expect(sameWords(`${cut.kept}\n\n${cut.remainder}`, markdown)).toBe(true);
    // The kept text starts the book: its first paragraphs, in order (notes aside, which move to its end).
    const bodyBlocks = (t: string) => t.split(/\n\n+/).filter((b) => !/^(?:\[\^[^\]\s]+\]:| {4})/.test(b));
    const keptBody = bodyBlocks(cut.kept).filter((b) => b !== ':::' || !cut.remainder.startsWith(':::'));
    expect(bodyBlocks(markdown).slice(0, keptBody.length)).toEqual(keptBody);
    // Every note the kept text refers to is defined in it; it parses.
    const refs = new Set([...cut.kept.matchAll(/\[\^([^\]\s]+)\](?!:)/g)].map((m) => m[1]!));
    for (const label of refs) expect(cut.kept).toMatch(new RegExp(`^\\[\\^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\]:`, 'm'));
    expect(() => parseMarkdown(cut.kept, { title: 't', author: 'a', language: 'en' })).not.toThrow();
    // A heading never ends the kept text.
    expect(cut.kept.trimEnd().split('\n\n').at(-1)).not.toMatch(/^#/);
  });

  it('moves the notes of the kept paragraphs with them, and leaves the others', () => {
    const para = (n: number) => `Paragraph ${n} ${'word '.repeat(40).trim()}.`;
    const text = [para(1) + '[^a]', para(2), para(3) + '[^b]', '[^a]: Note a text.', '[^b]: Note b text.'].join('\n\n');
    const cut = cutAtWordLimit(text, 90);
    expect(cut.kept).toContain('[^a]: Note a text.');
    expect(cut.kept).not.toContain('Paragraph 3');
    expect(cut.remainder).toContain('[^b]: Note b text.');
    expect(cut.remainder).not.toContain('[^a]:');
  });

  it('does not split a verse block when a boundary outside it fits', () => {
    const prose = `Prose ${'word '.repeat(60).trim()}.`;
    const stanza = (n: number) => `Line ${n} of the poem\\\nand its second line`;
    const text = [prose, '::: {.verse}', stanza(1), stanza(2), stanza(3), ':::', prose].join('\n\n');
    // 61 words of prose and one stanza (9 words) fit in 75; the prose alone keeps over 80 % of them.
    const cut = cutAtWordLimit(text, 75);
    expect(cut.kept).toBe(prose);
    expect(cut.remainder.startsWith('::: {.verse}')).toBe(true);
  });

  it('closes a block it must cut inside, and opens it again in the remainder', () => {
    const stanza = (n: number) => `Stanza ${n} ${'word '.repeat(20).trim()}`;
    const text = ['::: {.verse}', stanza(1), stanza(2), stanza(3), ':::'].join('\n\n');
    const cut = cutAtWordLimit(text, 50);
    expect(cut.kept).toBe(['::: {.verse}', stanza(1), stanza(2), ':::'].join('\n\n'));
    expect(cut.remainder).toBe(['::: {.verse}', stanza(3), ':::'].join('\n\n'));
  });
});
