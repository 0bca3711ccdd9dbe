/**
 * The book's own vocabulary, for the passes that only repair a word when the book itself confirms the
 * repair (line-end hyphenation, OCR confusions, words split by a stray space): a word is "a word of the
 * book" when the book uses it elsewhere. Standard Ebooks' `se dehyphenate`/`se modernize-spelling` work
 * from a dictionary; a scan of a 19th-century medical treatise is better served by its own words.
 */

/** Lowercase counts of the book's words: runs of letters (hyphenated compounds give each part). */
export type WordCounts = Map<string, number>;

const LETTER = /\p{L}/u;

/**
 * Whether each UTF-16 code unit above ASCII is a letter (1) or not (2), 0 until first asked: a book's curly
 * quotes, dashes and accented letters are tested once each instead of at every occurrence. A lone surrogate
 * is not a letter, as `\p{L}` says of it.
 */
const NON_ASCII_LETTER = new Uint8Array(0x10000);

function isLetter(text: string, i: number): boolean {
  return isLetterCode(text.charCodeAt(i));
}

/** Whether the UTF-16 code unit `c` is a letter (`\p{L}`; a surrogate is not). */
function isLetterCode(c: number): boolean {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  let known = NON_ASCII_LETTER[c]!;
  if (known === 0) NON_ASCII_LETTER[c] = known = LETTER.test(String.fromCharCode(c)) ? 1 : 2;
  return known === 1;
}

/**
 * Counts every word of `text` (lowercased runs of letters; `well-known` counts `well` and `known`).
 * Linear in the text, with a hand-written scan (a Unicode regex over War and Peace takes several times
 * longer). Words of ASCII letters, nearly all of an English book's, are counted in a table of their places in
 * the text, hashed as they are scanned, so that a string is made once a distinct word rather than once a word;
 * other words go through their lowercased string.
 */
export function countWords(text: string): WordCounts {
  return scanWords(text).counts();
}

/** The words of a text ({@link countWords}), and where its rare words are. */
export interface WordPlaces {
  /** The counts, as {@link countWords} gives them. */
  counts: WordCounts;
  /**
   * Where `word` (lower case) starts in the text, each time it occurs (a run of letters in any case), in order; only
   * for a word of at most {@link MAX_PLACED} uses (`undefined` for more, and for a word the text does not have).
   */
  placesOf(word: string): number[] | undefined;
}

/** Uses of a word up to which {@link WordPlaces.placesOf} knows its places. */
export const MAX_PLACED = 2;

/**
 * Counts every word of `text` as {@link countWords} does, and keeps where each word used at most {@link MAX_PLACED}
 * times is (the scan sees every place; a pass that looks for a book's rare words then goes straight to them).
 */
export function countWordsWithPlaces(text: string): WordPlaces {
  const scanned = scanWords(text);
  return { counts: scanned.counts(), placesOf: (word) => scanned.placesOf(word) };
}

/** One scan of the words of a text: the ASCII words' table, the other words' counts and first places. */
function scanWords(text: string): ScannedWords {
  const asciiWords = new AsciiWordTable(text);
  const others: WordCounts = new Map();
  const otherPlaces = new Map<string, number[]>();
  const n = text.length;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (!isLetterCode(c)) {
      i++;
      continue;
    }
    const start = i;
    // FNV-1a over the lowercased code units, while they are all ASCII; each code unit is read once.
    let hash = 0x811c9dc5;
    let ascii = true;
    do {
      if (c >= 128) ascii = false;
      else hash = Math.imul(hash ^ (c | 0x20), 0x01000193);
      if (++i >= n) break;
      c = text.charCodeAt(i);
    } while (isLetterCode(c));
    if (ascii) asciiWords.add(start, i - start, hash >>> 0);
    else {
      const word = text.slice(start, i).toLowerCase();
      const count = (others.get(word) ?? 0) + 1;
      others.set(word, count);
      if (count === 1) otherPlaces.set(word, [start]);
      else if (count <= MAX_PLACED) otherPlaces.get(word)!.push(start);
    }
  }
  return {
    counts() {
      // A word outside ASCII may lowercase to an ASCII one (the Kelvin sign to `k`): the counts are added.
      const counts = asciiWords.counts();
      for (const [word, count] of others) counts.set(word, (counts.get(word) ?? 0) + count);
      return counts;
    },
    placesOf(word) {
      const ascii = asciiWords.placesOf(word);
      const other = otherPlaces.get(word);
      const count = (ascii?.count ?? 0) + (others.get(word) ?? 0);
      if (count === 0 || count > MAX_PLACED) return undefined;
      return [...(ascii?.places ?? []), ...(other ?? [])].sort((a, b) => a - b);
    },
  };
}

interface ScannedWords {
  counts(): WordCounts;
  placesOf(word: string): number[] | undefined;
}

/**
 * Counts of words of ASCII letters of one text, case folded, by their first place in it: an open-addressing hash
 * table (linear probing, kept at most half full) over parallel typed arrays.
 */
class AsciiWordTable {
  private slots = new Int32Array(1 << 16);
  private starts = new Int32Array(1 << 15);
  private lengths = new Int32Array(1 << 15);
  private hashes = new Uint32Array(1 << 15);
  private tallies = new Int32Array(1 << 15);
  /** Where the word's second use starts (its first is `starts`), once it has one. */
  private seconds = new Int32Array(1 << 15);
  private size = 0;

  constructor(private readonly text: string) {}

  /** Counts the word `text[start, start + length)` (ASCII letters), whose case-folded hash is `hash`. */
  add(start: number, length: number, hash: number): void {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]! - 1;
      if (entry < 0) {
        this.insert(slot, start, length, hash);
        return;
      }
      if (this.hashes[entry] === hash && this.lengths[entry] === length && this.sameWord(this.starts[entry]!, start, length)) {
        if (this.tallies[entry] === 1) this.seconds[entry] = start;
        this.tallies[entry]! += 1;
        return;
      }
    }
  }

  /** The counts, by lowercased word. */
  counts(): WordCounts {
    const out: WordCounts = new Map();
    for (let e = 0; e < this.size; e++) {
      const start = this.starts[e]!;
      out.set(this.text.slice(start, start + this.lengths[e]!).toLowerCase(), this.tallies[e]!);
    }
    return out;
  }

  /**
   * The uses of `word` (lower case) and, for a word of at most {@link MAX_PLACED}, where they start; undefined when
   * the text has no such word of ASCII letters.
   */
  placesOf(word: string): { count: number; places: number[] } | undefined {
    let hash = 0x811c9dc5;
    for (let k = 0; k < word.length; k++) {
      const c = word.charCodeAt(k);
      if (c < 97 || c > 122) return undefined;
      hash = Math.imul(hash ^ c, 0x01000193);
    }
    hash >>>= 0;
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]! - 1;
      if (entry < 0) return undefined;
      if (this.hashes[entry] !== hash || this.lengths[entry] !== word.length) continue;
      const start = this.starts[entry]!;
      let same = true;
      for (let k = 0; k < word.length && same; k++) same = (this.text.charCodeAt(start + k) | 0x20) === word.charCodeAt(k);
      if (!same) continue;
      const count = this.tallies[entry]!;
      return { count, places: count > MAX_PLACED ? [] : count === 1 ? [start] : [start, this.seconds[entry]!] };
    }
  }

  /** Whether two runs of ASCII letters of the text are the same word but for case. */
  private sameWord(a: number, b: number, length: number): boolean {
    for (let k = 0; k < length; k++) if ((this.text.charCodeAt(a + k) | 0x20) !== (this.text.charCodeAt(b + k) | 0x20)) return false;
    return true;
  }

  private insert(slot: number, start: number, length: number, hash: number): void {
    if (this.size === this.starts.length) this.growEntries();
    const entry = this.size++;
    this.starts[entry] = start;
    this.lengths[entry] = length;
    this.hashes[entry] = hash;
    this.tallies[entry] = 1;
    this.slots[slot] = entry + 1;
    if (this.size * 2 > this.slots.length) this.rehash();
  }

  private growEntries(): void {
    const grow = <T extends Int32Array | Uint32Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(a.length * 2);
      b.set(a);
      return b;
    };
    this.starts = grow(this.starts);
    this.lengths = grow(this.lengths);
    this.hashes = grow(this.hashes);
    this.tallies = grow(this.tallies);
    this.seconds = grow(this.seconds);
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    const mask = this.slots.length - 1;
    for (let e = 0; e < this.size; e++) {
      let slot = this.hashes[e]! & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = e + 1;
    }
  }
}

/**
 * Counts only the `wanted` words (lower case) in `text`, as {@link countWords} counts them: the same scan, but a
 * word is made a string only when its length and first letter match a wanted word's (a pass that asks about a
 * few words, out of a book's hundreds of thousands, makes a few thousand strings instead of one a word).
 * @returns counts of the wanted words that occur (absent: none).
 */
export function countWordsOf(text: string, wanted: ReadonlySet<string>): WordCounts {
  const shapes = new Set<number>();
  for (const w of wanted) shapes.add(w.length * 0x10000 + w.charCodeAt(0));
  const counts: WordCounts = new Map();
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isLetter(text, i)) {
      i++;
      continue;
    }
    const start = i;
    let ascii = true;
    while (i < n && isLetter(text, i)) {
      if (text.charCodeAt(i) >= 128) ascii = false;
      i++;
    }
    if (ascii) {
      // An ASCII word lowercases to one of the same length, its first letter lowercased.
      const first = text.charCodeAt(start);
      if (!shapes.has((i - start) * 0x10000 + (first <= 90 ? first + 32 : first))) continue;
    }
    const word = text.slice(start, i).toLowerCase();
    if (wanted.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

/**
 * Counts the hyphenated compounds written on one line (`to-day`, `well-known`), lowercased. Scans from
 * each hyphen, not with a regex over every position (ten times faster on a 1.7 MB OCR text).
 */
export function countCompounds(text: string): WordCounts {
  const counts: WordCounts = new Map();
  let from = 0;
  for (;;) {
    const h = text.indexOf('-', from);
    if (h < 0) break;
    from = h + 1;
    if (h === 0 || !isLetter(text, h - 1) || h + 1 >= text.length || !isLetter(text, h + 1)) continue;
    let start = h - 1;
    while (start > 0 && (isLetter(text, start - 1) || (text[start - 1] === '-' && start > 1 && isLetter(text, start - 2)))) start--;
    let end = h + 1;
    while (end < text.length && (isLetter(text, end) || (text[end] === '-' && end + 1 < text.length && isLetter(text, end + 1)))) end++;
    if (start > 0 && text[start - 1] === '-') continue;
    const word = text.slice(start, end).toLowerCase();
    counts.set(word, (counts.get(word) ?? 0) + 1);
    from = end;
  }
  return counts;
}

/**
 * Rewrites the words of `text` (runs of letters) through `fn`; `fn` returns the word itself to keep it.
 * Characters between words are copied as they are.
 */
export function mapWords(text: string, fn: (word: string) => string): string {
  const parts: string[] = [];
  const n = text.length;
  let copied = 0;
  let i = 0;
  while (i < n) {
    if (!isLetter(text, i)) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && isLetter(text, i)) i++;
    const word = text.slice(start, i);
    const next = fn(word);
    if (next !== word) {
      parts.push(text.slice(copied, start), next);
      copied = i;
    }
  }
  if (copied === 0) return text;
  parts.push(text.slice(copied));
  return parts.join('');
}
