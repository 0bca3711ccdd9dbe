/**
 * Pass `capitalsEmphasis`: words a transcriber could only stress in capitals become emphasis. Plain-text
 * e-texts made before `_underscores_` were the custom set the author's italics in capitals (pg11 Alice: `I'm
 * VERY sorry`, `she NEVER`, `the Rabbit actually TOOK A WATCH OUT OF ITS WAISTCOAT-POCKET`); Standard Ebooks'
 * editions set them as `<em>` in lower case (`I’m <em>very</em> sorry`). Only a book whose own usage shows the
 * convention is touched: it has at least {@link MIN_RUNS} such runs and almost no underscore italics (fewer than
 * one for every {@link RUNS_PER_UNDERSCORE} runs), so a book that marks italics with underscores and uses
 * capitals for something else (Pride and Prejudice's `MY DEAR LIZZY,`) is left as it is.
 *
 * A run of capitals counts when it stands inside a paragraph, not at its start (a play's speaker `ALGERNON.`, a
 * letter's `MY DEAR LIZZY,`), and every word of it appears elsewhere in the book in lower or mixed case (so not
 * an acronym, a Roman numeral, a `CHORUS.` label or the `LORD` of Bible quotations, which the book never writes
 * otherwise; names are left too, as Standard Ebooks sets them in small capitals). Each word is set in lower
 * case (`VERY` -> `very`; the pronoun stays `I’m`), with a capital where the run opens a sentence. Count: runs made emphasis.
 */
import { capitalLength, letterLength } from '../../structure/char-classes.ts';
import { HEADING_LINE } from '../../structure/markdown-syntax.ts';
import { isRoman } from '../../structure/roman.ts';
import type { CleanPass, PassContext } from '../pass.ts';

/** A book needs this many runs of capitals inside paragraphs before they are read as its emphasis. */
const MIN_RUNS = 10;
/** ... and fewer underscore italics than one for this many runs. */
const RUNS_PER_UNDERSCORE = 5;

/** An ALL-CAPS word (apostrophes and hyphens inside: `THAT’S`, `WAISTCOAT-POCKET`). */
const CAPS_WORD = "\\p{Lu}(?:[\\p{Lu}’'-]*\\p{Lu})?";
/** Capitals words separated by single spaces, not touching other letters. */
const CAPS_RUN = new RegExp(`(?<![\\p{L}\\p{N}_’'])${CAPS_WORD}(?: ${CAPS_WORD})*(?![\\p{L}\\p{N}_])`, 'gu');
/** Markdown emphasis written with underscores (`_Pequod_`). */
const UNDERSCORE_ITALIC = /(?<![\p{L}\p{N}_])_(?=\S)[^_\n]+?(?<=\S)_(?![\p{L}\p{N}_])/gu;

/**
 * Lines this pass never changes: headings, container fences, scene breaks. Each opens with a space, `#`, `:` or `*`:
 * a line that opens otherwise (nearly every line of a book) is told by its first character.
 */
function isStructureLine(line: string): boolean {
  const first = line.charCodeAt(0);
  if (first !== 32 && first !== 35 && first !== 58 && first !== 42) return false;
  return HEADING_LINE.test(line) || /^ {0,3}:::/.test(line) || /^\* \* \*$/.test(line);
}

/**
 * Whether `line` has two capitals in one word (`VERY`, `O’K`; `\p{Lu}[’'-]*\p{Lu}`): a line without them has no
 * run of {@link CAPS_RUN} with a word of two letters, the only runs this pass reads. Scanned by hand: the Unicode
 * regex tried at every position of every paragraph was most of the pass on War and Peace.
 */
function hasTwoCapitals(line: string): boolean {
  const n = line.length;
  let i = 0;
  while (i < n) {
    // ASCII, most of a line, is told here: a capital is `A`-`Z`.
    const c = line.charCodeAt(i);
    const first = c < 128 ? (c >= 65 && c <= 90 ? 1 : 0) : capitalLength(line, i);
    if (first === 0) {
      i++;
      continue;
    }
    i += first;
    while (i < n && isWordJoiner(line.charCodeAt(i))) i++;
    if (i < n && capitalLength(line, i) > 0) return true;
  }
  return false;
}

/** `’`, `'` and `-`, which a word of running text (`[\p{L}][\p{L}’'-]*`) keeps inside it. */
function isWordJoiner(c: number): boolean {
  return c === 0x2019 || c === 0x27 || c === 0x2d;
}

/** A word's length and first UTF-16 code unit as one number. */
function wordShape(length: number, firstCode: number): number {
  return length * 0x10000 + firstCode;
}

/**
 * Of the `wanted` words (lower case), those the book writes in lower case somewhere, outside headings and
 * fences: words of running text (a letter, then letters, `’`, `'` and `-`), scanned by hand (the Unicode regex
 * `[\p{L}][\p{L}’'-]*` over every line of War and Peace cost more than the rest of the pass).
 */
function lowerCaseWords(lines: readonly string[], wanted: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  // Length and first code unit of each wanted word: most words of the book are told apart by these two
  // numbers, without a string made for them.
  const shapes = new Set([...wanted].map((w) => wordShape(w.length, w.charCodeAt(0))));
  for (const line of lines) {
    if (isStructureLine(line)) continue;
    const n = line.length;
    let i = 0;
    while (i < n) {
      const first = letterLength(line, i);
      if (first === 0) {
        i++;
        continue;
      }
      const start = i;
      i += first;
      while (i < n) {
        if (isWordJoiner(line.charCodeAt(i))) i++;
        else {
          const next = letterLength(line, i);
          if (next === 0) break;
          i += next;
        }
      }
      if (!shapes.has(wordShape(i - start, line.charCodeAt(start)))) continue;
      const word = line.slice(start, i);
      if (wanted.has(word) && word === word.toLowerCase()) out.add(word);
    }
  }
  return out;
}

/** The run's words that have letters (`I`, `A` and `WAISTCOAT-POCKET` included). */
function runWords(run: string): string[] {
  return run.split(' ');
}

/** True when some word of the run has two letters or more (`I` and `A` alone are no stress). */
function hasLongWord(run: string): boolean {
  return runWords(run).some((w) => w.replace(/[^\p{L}]/gu, '').length >= 2);
}

/** A Roman numeral other than the pronoun `I` (`XIV`). */
function isRomanNumeral(word: string): boolean {
  return isRoman(word) && word !== 'I';
}

/**
 * True when every word of the run is one the book writes in lower case elsewhere (the pronoun `I` and its
 * contractions aside): names (`JOHN`, `CHR.` before a speech of Pilgrim's Progress), acronyms and Roman numerals
 * (`XIV`, which Gibbon's notes also write `xiv`) are not stressed words.
 */
function knownOtherwise(run: string, lower: ReadonlySet<string>): boolean {
  if (!hasLongWord(run)) return false;
  return runWords(run).every((w) => {
    if (isRomanNumeral(w)) return false;
    const key = w.toLowerCase();
    return /^i(?:[’'][\p{L}]+)?$/u.test(key) || lower.has(key);
  });
}

/** A run of capitals that stands inside a paragraph (not its first word, quotation marks aside). */
function insideParagraph(line: string, index: number): boolean {
  // A section number before a speaker (`{174} FAITH.`, pg131) is not text of the paragraph.
  const before = line.slice(0, index).replace(/^\[\^[^\]\s]+\]:\s*/, '');
  return /\p{L}/u.test(before);
}

/** True when the text before `index` ends a sentence (or is the start of a quotation at the paragraph's start). */
function opensSentence(line: string, index: number): boolean {
  const before = line.slice(0, index);
  return /(?:^|[.!?]["”’)]*\s+)["“‘(]*$/u.test(before) || !/\p{L}/u.test(before);
}

/** One stressed word in lower case, the pronoun `I` and a sentence's first letter excepted. */
function stressedWord(word: string, capitalise: boolean): string {
  const key = word.toLowerCase();
  // The pronoun stays a capital in its contractions too (`I’M` -> `I’m`).
  if (/^i(?:[’'][\p{L}]+)?$/u.test(key)) return `I${key.slice(1)}`;
  return capitalise ? key.charAt(0).toUpperCase() + key.slice(1) : key;
}

/**
 * Two code units that could be capitals, with only `’`, `'` or `-` between: every capital is `A`-`Z` or a code unit
 * of these ranges (no capital lies in U+0080-U+00BF or among the general punctuation, U+2000-U+206F, which a book's
 * curly quotes and dashes are), so every pair {@link hasTwoCapitals} finds is found here (and a few more).
 */
const MAYBE_TWO_CAPITALS = /[A-Z\u00c0-\u1fff\u2070-\uffff][’'-]*[A-Z\u00c0-\u1fff\u2070-\uffff]|_/g;

/**
 * Where the lines of `text` start that may have two capitals in one word or an underscore, in order: the only lines
 * whose runs and italics the pass counts. Found by a regex without Unicode classes over the whole text.
 */
function countedLineStarts(text: string): number[] {
  const starts: number[] = [];
  MAYBE_TWO_CAPITALS.lastIndex = 0;
  for (let m = MAYBE_TWO_CAPITALS.exec(text); m !== null; m = MAYBE_TWO_CAPITALS.exec(text)) {
    starts.push(text.lastIndexOf('\n', m.index) + 1);
    // The rest of the line is already counted.
    const end = text.indexOf('\n', m.index);
    if (end < 0) break;
    MAYBE_TWO_CAPITALS.lastIndex = end;
  }
  return starts;
}

function markCapitalsEmphasis(text: string, ctx: PassContext): string {
  if (!/\p{Lu}{2}/u.test(text)) return text;
  let underscores = 0;
  // Runs inside paragraphs with a word of two letters or more: an upper bound of the runs that count, which
  // decides most books before the book's lower-case words (the costly part) are gathered.
  const candidates: string[] = [];
  // The lower-cased words of every run that could change (those opening a quoted paragraph too).
  const wanted = new Set<string>();
  for (const start of countedLineStarts(text)) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end < 0 ? text.length : end);
    if (isStructureLine(line)) continue;
    if (line.includes('_')) underscores += [...line.matchAll(UNDERSCORE_ITALIC)].length;
    if (!hasTwoCapitals(line)) continue;
    for (const m of line.matchAll(CAPS_RUN)) {
      if (!hasLongWord(m[0])) continue;
      for (const word of runWords(m[0])) wanted.add(word.toLowerCase());
      if (insideParagraph(line, m.index)) candidates.push(m[0]);
    }
  }
  // A run with a Roman numeral never counts, whatever the book's lower-case words.
  const undecided = candidates.filter((run) => !runWords(run).some(isRomanNumeral));
  if (undecided.length < MIN_RUNS || underscores * RUNS_PER_UNDERSCORE >= undecided.length) return text;
  const lines = text.split('\n');
  const lower = lowerCaseWords(lines, wanted);
  const runs = candidates.filter((run) => knownOtherwise(run, lower)).length;
  if (runs < MIN_RUNS || underscores * RUNS_PER_UNDERSCORE >= runs) return text;
  let made = 0;
  const out = lines.map((line) => {
    // A line without a capitals word of two letters has no run that could change.
    if (isStructureLine(line) || !hasTwoCapitals(line)) return line;
    return line.replace(CAPS_RUN, (run: string, index: number) => {
      if (!insideParagraph(line, index) && !opensSentence(line, index)) return run;
      if (!knownOtherwise(run, lower)) return run;
      // A whole quotation in capitals is a sign or a label (`“DRINK ME,”`, Standard Ebooks' small capitals).
      if (/[“‘"]$/u.test(line.slice(0, index)) && /^[.,]?[”’"]/u.test(line.slice(index + run.length))) return run;
      // A run at the very start of a paragraph (speaker names, salutations) stays, quotation marks aside.
      if (!insideParagraph(line, index) && !/^["“‘(]/u.test(line.replace(/^\[\^[^\]\s]+\]:\s*/, ''))) return run;
      const first = opensSentence(line, index);
      const words = runWords(run).map((w, k) => stressedWord(w, k === 0 && first));
      made++;
      return `_${words.join(' ')}_`;
    });
  });
  if (made === 0) return text;
  ctx.count(made);
  return out.join('\n');
}

export const markCapitalsEmphasisPass: CleanPass = {
  id: 'capitalsEmphasis',
  label: 'Words stressed in capitals set as emphasis',
  run: markCapitalsEmphasis,
};
