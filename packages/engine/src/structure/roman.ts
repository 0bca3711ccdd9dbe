/**
 * Numbers as books write them in headings: Roman numerals (I, XIV, lxi), Arabic numerals, English
 * number words (ONE, TWENTY-ONE) and ordinals (FIRST, THE TWELFTH).
 */

const ROMAN = /^(?=[MDCLXVI])M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$/i;

/** True for a well-formed Roman numeral (I ... MMMCMXCIX), either case. */
export function isRoman(s: string): boolean {
  return s.length > 0 && ROMAN.test(s);
}

const UNITS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const ORD_UNITS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth',
  'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth',
  'nineteenth'];
const ORD_TENS = ['twentieth', 'thirtieth', 'fortieth', 'fiftieth'];

const CARDINAL_WORD = `(?:(?:${TENS.join('|')})(?:[- ](?:${UNITS.slice(0, 9).join('|')}))?|${UNITS.join('|')})`;
const ORDINAL_WORD = `(?:(?:${TENS.join('|')})[- ](?:${ORD_UNITS.slice(0, 9).join('|')})|${ORD_UNITS.join('|')}|${ORD_TENS.join('|')}|last|final)`;

/** Regex source for a heading number: Roman, Arabic, or a cardinal word (`ONE`, `twenty-one`). */
export const NUMBER_SOURCE = `(?:[MDCLXVI]+|[mdclxvi]+|\\d{1,4}|${CARDINAL_WORD})`;
/** Regex source for an ordinal word (`FIRST`, `Twenty-First`, `LAST`). */
export const ORDINAL_SOURCE = ORDINAL_WORD;
