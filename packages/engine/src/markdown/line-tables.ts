/**
 * pandoc's simple and multiline tables (pandoc's manual, "Simple tables", "Multiline tables"), which theses
 * written for pandoc use beside pipe and grid tables:
 *
 * ```
 *   Right     Left     Center     Default          ----------------------------------
 *   -------   ------ ----------   -------            Centered   Default     Right
 *        12   12        12            12             Header     Aligned   Aligned
 *       123   123       123          123           ----------- ---------- --------
 *                                                     First    row           12.0
 *                                                              (two lines)
 *                                                                                     <- rows apart by blank lines
 *                                                  ----------------------------------
 * ```
 *
 * Simple: a head line, a line of dash groups (at least two: one group under a line is a setext heading), rows of
 * one line each up to a blank line. Multiline: a line of dashes, head lines, dash groups, rows separated by blank
 * lines, a closing line of dashes. Columns are the dash groups (a cell runs from its group's start to the next
 * group's); alignment from where the head text stands over its dashes (flush left: left, flush right: right,
 * neither: center, both: default). Headless tables are left as text.
 *
 * Tokens: the same as `grid-table.ts` (`grid_table_open` ... `grid_table_close`).
 */
import type { MarkdownIt, StateBlock } from 'markdown-it';
import type { CellAlign, TableColumn } from '../model/book-document.ts';
import type { GridTableMeta } from './grid-table.ts';

const FULL_DASHES = /^-{3,}[ \t]*$/;
/** Dash groups, three dashes at least each (`- - -` is a scene break, not columns). */
const GROUPS = /^-{3,}(?:[ \t]+-{3,})+[ \t]*$/;

function lineText(state: StateBlock, n: number): string {
  return state.src.slice(state.bMarks[n]! + state.blkIndent, state.eMarks[n]).replace(/\t/g, '    ').trimEnd();
}

/** Dash groups of a separator line as [start, end) character ranges. */
function groups(line: string): [number, number][] {
  return [...line.matchAll(/-+/g)].map((m) => [m.index, m.index + m[0].length]);
}

function alignOf(head: readonly string[], [start, end]: [number, number]): CellAlign {
  let left = false;
  let right = false;
  for (const l of head) {
    const seg = l.slice(start, end);
    if (!seg.trim()) continue;
    if (seg[0] !== ' ') left = true;
    if (l.length >= end && seg[seg.length - 1] !== ' ' && (l[end] ?? ' ') === ' ') right = true;
  }
  return left && right ? 'default' : left ? 'left' : right ? 'right' : 'center';
}

/** The cells of one row (its lines) cut at the columns' starts. */
function cells(lines: readonly string[], cols: readonly [number, number][]): string[] {
  return cols.map(([start], i) => {
    const end = i + 1 < cols.length ? cols[i + 1]![0] : Infinity;
    return lines
      .map((l) => l.slice(start, end).trim())
      .filter(Boolean)
      .join('\n');
  });
}

function emit(state: StateBlock, start: number, end: number, columns: TableColumn[], rows: string[][], headRows: number): void {
  const open = state.push('grid_table_open', 'table', 1);
  open.meta = { columns, headRows } satisfies GridTableMeta;
  open.map = [start, end];
  open.block = true;
  for (const row of rows) {
    state.push('tr_open', 'tr', 1);
    for (const cell of row) {
      state.push('td_open', 'td', 1).meta = { colSpan: 1, rowSpan: 1 };
      if (cell) {
        const inline = state.push('inline', '', 0);
        inline.content = cell;
        inline.children = [];
      }
      state.push('td_close', 'td', -1);
    }
    state.push('tr_close', 'tr', -1);
  }
  state.push('grid_table_close', 'table', -1);
  state.line = end;
}

function multiline(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (!FULL_DASHES.test(lineText(state, startLine))) return false;
  const head: string[] = [];
  let n = startLine + 1;
  while (n < endLine && !state.isEmpty(n) && !GROUPS.test(lineText(state, n))) head.push(lineText(state, n++));
  if (head.length === 0 || n >= endLine || !GROUPS.test(lineText(state, n))) return false;
  const cols = groups(lineText(state, n));
  const rows: string[][] = [];
  let current: string[] = [];
  let close = -1;
  for (let k = n + 1; k < endLine; k++) {
    const t = lineText(state, k);
    if (FULL_DASHES.test(t)) {
      close = k;
      break;
    }
    if (state.isEmpty(k)) {
      if (current.length > 0) rows.push(cells(current, cols));
      current = [];
      // Two blank lines in a row end the table without its closing line: not a multiline table.
      if (k + 1 < endLine && state.isEmpty(k + 1)) return false;
    } else current.push(t);
  }
  if (close < 0) return false;
  if (current.length > 0) rows.push(cells(current, cols));
  if (silent) return true;
  const columns = cols.map((c) => ({ align: alignOf(head, c) }));
  emit(state, startLine, close + 1, columns, [cells(head, cols), ...rows], 1);
  return true;
}

function simple(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (startLine + 1 >= endLine || state.isEmpty(startLine)) return false;
  const headLine = lineText(state, startLine);
  const sep = lineText(state, startLine + 1);
  if (!GROUPS.test(sep) || GROUPS.test(headLine) || FULL_DASHES.test(headLine)) return false;
  const cols = groups(sep);
  const rows: string[][] = [];
  let k = startLine + 2;
  for (; k < endLine && !state.isEmpty(k); k++) {
    const t = lineText(state, k);
    if (GROUPS.test(t) || FULL_DASHES.test(t)) {
      k++;
      break;
    }
    rows.push(cells([t], cols));
  }
  if (rows.length === 0) return false;
  if (silent) return true;
  const columns = cols.map((c) => ({ align: alignOf([headLine], c) }));
  emit(state, startLine, k, columns, [cells([headLine], cols), ...rows], 1);
  return true;
}

function lineTable(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  // Cheap tests first (this runs at every block): a multiline table starts with `-`, a simple one's second
  // line does.
  const src = state.src;
  if (src.charCodeAt(state.bMarks[startLine]! + state.tShift[startLine]!) === 0x2d && multiline(state, startLine, endLine, silent)) return true;
  const next = startLine + 1;
  return next < endLine && src.charCodeAt(state.bMarks[next]! + state.tShift[next]!) === 0x2d && simple(state, startLine, endLine, silent);
}

/** Registers the block rule (before `hr`, which would read a multiline table's first line as a scene break). */
export function lineTablesPlugin(md: MarkdownIt): void {
  md.block.ruler.before('hr', 'quire_line_table', lineTable);
}
