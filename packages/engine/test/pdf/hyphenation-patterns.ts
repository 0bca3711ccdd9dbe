/**
 * An outside judge of hyphenation: Frank Liang's pattern algorithm (TeX, The TeXbook appendix H) over the
 * TeX hyphenation patterns groff ships (`/usr/share/groff/<version>/tmac/hyphen.<lang>`: `den` German in the
 * reformed orthography, `det` traditional German, `us` English). Used to check that the PDF breaks words where
 * the book's language allows it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const GROFF = '/usr/share/groff';

/** Path of groff's pattern file for `name` (`den`, `det`, `us`), or `undefined` when groff is not installed. */
export function groffPatternFile(name: string): string | undefined {
  if (!existsSync(GROFF)) return undefined;
  for (const version of readdirSync(GROFF)) {
    const file = path.join(GROFF, version, 'tmac', `hyphen.${name}`);
    if (existsSync(file)) return file;
  }
  return undefined;
}

/** Hyphenation patterns: letters to the digit after each position (Liang). */
export type Patterns = Map<string, number[]>;

/** Reads the `\patterns{...}` block of a TeX pattern file (Latin-1, as groff ships them). */
export function readPatterns(file: string): Patterns {
  const text = readFileSync(file, 'latin1');
  const start = text.indexOf('\\patterns{');
  const end = text.indexOf('}', start);
  const patterns: Patterns = new Map();
  for (const raw of text.slice(start + '\\patterns{'.length, end).split(/\s+/)) {
    const pattern = raw.replace(/%.*$/, '');
    if (!pattern) continue;
    const letters = pattern.replace(/\d/g, '');
    const digits = new Array<number>(letters.length + 1).fill(0);
    let i = 0;
    for (const ch of pattern) {
      if (/\d/.test(ch)) digits[i] = Number(ch);
      else i += 1;
    }
    patterns.set(letters, digits);
  }
  return patterns;
}

/**
 * Whether the patterns allow a break in `word` after `at` letters (`Schwin|del` is at 6). Letters are compared
 * in lower case; a word's edges are `.`, as in TeX.
 */
export function allowsBreak(patterns: Patterns, word: string, at: number): boolean {
  const w = `.${word.toLowerCase()}.`;
  const values = new Array<number>(w.length + 1).fill(0);
  for (let i = 0; i < w.length; i += 1) {
    for (let j = i + 1; j <= w.length; j += 1) {
      const digits = patterns.get(w.slice(i, j));
      if (!digits) continue;
      digits.forEach((d, k) => {
        values[i + k] = Math.max(values[i + k]!, d);
      });
    }
  }
  // values[p] is the value between w[p-1] and w[p]; a break after `at` letters of the word is at p = at + 1.
  return values[at + 1]! % 2 === 1;
}
