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
/** A word of running text, for the book's own spellings. */
const ANY_WORD = /[\p{L}][\p{L}’'-]*/gu;

/** Lines this pass never changes: headings, container fences, scene breaks. */
function isStructureLine(line: string): boolean {
  return HEADING_LINE.test(line) || /^ {0,3}:::/.test(line) || /^\* \* \*$/.test(line);
}

/** The words the book writes in lower case somewhere (outside headings and fences), lower-cased. */
function lowerCaseWords(lines: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const line of lines) {
    if (isStructureLine(line)) continue;
    for (const m of line.matchAll(ANY_WORD)) if (m[0] === m[0].toLowerCase()) out.add(m[0]);
  }
  return out;
}

/** The run's words that have letters (`I`, `A` and `WAISTCOAT-POCKET` included). */
function runWords(run: string): string[] {
  return run.split(' ');
}

/**
 * True when every word of the run is one the book writes in lower case elsewhere (the pronoun `I` and its
 * contractions aside): names (`JOHN`, `CHR.` before a speech of Pilgrim's Progress), acronyms and Roman numerals
 * (`XIV`, which Gibbon's notes also write `xiv`) are not stressed words.
 */
function knownOtherwise(run: string, lower: ReadonlySet<string>): boolean {
  const words = runWords(run);
  if (!words.some((w) => w.replace(/[^\p{L}]/gu, '').length >= 2)) return false;
  return words.every((w) => {
    if (isRoman(w) && w !== 'I') return false;
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

function markCapitalsEmphasis(text: string, ctx: PassContext): string {
  if (!/\p{Lu}{2}/u.test(text)) return text;
  const lines = text.split('\n');
  const lower = lowerCaseWords(lines);
  let underscores = 0;
  let runs = 0;
  for (const line of lines) {
    if (isStructureLine(line)) continue;
    underscores += [...line.matchAll(UNDERSCORE_ITALIC)].length;
    for (const m of line.matchAll(CAPS_RUN)) if (insideParagraph(line, m.index) && knownOtherwise(m[0], lower)) runs++;
  }
  if (runs < MIN_RUNS || underscores * RUNS_PER_UNDERSCORE >= runs) return text;
  let made = 0;
  const out = lines.map((line) => {
    if (isStructureLine(line)) return line;
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
