/**
 * pandoc's definition lists (pandoc's manual, "Definition lists"): a term on one line, then (after at most one
 * blank line) one or more definitions, each starting with `:` or `~` and spaces, continued by lines indented
 * four spaces (further paragraphs, code) or by lazy lines:
 *
 * ```
 * Freely given
 * :   Consent is not *freely given* if ...
 *
 *     A second paragraph of the definition.
 * ```
 *
 * The model has no definition list: the term becomes a paragraph of strong text (`**Freely given**`, which
 * is how it reads) and each definition's blocks follow it, so nothing is lost and the Markdown Quire writes
 * back is plain paragraphs. Without this rule the indented paragraphs would turn into code blocks.
 *
 * Tokens: `paragraph_open` with meta `{ definitionTerm: true }`, the term's `inline`, `paragraph_close`, then
 * the definitions' block tokens.
 */
import type { MarkdownIt, StateBlock } from 'markdown-it';

const MARKER = /^ {0,3}[:~]([ \t]+)(?=\S)/;

function lineOf(state: StateBlock, n: number): string {
  return state.src.slice(state.bMarks[n]!, state.eMarks[n]);
}

function definitionList(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4 || state.isEmpty(startLine)) return false;
  // Only at the top level of a block container (as pandoc's `definition_lists`; not inside a list item).
  if (state.blkIndent !== 0) return false;
  // Runs at every block: the next (or next but one) line's first character first.
  let n = startLine + 1;
  if (n < endLine && state.isEmpty(n)) n++;
  if (n >= endLine) return false;
  const mark = state.src.charCodeAt(state.bMarks[n]! + state.tShift[n]!);
  if (mark !== 0x3a /* : */ && mark !== 0x7e /* ~ */) return false;
  if (!MARKER.test(lineOf(state, n)) || MARKER.test(lineOf(state, startLine))) return false;
  const termLine = lineOf(state, startLine).trim();
  if (silent) return true;

  const open = state.push('paragraph_open', 'p', 1);
  open.meta = { definitionTerm: true };
  open.map = [startLine, startLine + 1];
  const inline = state.push('inline', '', 0);
  inline.content = termLine;
  inline.children = [];
  inline.map = [startLine, startLine + 1];
  state.push('paragraph_close', 'p', -1);

  let line = n;
  while (line < endLine && MARKER.test(lineOf(state, line))) {
    const first = lineOf(state, line).replace(MARKER, '');
    const body = [first];
    let k = line + 1;
    while (k < endLine) {
      const text = lineOf(state, k);
      if (state.isEmpty(k)) {
        // A blank line: the definition goes on only if an indented line follows.
        let m = k;
        while (m < endLine && state.isEmpty(m)) m++;
        if (m < endLine && /^(?: {4}|\t)/.test(lineOf(state, m))) {
          for (let b = k; b < m; b++) body.push('');
          k = m;
          continue;
        }
        break;
      }
      if (MARKER.test(text)) break;
      body.push(text.replace(/^(?: {1,4}|\t)/, ''));
      k++;
    }
    state.md.block.parse(body.join('\n'), state.md, state.env, state.tokens);
    line = k;
    // A blank line, then another definition of the same term.
    let m = line;
    while (m < endLine && state.isEmpty(m)) m++;
    if (m < endLine && MARKER.test(lineOf(state, m))) line = m;
  }
  state.line = line;
  return true;
}

/** Registers the block rule (before `paragraph`; a term line never interrupts a paragraph). */
export function definitionListPlugin(md: MarkdownIt): void {
  md.block.ruler.before('paragraph', 'quire_definition_list', definitionList);
}
