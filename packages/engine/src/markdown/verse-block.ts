/**
 * A markdown-it block rule for `::: verse` ... `:::`: verse read line by line from the source, wherever the
 * container stands (top level, a footnote definition, a list item, a block quote, a speech).
 *
 * Why a rule of its own and not markdown-it-container: inside a container markdown-it reads the lines as
 * Markdown blocks, so a verse line indented four spaces became indented code, `- line` a list, and the
 * lines had to be read again from the raw source afterwards, outside the document's footnote environment
 * (a `[^1]` in a verse line became literal text and its note was lost). This rule emits one `inline` token
 * per verse line, which markdown-it's own inline pass then parses with the document's environment, in
 * document order, like every other line.
 *
 * Tokens (all of the same `level` nesting as other blocks):
 * `verse_open` · per stanza `verse_stanza_open` · per line `verse_line_open`
 * (`meta: { indent }`: levels of two spaces, 0-8, counted from the indentation of the block that holds
 * the container, so verse in a footnote definition or a list item is not indented by the container's margin) ·
 * `inline` (the line without its indentation) · `verse_line_close` · `verse_stanza_close` · `verse_close`.
 *
 * Rules (those of markdown-it-container, which the other `:::` containers use): the fence is three or more
 * colons then `verse` (`:::verse`, `::: verse`), indented less than four spaces beyond the enclosing block;
 * it may interrupt a paragraph; the closing fence is a line of at least as many colons and nothing else;
 * without one the verse ends where the enclosing block ends. Blank lines separate stanzas.
 * A footnote definition (`[^1]: text`) met inside a verse is read as a definition up to the next blank line
 * (cleanup of Gibbon's Decline and Fall wraps a run of short note lines in a verse container), so the note
 * is kept as a note and not printed as verse.
 */
import type { MarkdownIt, StateBlock } from 'markdown-it';

const COLON = 0x3a;
const OPENER = /^\s*verse(?:\s|$)/;
const FOOTNOTE_DEFINITION = /^\[\^[^\]\s]+\]:/;

/** Number of colons of a fence starting at `pos`, or 0. */
function colonRun(src: string, pos: number, max: number): number {
  let n = 0;
  while (pos + n < max && src.charCodeAt(pos + n) === COLON) n++;
  return n;
}

/** The verse rule (markdown-it block rule signature: returns whether it matched at `startLine`). */
function verseRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const src = state.src;
  let pos = state.bMarks[startLine]! + state.tShift[startLine]!;
  let max = state.eMarks[startLine]!;
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const marks = colonRun(src, pos, max);
  if (marks < 3) return false;
  if (!OPENER.test(src.slice(pos + marks, max))) return false;
  if (silent) return true;

  // Find the end: the closing fence, or the first line that leaves the enclosing block.
  let closing = -1;
  let last = startLine + 1;
  for (; last < endLine; last++) {
    pos = state.bMarks[last]! + state.tShift[last]!;
    max = state.eMarks[last]!;
    const empty = pos >= max;
    if (!empty && state.sCount[last]! < state.blkIndent) break;
    if (!empty && state.sCount[last]! - state.blkIndent < 4) {
      const run = colonRun(src, pos, max);
      if (run >= marks && src.slice(pos + run, max).trim() === '') {
        closing = last;
        break;
      }
    }
  }

  const open = state.push('verse_open', 'div', 1);
  open.block = true;
  open.map = [startLine, closing >= 0 ? closing + 1 : last];
  let inStanza = false;
  const closeStanza = () => {
    if (inStanza) state.push('verse_stanza_close', 'div', -1);
    inStanza = false;
  };
  for (let line = startLine + 1; line < last; line++) {
    pos = state.bMarks[line]! + state.tShift[line]!;
    max = state.eMarks[line]!;
    const text = src.slice(pos, max).trimEnd();
    if (text === '') {
      closeStanza();
      continue;
    }
    if (FOOTNOTE_DEFINITION.test(text)) {
      closeStanza();
      let end = line + 1;
      while (end < last && !state.isEmpty(end)) end++;
      const oldMax = state.lineMax;
      state.lineMax = end;
      state.md.block.tokenize(state, line, end);
      state.lineMax = oldMax;
      line = end - 1;
      continue;
    }
    if (!inStanza) state.push('verse_stanza_open', 'div', 1);
    inStanza = true;
    const lineOpen = state.push('verse_line_open', 'span', 1);
    lineOpen.map = [line, line + 1];
    const spaces = Math.max(0, state.sCount[line]! - state.blkIndent);
    lineOpen.meta = { indent: Math.min(8, Math.floor(spaces / 2)) };
    const inline = state.push('inline', '', 0);
    inline.content = text;
    inline.map = [line, line + 1];
    inline.children = [];
    state.push('verse_line_close', 'span', -1);
  }
  closeStanza();
  state.push('verse_close', 'div', -1);
  state.line = closing >= 0 ? closing + 1 : last;
  return true;
}

/**
 * Registers the verse rule on a markdown-it instance (before `fence`, as markdown-it-container does, and
 * as a rule that may interrupt a paragraph, a reference, a block quote or a list).
 */
export function verseBlockPlugin(md: MarkdownIt): void {
  md.block.ruler.before('fence', 'quire_verse', verseRule, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
}
