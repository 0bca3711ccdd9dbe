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
 * Markdown written by cleanup (fences, heading attributes) has no quotes and is unaffected. Count:
 * quotes changed.
 */
import type { CleanPass, PassContext } from '../pass.ts';

/** Words that drop their first letters in informal or poetic English, written with an apostrophe. */
const ELISION = /^(?:tis|twas|twere|twill|twould|em|n|nuff|cause|cos|til|bout|gainst|neath|prentice)(?![\p{L}])/iu;
const OPENING_CONTEXT = /[\s([{“‘—–\-/]/u;

/** A lowercase clipped word right after the quote: the `‘` before it is an apostrophe. */
const LOWER_ELISION = /^(?:tis|twas|twere|twill|twould|em|nuff|cause|til|bout|gainst|neath|prentice)(?![\p{L}])/u;

function curlLine(line: string, counter: { n: number }): string {
  if (!line.includes('"') && !line.includes("'") && !line.includes('‘')) return line;
  // The line is copied in slices between the quotes it changes (a line of a UTF-8 source has many `‘` it keeps).
  let out = '';
  let copied = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 0x22 && c !== 0x27 && c !== 0x2018) continue;
    const ch = line[i]!;
    let curled: string;
    if (ch === '‘') {
      if (!((i === 0 || OPENING_CONTEXT.test(line[i - 1]!)) && LOWER_ELISION.test(line.slice(i + 1)))) continue;
      curled = '’';
    } else {
      const prev = i > 0 ? line[i - 1]! : '';
      const next = line[i + 1] ?? '';
      const opensHere = prev === '' || OPENING_CONTEXT.test(prev);
      if (ch === '"') {
        curled = opensHere && next !== '' && !/\s/.test(next) ? '“' : '”';
      } else if (/[\p{L}\p{N}]/u.test(prev) && /[\p{L}\p{N}]/u.test(next)) {
        curled = '’';
      } else if (opensHere && (/^\d{2}(?!\d)/.test(line.slice(i + 1)) || ELISION.test(line.slice(i + 1)))) {
        curled = '’';
      } else {
        curled = opensHere && next !== '' && !/\s/.test(next) ? '‘' : '’';
      }
    }
    counter.n++;
    out += line.slice(copied, i) + curled;
    copied = i + 1;
  }
  return copied === 0 ? line : out + line.slice(copied);
}

function curlQuotes(text: string, ctx: PassContext): string {
  if (!text.includes('"') && !text.includes("'") && !text.includes('‘')) return text;
  const counter = { n: 0 };
  const out = text
    .split('\n')
    .map((line) => curlLine(line, counter))
    .join('\n');
  if (counter.n === 0) return text;
  ctx.count(counter.n);
  return out;
}

export const curlQuotesPass: CleanPass = {
  id: 'quotesCurled',
  label: 'Straight quotes and apostrophes curled',
  run: curlQuotes,
};
