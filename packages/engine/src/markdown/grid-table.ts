/**
 * pandoc grid tables (pandoc's manual, "Grid tables"; spans as pandoc 3 reads them):
 *
 * ```
 * +---------+---------+
 * | Name    | Value   |
 * +=========+=========+
 * | a cell that spans |
 * | two columns       |
 * +---------+---------+
 * ```
 *
 * The first line is a border of `+` and `-`; rows are separated by `+---+` lines; a `+===+` line ends the head
 * (a table without one has no head); colons in that line (or in the first one when there is no head) align
 * the columns (`+:---+---:+:---:+`). A cell is the rectangle between `+` corners (the algorithm of docutils'
 * grid-table parser, which pandoc's `gridtables` follows): it may span columns and rows. A cell's lines are
 * joined (soft breaks); its paragraphs (blank lines between) become line breaks in the model. A `\|` is text, never
 * an edge: a cell spanning columns may hold one where a column's edge runs in the rows around it.
 *
 * Column widths: the table's dash counts give each column's share of the width, kept only when the table is
 * wider than 72 characters (pandoc's `--columns` default, the rule it applies to pipe tables: a narrower
 * table is sized by its content).
 *
 * Tokens: `grid_table_open` (meta {@link GridTableMeta}), `tr_open`, `td_open` (meta `{ colSpan, rowSpan }`),
 * one `inline` token per paragraph of the cell, `td_close`, `tr_close`, `grid_table_close`.
 */
import type { MarkdownIt, StateBlock } from 'markdown-it';
import type { CellAlign, TableColumn } from '../model/book-document.ts';

/** What `grid_table_open` holds. */
export type GridTableMeta = {
  columns: TableColumn[];
  /** How many of the rows are the head (above the `+===+` line). */
  headRows: number;
};

/** The widest table (characters) whose column widths are left to the writer (pandoc's `--columns`). */
export const GRID_TABLE_LINE = 72;

const BORDER = /^\+(?:[-=:]+\+)+$/;

interface Cell {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** The cells of a grid (lines of equal length, as code points), or undefined when it is not well formed. */
function scanCells(grid: string[][]): Cell[] | undefined {
  const height = grid.length;
  const width = grid[0]!.length;
  const at = (r: number, c: number) => grid[r]?.[c] ?? ' ';
  const isHorizontal = (ch: string) => ch === '-' || ch === '=' || ch === ':';
  const cells: Cell[] = [];
  const done = new Set<string>();
  const corners: [number, number][] = [[0, 0]];
  const scanLeftUp = (top: number, left: number, bottom: number, right: number) => {
    for (let c = right - 1; c > left; c--) if (!isHorizontal(at(bottom, c)) && at(bottom, c) !== '+') return false;
    if (at(bottom, left) !== '+') return false;
    for (let r = bottom - 1; r > top; r--) if ((at(r, left) !== '|' || at(r, left - 1) === '\\') && at(r, left) !== '+') return false;
    return true;
  };
  const scanDown = (top: number, left: number, right: number): number => {
    for (let r = top + 1; r < height; r++) {
      const ch = at(r, right);
      if (ch === '+') {
        if (scanLeftUp(top, left, r, right)) return r;
      } else if (ch !== '|' || at(r, right - 1) === '\\') return -1; // `\|`: text of a cell spanning this edge
    }
    return -1;
  };
  while (corners.length > 0) {
    corners.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const [top, left] = corners.shift()!;
    const key = `${top},${left}`;
    if (done.has(key) || top >= height - 1 || left >= width - 1) continue;
    done.add(key);
    let found: Cell | undefined;
    for (let c = left + 1; c < width; c++) {
      const ch = at(top, c);
      if (ch === '+') {
        const bottom = scanDown(top, left, c);
        if (bottom >= 0) {
          found = { top, left, bottom, right: c };
          break;
        }
      } else if (!isHorizontal(ch)) break;
    }
    // A `+` inside a spanning cell's border is no cell's corner (docutils skips it too).
    if (!found) continue;
    if (cells.some((c) => found.top < c.bottom && c.top < found.bottom && found.left < c.right && c.left < found.right)) return undefined;
    cells.push(found);
    corners.push([found.top, found.right], [found.bottom, found.left]);
  }
  // The cells must tile the table, or the grid is not a table (a cell's border broken by text).
  const area = cells.reduce((n, c) => n + (c.bottom - c.top) * (c.right - c.left), 0);
  const right = Math.max(...cells.map((c) => c.right));
  return area === (height - 1) * right ? cells : undefined;
}

function alignOf(segment: string): CellAlign {
  const l = segment.startsWith(':');
  const r = segment.endsWith(':');
  return l && r ? 'center' : l ? 'left' : r ? 'right' : 'default';
}

function gridTable(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  // Checked at every line of every paragraph (a grid table may interrupt one): the first character first.
  if (state.src.charCodeAt(state.bMarks[startLine]! + state.tShift[startLine]!) !== 0x2b /* + */) return false;
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const lineText = (n: number) => state.src.slice(state.bMarks[n]! + state.tShift[n]!, state.eMarks[n]).trimEnd();
  const first = lineText(startLine);
  if (!BORDER.test(first) || first.includes('=')) return false;
  let last = startLine;
  for (let n = startLine + 1; n < endLine; n++) {
    const t = lineText(n);
    if (state.sCount[n]! < state.blkIndent || !(t.startsWith('+') || t.startsWith('|'))) break;
    last = n;
  }
  if (last === startLine || !BORDER.test(lineText(last))) return false;
  if (silent) return true;
  const lines = [];
  for (let n = startLine; n <= last; n++) lines.push(Array.from(lineText(n)));
  const width = Math.max(...lines.map((l) => l.length));
  const grid = lines.map((l) => [...l, ...Array<string>(width - l.length).fill(' ')]);
  const cells = scanCells(grid);
  if (!cells || cells.length === 0) return false;

  // Column and row boundaries: every corner a cell uses.
  const cols = [...new Set(cells.flatMap((c) => [c.left, c.right]))].sort((a, b) => a - b);
  const rows = [...new Set(cells.flatMap((c) => [c.top, c.bottom]))].sort((a, b) => a - b);
  // The head ends at a border of `=` across the whole table (`+====+===+`), never at text that holds `=`.
  const headLine = grid.findIndex((l, i) => i > 0 && /^\+[=:+]*=[=:+]*\+$/.test(l.join('').trimEnd()));
  const alignLine = grid[headLine > 0 ? headLine : 0]!;
  const total = cols[cols.length - 1]! - cols[0]!;
  const columns: TableColumn[] = cols.slice(0, -1).map((c, i) => {
    const segment = alignLine.slice(c + 1, cols[i + 1]!).join('');
    const col: TableColumn = { align: alignOf(segment) };
    // Hundredths: what a writer can use, and what the serializer writes back exactly.
    if (width > GRID_TABLE_LINE) col.widthFraction = Math.max(0.01, Math.round(((cols[i + 1]! - c) / total) * 100) / 100);
    return col;
  });
  const headRows = headLine > 0 ? rows.filter((r) => r < headLine).length : 0;

  const open = state.push('grid_table_open', 'table', 1);
  open.meta = { columns, headRows } satisfies GridTableMeta;
  open.map = [startLine, last + 1];
  open.block = true;
  for (let r = 0; r < rows.length - 1; r++) {
    state.push('tr_open', 'tr', 1);
    const inRow = cells.filter((c) => c.top === rows[r]).sort((a, b) => a.left - b.left);
    for (const cell of inRow) {
      const td = state.push('td_open', 'td', 1);
      td.meta = { colSpan: cols.indexOf(cell.right) - cols.indexOf(cell.left), rowSpan: rows.indexOf(cell.bottom) - rows.indexOf(cell.top) };
      const text = grid
        .slice(cell.top + 1, cell.bottom)
        .map((l) => l.slice(cell.left + 1, cell.right).join('').trim());
      const paragraphs: string[][] = [[]];
      for (const l of text) {
        if (l === '') {
          if (paragraphs[paragraphs.length - 1]!.length > 0) paragraphs.push([]);
        } else paragraphs[paragraphs.length - 1]!.push(l);
      }
      for (const p of paragraphs.filter((x) => x.length > 0)) {
        const inline = state.push('inline', '', 0);
        inline.content = p.join('\n');
        inline.children = [];
      }
      state.push('td_close', 'td', -1);
    }
    state.push('tr_close', 'tr', -1);
  }
  state.push('grid_table_close', 'table', -1);
  state.line = last + 1;
  return true;
}

/** Registers the block rule (before `table`; a grid table interrupts a paragraph, as in pandoc). */
export function gridTablePlugin(md: MarkdownIt): void {
  md.block.ruler.before('table', 'quire_grid_table', gridTable, { alt: ['paragraph', 'reference'] });
}
