/**
 * Reading lengths and numbers as style guides write them: `1 inch`, `1-inch`, `one inch`, `1.5"`, `1 1/2 in.`,
 * `one and a half inches`, `2.5 cm`, `25 mm`, `12-point`, `12 pt`.
 */

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  half: 0.5,
  'one-half': 0.5,
  'a half': 0.5,
  'three-quarter': 0.75,
  'three-quarters': 0.75,
  quarter: 0.25,
  'a quarter': 0.25,
  one: 1,
  'one and a half': 1.5,
  'one-and-a-half': 1.5,
  'one and one-half': 1.5,
  'one and one half': 1.5,
  'one and a quarter': 1.25,
  'one and one-quarter': 1.25,
  two: 2,
  'two and a half': 2.5,
  three: 3,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

/** A number in figures (`1`, `1.5`, `1,5`, `1½`, `1 1/2`, `3/4`) or words (`one and a half`). */
export const NUMBER = String.raw`(?:\d+(?:[.,]\d+)?\s*(?:½|¼|¾|\s1\/2|\s1\/4|\s3\/4)?|\d\/\d|½|¼|¾|one and (?:a|one)[- ](?:half|quarter)|one-and-a-half|two and a half|three-quarters?|one-half|a half|a quarter|half|quarter|one|two|three|ten|eleven|twelve)`;

/** The value of a {@link NUMBER} match. */
export function parseNumber(text: string): number {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (t in NUMBER_WORDS) return NUMBER_WORDS[t]!;
  const fraction = /^(\d+)?\s*(½|¼|¾|1\/2|1\/4|3\/4)$/.exec(t);
  if (fraction) {
    const part = { '½': 0.5, '1/2': 0.5, '¼': 0.25, '1/4': 0.25, '¾': 0.75, '3/4': 0.75 }[fraction[2] as '½'];
    return Number(fraction[1] ?? 0) + part;
  }
  const simple = /^(\d)\/(\d)$/.exec(t);
  if (simple) return Number(simple[1]) / Number(simple[2]);
  return Number(t.replace(',', '.'));
}

/** A length: a number and its unit, e.g. `1.5 inches`, `1-inch`, `2.5cm`, `1"`. Groups: number, unit. */
export const LENGTH = new RegExp(String.raw`(${NUMBER})\s*-?\s*(inches|inch|in\.|in\b|"|″|”|''|centimet(?:er|re)s?|cm\b|millimet(?:er|re)s?|mm\b)`, 'gi');

/** A length match in inches. */
export function lengthInInches(numberText: string, unit: string): number {
  const n = parseNumber(numberText);
  const u = unit.toLowerCase();
  if (u.startsWith('c')) return n / 2.54;
  if (u.startsWith('m')) return n / 25.4;
  return n;
}

/** Rounds inches to the nearest 1/8 in when within 0.02 in of it (2.5 cm is 0.98 in, read as 1 in). */
export function tidyInches(n: number): number {
  const eighth = Math.round(n * 8) / 8;
  return Math.abs(eighth - n) <= 0.02 ? eighth : Number(n.toFixed(2));
}
