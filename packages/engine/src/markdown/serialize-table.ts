/**
 * {@link TableBlock} -> Markdown: a pipe table (GFM) when it can hold the table, else a pandoc grid table
 * (`grid-table.ts` reads it back), then its caption paragraph `Table: caption {#tbl:id}` right after it.
 *
 * A pipe table holds one head row, cells of one line each, no spans, no column widths, and no `|` inside code
 * or math (a pipe table splits cells at every unescaped `|`, even there). Every other table is a grid table:
 * cells wrapped at spaces so that a table without column widths stays within 72 characters (wider, a grid
 * table's dashes would give it widths: see `GRID_TABLE_LINE`), and a table with widths drawn 100 characters
 * wide, each column's dashes its share.
 *
 * Degraded: a table without widths whose unbreakable pieces (a long link, a long word) need more than 72
 * characters is read back with the widths its columns were drawn at; a table with widths whose words do not fit
 * their share gets wider columns for them (pandoc reads both the same way).
 */
import type { CellAlign, TableBlock, TableCell } from '../model/book-document.ts';
import { GRID_TABLE_LINE } from './grid-table.ts';

/** What the table serializer needs from `serialize.ts` (inline content as one line, `\` + newline at hard breaks). */
export type InlineWriter = (cell: TableCell['children']) => string;

/** Characters of a string as the grid parser counts them (code points). */
function len(s: string): number {
  return Array.from(s).length;
}

/** A cell's text made safe in a table: a leading `Table:` or `:` escaped (it would read as a caption). */
function cellText(cell: TableCell, write: InlineWriter): string {
  return write(cell.children).replace(/^((?:Table)?)(:)(?=[ \t]|$)/, '$1\\$2');
}

/** True when the table can be written as a pipe table (see the module comment). */
export function fitsPipeTable(table: TableBlock, write: InlineWriter): boolean {
  if (table.head.length !== 1 || table.columns.length === 0) return false;
  if (table.columns.some((c) => c.widthFraction !== undefined)) return false;
  const n = table.columns.length;
  for (const row of [...table.head, ...table.body]) {
    if (row.cells.length !== n) return false;
    for (const cell of row.cells) {
      if ((cell.colSpan ?? 1) > 1 || (cell.rowSpan ?? 1) > 1 || cell.align !== undefined) return false;
      if (cell.children.some((c) => c.type === 'lineBreak')) return false;
      if (JSON.stringify(cell.children).includes('|') && /(?:"type":"(?:code|math)")/.test(JSON.stringify(cell.children))) {
        // A `|` may be in text (escaped) but not in code or math.
        const inCodeOrMath = cell.children.some((c) => (c.type === 'code' && c.value.includes('|')) || (c.type === 'math' && c.tex.includes('|')));
        if (inCodeOrMath) return false;
      }
      if (write(cell.children).includes('\n')) return false;
    }
  }
  return true;
}

function delimiter(align: CellAlign): string {
  return align === 'left' ? ':--' : align === 'right' ? '--:' : align === 'center' ? ':-:' : '---';
}

function pipeTable(table: TableBlock, write: InlineWriter): string {
  const row = (cells: readonly TableCell[]) =>
    `| ${cells.map((c) => cellText(c, write).replace(/\|/g, '\\|')).join(' | ')} |`.replace(/ +\|$/, ' |').replace(/\| {2}\|/g, '| |');
  return [row(table.head[0]!.cells), `|${table.columns.map((c) => delimiter(c.align)).join('|')}|`, ...table.body.map((r) => row(r.cells))].join('\n');
}

/** Spaces where a line may be broken: outside `$...$` math and code spans, between two non-spaces. */
function breakPoints(text: string): number[] {
  const out: number[] = [];
  let inMath = false;
  let code = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && code === 0) {
      i++;
      continue;
    }
    if (c === '`') {
      let run = 1;
      while (text[i + run] === '`') run++;
      if (code === 0) code = run;
      else if (code === run) code = 0;
      i += run - 1;
      continue;
    }
    if (c === '$' && code === 0) inMath = !inMath;
    else if (c === ' ' && !inMath && code === 0 && text[i - 1] !== ' ' && text[i + 1] !== ' ' && i > 0 && i < text.length - 1) out.push(i);
  }
  return out;
}

/** The longest piece of `line` that no break point splits. */
function longestPiece(line: string): number {
  let best = 0;
  let from = 0;
  for (const p of [...breakPoints(line), line.length]) {
    best = Math.max(best, len(line.slice(from, p)));
    from = p + 1;
  }
  return best;
}

/** A line wrapped at its break points to at most `width` characters where it can be (greedy). */
function wrap(line: string, width: number): string[] {
  if (len(line) <= width) return [line];
  const pieces: string[] = [];
  let from = 0;
  for (const p of breakPoints(line)) {
    pieces.push(line.slice(from, p));
    from = p + 1;
  }
  pieces.push(line.slice(from));
  const out: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current === '') current = piece;
    else if (len(current) + 1 + len(piece) <= width) current += ` ${piece}`;
    else {
      out.push(current);
      current = piece;
    }
  }
  if (current !== '') out.push(current);
  return out;
}

/**
 * `text` (a cell's Markdown) with every `|` of its text written `\|`: in a grid table a cell spanning columns may hold
 * a `|` just where a column's edge runs in the rows around it, and the grid parser reads an escaped one as text.
 * A `|` inside a code span or `$...$` math is left alone (escapes mean nothing there).
 */
function escapeTextPipes(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      out += text.slice(i, i + 2);
      i++;
    } else if (c === '`') {
      let run = 1;
      while (text[i + run] === '`') run++;
      const fence = '`'.repeat(run);
      let end = text.indexOf(fence, i + run);
      // A closing run must be exactly as long (CommonMark 6.1).
      while (end !== -1 && text[end + run] === '`') end = text.indexOf(fence, end + run + 1);
      const to = end === -1 ? i + run : end + run;
      out += text.slice(i, to);
      i = to - 1;
    } else if (c === '$') {
      let end = i + 1;
      while (end < text.length && text[end] !== '$') end += text[end] === '\\' ? 2 : 1;
      out += text.slice(i, end + 1);
      i = end;
    } else out += c === '|' ? '\\|' : c;
  }
  return out;
}

interface Placed {
  cell: TableCell;
  row: number;
  col: number;
  rows: number;
  cols: number;
  lines: string[];
}

function gridTable(table: TableBlock, write: InlineWriter): string {
  const rows = [...table.head, ...table.body];
  const ncols = Math.max(table.columns.length, 1);
  // Place every cell in the first free slot of its row (slots covered by spans above are taken).
  const taken: boolean[][] = rows.map(() => Array<boolean>(ncols).fill(false));
  const placed: Placed[] = [];
  rows.forEach((row, r) => {
    let c = 0;
    for (const cell of row.cells) {
      while (c < ncols && taken[r]![c]) c++;
      if (c >= ncols) break;
      const cols = Math.max(1, Math.min(cell.colSpan ?? 1, ncols - c));
      const span = Math.max(1, Math.min(cell.rowSpan ?? 1, rows.length - r, r < table.head.length ? table.head.length - r : rows.length - r));
      for (let rr = r; rr < r + span; rr++) for (let cc = c; cc < c + cols; cc++) taken[rr]![cc] = true;
      placed.push({ cell, row: r, col: c, rows: span, cols, lines: escapeTextPipes(cellText(cell, write)).split('\n') });
      c += cols;
    }
  });
  // Empty slots (a row with fewer cells than columns) get empty cells, so the grid tiles.
  rows.forEach((_row, r) => {
    for (let c = 0; c < ncols; c++) if (!taken[r]![c]) placed.push({ cell: { children: [] }, row: r, col: c, rows: 1, cols: 1, lines: [] });
  });

  // Column content widths: natural, then narrowed (wrapping) to keep a width-less table within the line.
  const fractions = table.columns.map((c) => c.widthFraction);
  const withWidths = fractions.length === ncols && fractions.every((f) => f !== undefined && f > 0);
  const natural = Array<number>(ncols).fill(1);
  const minimum = Array<number>(ncols).fill(1);
  for (const p of placed) {
    if (p.cols !== 1) continue;
    natural[p.col] = Math.max(natural[p.col]!, ...p.lines.map(len));
    minimum[p.col] = Math.max(minimum[p.col]!, ...p.lines.map(longestPiece));
  }
  let widths: number[];
  if (withWidths) {
    // Each column's `+`-to-`+` distance is its share of 100 characters (the parser reads hundredths back).
    widths = fractions.map((f, i) => Math.max(minimum[i]!, Math.round(f! * 100) - 3, 1));
  } else {
    widths = [...natural];
    const total = () => widths.reduce((a, w) => a + w + 3, 1);
    for (let guard = 0; total() > GRID_TABLE_LINE && guard < 1000; guard++) {
      let widest = -1;
      widths.forEach((w, i) => {
        if (w > minimum[i]! && (widest < 0 || w > widths[widest]!)) widest = i;
      });
      if (widest < 0) break;
      widths[widest] = Math.max(minimum[widest]!, widths[widest]! - Math.max(1, total() - GRID_TABLE_LINE));
    }
  }
  const spanWidth = (p: Placed) => widths.slice(p.col, p.col + p.cols).reduce((a, w) => a + w, 0) + 3 * (p.cols - 1);
  // A spanning cell too wide for its columns widens the last of them.
  for (const p of placed) {
    if (p.cols === 1) continue;
    const need = Math.max(1, ...p.lines.map(longestPiece));
    if (need > spanWidth(p)) widths[p.col + p.cols - 1]! += need - spanWidth(p);
  }
  for (const p of placed) p.lines = p.lines.flatMap((l) => wrap(l, spanWidth(p)));

  // Row heights: content lines; a row-spanning cell's extra lines go to its last row.
  const heights = rows.map(() => 1);
  for (const p of placed) if (p.rows === 1) heights[p.row] = Math.max(heights[p.row]!, p.lines.length);
  for (const p of placed) {
    if (p.rows === 1) continue;
    const room = heights.slice(p.row, p.row + p.rows).reduce((a, h) => a + h, 0) + (p.rows - 1);
    if (p.lines.length > room) heights[p.row + p.rows - 1]! += p.lines.length - room;
  }
  const xs = [0];
  widths.forEach((w) => xs.push(xs[xs.length - 1]! + w + 3));
  const ys = [0];
  heights.forEach((h) => ys.push(ys[ys.length - 1]! + h + 1));
  const canvas = Array.from({ length: ys[ys.length - 1]! + 1 }, () => Array<string>(xs[xs.length - 1]! + 1).fill(' '));
  const headLine = table.head.length > 0 ? ys[table.head.length]! : -1;
  for (const p of placed) {
    const top = ys[p.row]!;
    const bottom = ys[p.row + p.rows]!;
    const left = xs[p.col]!;
    const right = xs[p.col + p.cols]!;
    for (const y of [top, bottom]) {
      for (let x = left + 1; x < right; x++) if (canvas[y]![x] !== '+') canvas[y]![x] = y === headLine ? '=' : '-';
      canvas[y]![left] = '+';
      canvas[y]![right] = '+';
    }
    for (let y = top + 1; y < bottom; y++) {
      canvas[y]![left] = '|';
      canvas[y]![right] = '|';
    }
    p.lines.forEach((line, k) => {
      Array.from(line).forEach((ch, j) => (canvas[top + 1 + k]![left + 2 + j] = ch));
    });
  }
  // Alignments: colons in the head's separator line, or in the top border when there is no head.
  const alignY = headLine > 0 ? headLine : 0;
  table.columns.forEach((col, i) => {
    const a = col.align;
    if (a === 'left' || a === 'center') canvas[alignY]![xs[i]! + 1] = ':';
    if (a === 'right' || a === 'center') canvas[alignY]![xs[i + 1]! - 1] = ':';
  });
  return canvas.map((l) => l.join('').trimEnd()).join('\n');
}

/** The caption paragraph of a table, or '' when it has neither caption nor id. */
function captionParagraph(table: TableBlock, write: InlineWriter): string {
  if (table.caption.length === 0 && !table.id) return '';
  const text = write(table.caption).replace(/\\\n/g, ' ').trim();
  const id = table.id ? `{#${table.id}}` : '';
  return ['Table:', text, id].filter(Boolean).join(' ');
}

/**
 * The table as Markdown (see the module comment); `write` serializes a cell's inline content. The table's
 * `note` has no Markdown form in pandoc's syntax: it is written as a paragraph after the caption, which
 * is what a reader of the Markdown sees (the parser reads it back as a paragraph).
 */
export function serializeTable(table: TableBlock, write: InlineWriter): string {
  const body = fitsPipeTable(table, write) ? pipeTable(table, write) : gridTable(table, write);
  return [body, captionParagraph(table, write)].filter(Boolean).join('\n\n');
}
