/**
 * The character-class measures of whole-book scans (`structure/char-classes.ts`) agree with the Unicode regular
 * expressions they stand for, on ASCII, the Basic Multilingual Plane, surrogate pairs and lone surrogates.
 */
import { describe, expect, it } from 'vitest';
import { capitalLength, letterLength, lowerLength } from '../../src/structure/char-classes.ts';
import { isAllCaps } from '../../src/structure/heading-lines.ts';

describe('character classes', () => {
  const text = 'aZ1 éÉ’ß𝐀𝐚\ud835x\udc00ǅ';
  const measures = [
    [letterLength, /^\p{L}$/u],
    [capitalLength, /^\p{Lu}$/u],
    [lowerLength, /^\p{Ll}$/u],
  ] as const;

  it.each(measures.map(([measure, pattern]) => ({ measure, pattern })))('$pattern: the code units of each character of the class, 0 elsewhere', ({ measure, pattern }) => {
    for (let i = 0; i < text.length; i++) {
      const codePoint = String.fromCodePoint(text.codePointAt(i)!);
      // A lone surrogate is no character of any class; a pair's second half starts none.
      const lone = codePoint.length === 1 && /[\ud800-\udfff]/u.test(codePoint);
      const low = i > 0 && /[\ud800-\udbff]/.test(text[i - 1]!) && /[\udc00-\udfff]/.test(text[i]!);
      const expected = lone || low || !pattern.test(codePoint) ? 0 : codePoint.length;
      expect(measure(text, i), `${pattern} at ${i}`).toBe(expected);
    }
  });

  it('isAllCaps: two capitals or more and no lower-case letter, counted by code point', () => {
    expect(isAllCaps('CHAPTER I.')).toBe(true);
    expect(isAllCaps('ÉTÉ ’37')).toBe(true);
    expect(isAllCaps('𝐀𝐁')).toBe(true);
    expect(isAllCaps('Chapter I')).toBe(false);
    expect(isAllCaps('A 1')).toBe(false);
    expect(isAllCaps('ÉTÉ ß')).toBe(false);
  });
});
