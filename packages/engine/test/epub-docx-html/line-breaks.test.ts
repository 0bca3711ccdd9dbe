/**
 * The forbidden line breaks every writer binds (`write/line-breaks.ts`): a word joiner before an em dash that follows
 * a word, a no-break space after an honorific that stands before a name, and nothing else of the text changed.
 */
import { describe, expect, it } from 'vitest';
import { bindLineBreaks } from '../../src/write/line-breaks.ts';

const WJ = '\u2060';
const NBSP = '\u00a0';

describe('bindLineBreaks', () => {
  it('binds an honorific to the name after it, after opening punctuation too, and only a whole word', () => {
    expect(bindLineBreaks('said Mr. Darcy and Mrs.  Bennet')).toBe(`said Mr.${NBSP}Darcy and Mrs.${NBSP}Bennet`);
    expect(bindLineBreaks('“Dr. Who,” (St. John)')).toBe(`“Dr.${NBSP}Who,” (St.${NBSP}John)`);
    // After a letter or digit (an astral letter included) the abbreviation ends a word: no honorific.
    expect(bindLineBreaks('XMr. Y 4Dr. Z 𝐀Mr. B')).toBe('XMr. Y 4Dr. Z 𝐀Mr. B');
    // Lower case `st.` is not Saint (the match is case-sensitive).
    expect(bindLineBreaks('the first st. place')).toBe('the first st. place');
  });

  it('puts a word joiner before an em dash that follows a word, not one after a space', () => {
    expect(bindLineBreaks('well—said — so')).toBe(`well${WJ}—said — so`);
    expect(bindLineBreaks('—then')).toBe(`${WJ}—then`);
    expect(bindLineBreaks(bindLineBreaks('well—said'))).toBe(`well${WJ}—said`);
  });
});
