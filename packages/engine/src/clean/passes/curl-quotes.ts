/**
 * Pass `quotesCurled`: typewriter quotes become typographer's quotes (Chicago Manual of Style 6.115,
 * "smart quotes"; Standard Ebooks `typography.py`), as plain-text e-texts type `"` and `'` for both.
 * - `"`: opening after the start of a line, a space, an opening bracket or quote, or a dash; else closing.
 * - `'` between letters or digits is an apostrophe (`don't`, `o'clock`) -> ’.
 * - `'` before a clipped word is an apostrophe, not an opening quote: `'tis`, `'twas`, `'em`, `'n'`
 *   (`rock 'n' roll`), `'cause`, `'bout`, ..., and before a decade or year (`the '90s`, `in '45`) -> ’.
 * - a curly `‘` that a UTF-8 source already set before a lowercase clipped word (`put ‘em up`, `Oh, ‘tis
 *   love`, pg11 and pg2600) is that same apostrophe typed the wrong way round -> ’ (a quotation opening
 *   with a lowercase `em` or `tis` does not occur; a capitalised `‘Tis` may open one and is left).
 * - otherwise `'` opens after the start, a space, a bracket, a dash or an opening double quote, and closes
 *   (or is a plural possessive, `the dogs'`) elsewhere -> ‘ or ’.
 * Markdown written by cleanup (fences) has no quotes; a heading's attribute block keeps its straight quotes (a
 * collection's part heading `# Title {.part author="Name"}`, whose value the parser reads). Count: quotes changed.
 */
import type { CleanPass, PassContext } from '../pass.ts';

/** Words that drop their first letters in informal or poetic English, written with an apostrophe. */
const ELISION = /^(?:tis|twas|twere|twill|twould|em|n|nuff|cause|cos|til|bout|gainst|neath|prentice)(?![\p{L}])/iu;
const OPENING_CONTEXT = /[\s([{“‘—–\-/]/u;

/** A lowercase clipped word right after the quote: the `‘` before it is an apostrophe. */
const LOWER_ELISION = /^(?:tis|twas|twere|twill|twould|em|nuff|cause|til|bout|gainst|neath|prentice)(?![\p{L}])/u;

/**
 * The quote that the `"`, `'` or `‘` at `text[i]` becomes, or undefined when it stays; `lineStart` and `lineEnd` bound
 * its line (the characters before and after it are read within the line only).
 */
function curlAt(text: string, i: number, lineStart: number, lineEnd: number): string | undefined {
  const ch = text[i]!;
  if (ch === '‘') {
    return (i === lineStart || OPENING_CONTEXT.test(text[i - 1]!)) && LOWER_ELISION.test(text.slice(i + 1, lineEnd)) ? '’' : undefined;
  }
  const prev = i > lineStart ? text[i - 1]! : '';
  const next = i + 1 < lineEnd ? text[i + 1]! : '';
  const opensHere = prev === '' || OPENING_CONTEXT.test(prev);
  if (ch === '"') return opensHere && next !== '' && !/\s/.test(next) ? '“' : '”';
  if (/[\p{L}\p{N}]/u.test(prev) && /[\p{L}\p{N}]/u.test(next)) return '’';
  const rest = text.slice(i + 1, lineEnd);
  if (opensHere && (/^\d{2}(?!\d)/.test(rest) || ELISION.test(rest))) return '’';
  return opensHere && next !== '' && !/\s/.test(next) ? '‘' : '’';
}

/** The quotes the pass reads. */
const QUOTE = /["'‘]/g;

/** A heading line's trailing attribute block (`{.part author="Name"}`), as the Markdown parser reads it. */
const HEADING_ATTRIBUTES = /^#{1,6} .*?(\{[^{}]*\})[ \t]*$/;

/** Where the attribute block of the heading line `line` begins (offset in the line), or -1 when it has none. */
function attributeBlockStart(line: string): number {
  const m = HEADING_ATTRIBUTES.exec(line);
  return m ? m[0].lastIndexOf(m[1]!) : -1;
}

function curlQuotes(text: string, ctx: PassContext): string {
  if (!text.includes('"') && !text.includes("'") && !text.includes('‘')) return text;
  // The quotes are found in the whole text and the text is copied in slices between those that change (a book
  // is not split into its lines, most of which have none).
  const parts: string[] = [];
  let copied = 0;
  let changed = 0;
  let lineStart = 0;
  let lineEnd = -1;
  let attributesFrom = -1;
  QUOTE.lastIndex = 0;
  for (let m = QUOTE.exec(text); m !== null; m = QUOTE.exec(text)) {
    const i = m.index;
    if (i > lineEnd) {
      lineStart = text.lastIndexOf('\n', i) + 1;
      lineEnd = text.indexOf('\n', i);
      if (lineEnd < 0) lineEnd = text.length;
      const start = text[lineStart] === '#' ? attributeBlockStart(text.slice(lineStart, lineEnd)) : -1;
      attributesFrom = start < 0 ? -1 : lineStart + start;
    }
    if (attributesFrom >= 0 && i >= attributesFrom) continue;
    const curled = curlAt(text, i, lineStart, lineEnd);
    if (curled === undefined) continue;
    changed++;
    parts.push(text.slice(copied, i), curled);
    copied = i + 1;
  }
  if (changed === 0) return text;
  ctx.count(changed);
  parts.push(text.slice(copied));
  return parts.join('');
}

export const curlQuotesPass: CleanPass = {
  id: 'quotesCurled',
  label: 'Straight quotes and apostrophes curled',
  run: curlQuotes,
};
