/**
 * TeX math in Markdown, as pandoc's `tex_math_dollars` extension reads it (pandoc's manual, "Math"):
 * - inline `$x^2$`: the opening `$` must have a non-space character right after it, the closing `$` a
 *   non-space character right before it and no digit right after it (`$5 and $6` stays text); `\$` is a
 *   literal dollar, also inside math;
 * - display `$$ ... $$`, which may span lines (no blank line inside), optionally followed by an equation id
 *   `{#eq:energy}` (pandoc-crossref).
 *
 * Tokens: `math_inline` (content: the TeX) inside inline content; `math_display` (content: the TeX, meta
 * `{ id }`) inside inline content when `$$` stands inside a paragraph line, and the block token `math_block`
 * when a line starts with `$$` (the parser splits a paragraph at a display equation: the model holds display
 * math as a block).
 */
import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';

/** `{#eq:id}` (or any `{#id}`) after display math; only the id is read (pandoc-crossref ignores the rest). */
const EQ_ATTRS = /^[ \t]*\n?[ \t]*\{[ \t]*#([\w:.-]+)[^{}\n]*\}/;

const DOLLAR = 0x24;
const BACKSLASH = 0x5c;

/** Index of the `$$` closing display math that opens at `from` (after its `$$`), or -1. */
function closingDisplay(src: string, from: number, max: number): number {
  for (let i = from; i < max - 1; i++) {
    const c = src.charCodeAt(i);
    if (c === BACKSLASH) {
      i++;
      continue;
    }
    if (c === DOLLAR && src.charCodeAt(i + 1) === DOLLAR) return i;
  }
  return -1;
}

/** Index of the `$` closing inline math opened at `from - 1`, by pandoc's rules, or -1. */
function closingInline(src: string, from: number, max: number): number {
  for (let i = from; i < max; i++) {
    const c = src.charCodeAt(i);
    if (c === BACKSLASH) {
      i++;
      continue;
    }
    if (c !== DOLLAR) continue;
    const before = src[i - 1]!;
    const after = src.charCodeAt(i + 1);
    if (i > from && !/\s/.test(before) && !(after >= 0x30 && after <= 0x39)) return i;
    // A `$` that cannot close (after a space or before a digit) ends nothing; pandoc keeps looking.
  }
  return -1;
}

function inlineMath(state: StateInline, silent: boolean): boolean {
  const { src, pos, posMax } = state;
  if (src.charCodeAt(pos) !== DOLLAR) return false;
  if (src.charCodeAt(pos + 1) === DOLLAR) {
    const end = closingDisplay(src, pos + 2, posMax);
    if (end < 0) return false;
    const tex = src.slice(pos + 2, end).trim();
    if (!tex) return false;
    let next = end + 2;
    const attrs = EQ_ATTRS.exec(src.slice(next, Math.min(posMax, next + 200)));
    if (attrs) next += attrs[0].length;
    if (!silent) {
      const token = state.push('math_display', 'math', 0);
      token.content = tex;
      token.meta = attrs ? { id: attrs[1] } : {};
    }
    state.pos = next;
    return true;
  }
  const first = src[pos + 1];
  if (first === undefined || /\s/.test(first)) return false;
  const end = closingInline(src, pos + 1, posMax);
  if (end < 0) return false;
  if (!silent) {
    const token = state.push('math_inline', 'math', 0);
    // A line break inside inline math is a space to TeX; kept as one so the text round-trips.
    token.content = src.slice(pos + 1, end).replace(/[ \t]*\n[ \t]*/g, ' ');
  }
  state.pos = end + 1;
  return true;
}

function blockMath(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const src = state.src;
  if (src.charCodeAt(start) !== DOLLAR || src.charCodeAt(start + 1) !== DOLLAR) return false;
  // Find the closing `$$` on this line or a later one, before any blank line.
  let line = startLine;
  let from = start + 2;
  let close = -1;
  while (line < endLine) {
    const max = state.eMarks[line]!;
    if (line > startLine && state.isEmpty(line)) return false;
    if (line > startLine && state.sCount[line]! < state.blkIndent) return false;
    close = closingDisplay(src, from, max);
    if (close >= 0) break;
    line++;
    if (line < endLine) from = state.bMarks[line]! + state.tShift[line]!;
  }
  if (close < 0) return false;
  const closeLine = line;
  let max = state.eMarks[line]!;
  let after = close + 2;
  // The id may stand on the next line (`$$...$$` then `{#eq:x}`), as pandoc-crossref reads it.
  const nextLine = line + 1 < endLine ? src.slice(state.bMarks[line + 1]! + state.tShift[line + 1]!, state.eMarks[line + 1]) : '';
  if (src.slice(after, max).trim() === '' && /^\{[ \t]*#[\w:.-]+[^{}]*\}[ \t]*$/.test(nextLine)) {
    line++;
    max = state.eMarks[line]!;
    after = state.bMarks[line]! + state.tShift[line]!;
  }
  const attrs = EQ_ATTRS.exec(src.slice(after, max));
  if (attrs) after += attrs[0].length;
  // Text after the equation on its last line: leave it to inline parsing (pandoc reads `$$x$$ text` as
  // display math inside a paragraph, which the parser splits the same way).
  if (src.slice(after, max).trim() !== '') return false;
  if (silent) return true;
  // The TeX line by line: inside a block quote or a list item each line's own start (after `> `).
  const parts: string[] = [];
  for (let l = startLine; l <= closeLine; l++) {
    const from = l === startLine ? start + 2 : state.bMarks[l]! + state.tShift[l]!;
    const to = l === closeLine ? close : state.eMarks[l]!;
    parts.push(src.slice(from, to));
  }
  const tex = parts.join('\n').trim();
  if (!tex) return false;
  const token = state.push('math_block', 'math', 0);
  token.content = tex;
  token.meta = attrs ? { id: attrs[1] } : {};
  token.map = [startLine, line + 1];
  token.block = true;
  state.line = line + 1;
  return true;
}

/** Registers `$...$` and `$$...$$` (inline rule before `escape`, block rule before `paragraph`). */
export function mathPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('escape', 'quire_math', inlineMath);
  md.block.ruler.before('paragraph', 'quire_math_block', blockMath, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
}
