/**
 * Dialogue punctuation (layout `dialogueFormat`) on the quotation conventions the corpus holds: English “…”,
 * German „…“ and »…«, French « … » with its no-break spaces, and straight quotes. Only quotation marks change.
 */
import { describe, expect, it } from 'vitest';
import { formatDialogue } from '../../src/write/dialogue.ts';

const cases = [
  { source: '“Hello,” she said. “Yes.”', french: '«\u202fHello,\u202f» she said. «\u202fYes.\u202f»', minimal: '—\u00a0Hello, she said. —\u00a0Yes.' },
  { source: 'Er sprach: „Im Anfang war das Wort!“ Dann', french: 'Er sprach: «\u202fIm Anfang war das Wort!\u202f» Dann', minimal: 'Er sprach: —\u00a0Im Anfang war das Wort! Dann' },
  { source: '»Ja«, sagte er und »Nein«.', french: '«\u202fJa\u202f», sagte er und «\u202fNein\u202f».', minimal: '—\u00a0Ja, sagte er und —\u00a0Nein.' },
  { source: '« Oui », dit-il.', french: '«\u202fOui\u202f», dit-il.', minimal: '—\u00a0Oui, dit-il.' },
  { source: '"Straight," he said.', french: '«\u202fStraight,\u202f» he said.', minimal: '—\u00a0Straight, he said.' },
];

describe('formatDialogue', () => {
  it.each(cases)('$source', ({ source, french, minimal }) => {
    expect(formatDialogue(source, 'standard')).toBe(source);
    expect(formatDialogue(source, 'french')).toBe(french);
    expect(formatDialogue(source, 'minimal')).toBe(minimal);
  });

  it('keeps every word and apostrophe', () => {
    const source = '“Don’t,” said the Hatter’s friend, ‘it’s late.’';
    const words = (s: string) => s.replace(/[^\p{L}’‘]+/gu, ' ').trim();
    expect(words(formatDialogue(source, 'minimal'))).toBe(words(source));
    expect(formatDialogue(source, 'french')).toContain('‘it’s late.’');
  });
});
