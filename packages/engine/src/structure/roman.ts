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

const ROMAN_VALUES: Readonly<Record<string, number>> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };

/** Value of a well-formed Roman numeral, either case (`XIV` -> 14); undefined for anything else. */
export function romanValue(s: string): number | undefined {
  if (!isRoman(s)) return undefined;
  const digits = [...s.toUpperCase()].map((ch) => ROMAN_VALUES[ch]!);
  return digits.reduce((sum, v, i) => sum + (v < (digits[i + 1] ?? 0) ? -v : v), 0);
}

/** Roman numeral digits from the largest value down (subtractive pairs included). */
const ROMAN_DIGITS: ReadonlyArray<readonly [number, string]> = [
  [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
  [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
];

/** Upper-case roman numeral of `n` (1-3999), e.g. 14 -> `XIV`; `''` outside that range. */
export function upperRoman(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 3999) return '';
  let rest = n;
  return ROMAN_DIGITS.reduce((out, [value, digits]) => {
    const times = Math.floor(rest / value);
    rest -= times * value;
    return out + digits.repeat(times);
  }, '');
}
