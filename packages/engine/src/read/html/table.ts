/**
 * HTML `<table>` -> the model's {@link TableBlock} (WHATWG HTML §4.9, "Tabular data"; pandoc's HTML reader reads
 * the same elements):
 * - `<caption>` -> caption (a leading "Table 3." dropped: Quire numbers tables itself), the table's `id` -> id;
 * - `<thead>` rows, else the leading rows made only of `<th>` cells -> head rows; `<tbody>` / bare `<tr>` -> body,
 *   `<tfoot>` rows last in the body (the model has no foot);
 * - `colspan` / `rowspan` (HTML's table model: a covered slot has no cell), clamped to the table;
 * - `<col align>` / `style="text-align"` / `align` -> column alignments (a column's most common cell alignment;
 *   a cell that differs keeps its own), `<col width>` / `style="width:..%"` -> widthFraction.
 *
 * Whether a table is data or layout is decided here ({@link isDataTable}); the converter reads cells (their
 * content is the converter's business) and layout tables.
 */
import type { CellAlign, Inline, TableBlock, TableCell, TableColumn, TableRow } from '../../model/book-document.ts';
import { attr, textContent, type XmlElement } from '../xml.ts';
import { tag } from './dom.ts';

/** A `<tr>`'s cells, and the group it belongs to. */
export interface SourceRow {
  group: 'head' | 'body' | 'foot';
  cells: XmlElement[];
}

/** Most columns and rows one span may cover (a hostile `colspan="100000"` must not build a huge grid). */
const MAX_SPAN = 1000;

/** The rows of a table in document order, with their group (nested tables are not entered). */
export function sourceRows(table: XmlElement): SourceRow[] {
  const out: SourceRow[] = [];
  const walk = (el: XmlElement, group: SourceRow['group']): void => {
    for (const c of el.children) {
      if (c.type !== 'element') continue;
      const t = tag(c);
      if (t === 'tr') out.push({ group, cells: c.children.filter((x) => x.type === 'element' && (tag(x) === 'td' || tag(x) === 'th')) as XmlElement[] });
      else if (t === 'thead') walk(c, 'head');
      else if (t === 'tfoot') walk(c, 'foot');
      else if (t === 'tbody') walk(c, 'body');
      else if (t !== 'table' && t !== 'caption' && t !== 'colgroup' && t !== 'col') walk(c, group);
    }
  };
  walk(table, 'body');
  return out;
}

function span(cell: XmlElement, name: 'colspan' | 'rowspan'): number {
  const n = Number.parseInt(attr(cell, name) ?? '1', 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_SPAN) : 1;
}

function hasText(cell: XmlElement): boolean {
  return /\S/.test(textContent(cell));
}

/**
 * True for a table of data: at least two rows that each hold text (or a picture) in two or more cells, and at
 * least twice as many cells of text as pictures. A table of one row or one
 * column (Project Gutenberg frames a poem, a cast list or a title page so), or one that mostly holds pictures (a
 * plate layout), is layout: the converter reads its content as the text it frames. Contents tables made of links
 * are recognised before this (the converter's navigation test) and dropped.
 */
export function isDataTable(table: XmlElement, rows: readonly SourceRow[] = sourceRows(table)): boolean {
  const textRows = rows.filter((r) => r.cells.filter((c) => hasText(c) || countTag(c, 'img') > 0).length >= 2).length;
  if (textRows < 2) return false;
  const images = countTag(table, 'img');
  const textCells = rows.reduce((n, r) => n + r.cells.filter(hasText).length, 0);
  return images === 0 || textCells >= 2 * images;
}

function countTag(el: XmlElement, name: string): number {
  let n = 0;
  for (const c of el.children) if (c.type === 'element') n += (tag(c) === name ? 1 : 0) + countTag(c, name);
  return n;
}

/** CSS `text-align` / the `align` attribute of a cell or `<col>`. */
export function alignOf(el: XmlElement): CellAlign | undefined {
  const style = /(?:^|;)\s*text-align\s*:\s*([a-z-]+)/i.exec(attr(el, 'style') ?? '')?.[1];
  const v = (style ?? attr(el, 'align') ?? '').toLowerCase();
  if (v === 'left' || v === 'start' || v === 'justify') return 'left';
  if (v === 'right' || v === 'end') return 'right';
  if (v === 'center' || v === 'middle') return 'center';
  return undefined;
}

/** A width in percent (`30%`, `style="width: 30%"`) or in pixels (`width="120"`). */
function widthOf(el: XmlElement): { percent?: number; px?: number } | undefined {
  const style = /(?:^|;)\s*width\s*:\s*([\d.]+)\s*(%|px)?/i.exec(attr(el, 'style') ?? '');
  const raw = style ? `${style[1]}${style[2] ?? 'px'}` : (attr(el, 'width') ?? '').trim();
  const m = /^([\d.]+)\s*(%|px)?$/i.exec(raw);
  if (!m) return undefined;
  const v = Number.parseFloat(m[1]!);
  if (!Number.isFinite(v) || v <= 0) return undefined;
  return m[2] === '%' ? { percent: v } : { px: v };
}

/** `<col>` elements (inside `<colgroup>` or not), each repeated by its `span`. */
function cols(table: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const add = (col: XmlElement): void => {
    const n = Math.min(MAX_SPAN, Math.max(1, Number.parseInt(attr(col, 'span') ?? '1', 10) || 1));
    for (let i = 0; i < n; i++) out.push(col);
  };
  for (const c of table.children) {
    if (c.type !== 'element') continue;
    if (tag(c) === 'col') add(c);
    if (tag(c) === 'colgroup') for (const col of c.children) if (col.type === 'element' && tag(col) === 'col') add(col);
  }
  return out;
}

/** The `<caption>` element, when the table has one. */
export function captionElement(table: XmlElement): XmlElement | undefined {
  return table.children.find((c) => c.type === 'element' && tag(c) === 'caption') as XmlElement | undefined;
}

/** What {@link buildTable} needs from the converter: a cell's phrasing content. */
export type CellReader = (cell: XmlElement) => Inline[];

/**
 * Builds the table (see the module comment). Rows without any cell are dropped; a cell's slot position is found
 * by HTML's table model (rows spanned from above push cells to the right).
 * @returns undefined when no cell holds anything.
 */
export function buildTable(table: XmlElement, rows: readonly SourceRow[], readCell: CellReader, caption: Inline[]): TableBlock | undefined {
  const occupied: boolean[][] = [];
  const built: { group: SourceRow['group']; row: TableRow; slots: { col: number; el: XmlElement; cell: TableCell }[] }[] = [];
  let width = 0;
  let anything = false;
  rows.forEach((r, y) => {
    if (r.cells.length === 0) return;
    const taken = (occupied[y] ??= []);
    let x = 0;
    const row: TableRow = { cells: [] };
    const slots: { col: number; el: XmlElement; cell: TableCell }[] = [];
    for (const el of r.cells) {
      while (taken[x]) x++;
      const colSpan = span(el, 'colspan');
      // `rowspan="0"` (to the end of the group) and spans past the last row are clamped to the rows there are.
      const rowSpan = Math.min(span(el, 'rowspan'), rows.length - y);
      const children = readCell(el);
      if (children.length > 0) anything = true;
      const cell: TableCell = { children };
      if (colSpan > 1) cell.colSpan = colSpan;
      if (rowSpan > 1) cell.rowSpan = rowSpan;
      for (let dy = 0; dy < rowSpan; dy++) {
        const line = (occupied[y + dy] ??= []);
        for (let dx = 0; dx < colSpan; dx++) line[x + dx] = true;
      }
      row.cells.push(cell);
      slots.push({ col: x, el, cell });
      x += colSpan;
      width = Math.max(width, x);
    }
    built.push({ group: r.group, row, slots });
  });
  if (!anything || width === 0) return undefined;
  // Spacer rows (all cells empty: Project Gutenberg spaces a table so) say nothing; without row spans they go.
  if (!built.some((b) => b.row.cells.some((c) => (c.rowSpan ?? 1) > 1))) {
    for (let i = built.length - 1; i >= 0; i--) if (built[i]!.row.cells.every((c) => c.children.length === 0)) built.splice(i, 1);
  }
  // Leading rows of header cells only are the head when there is no `<thead>` (HTML's implied header rows).
  if (!built.some((b) => b.group === 'head')) {
    for (const b of built) {
      if (b.slots.length > 0 && b.slots.every((s) => tag(s.el) === 'th') && b !== built[built.length - 1]) b.group = 'head';
      else break;
    }
  }
  const columns = columnSpecs(table, built.flatMap((b) => (b.group === 'head' ? [] : b.slots)), built.flatMap((b) => b.slots), width);
  for (const b of built) {
    for (const s of b.slots) {
      const a = alignOf(s.el);
      if (a && a !== columns[s.col]!.align) s.cell.align = a;
    }
  }
  const out: TableBlock = {
    type: 'table',
    caption,
    columns,
    head: built.filter((b) => b.group === 'head').map((b) => b.row),
    body: [...built.filter((b) => b.group === 'body'), ...built.filter((b) => b.group === 'foot')].map((b) => b.row),
  };
  const id = attr(table, 'id');
  if (id) out.id = id;
  return out;
}

/** Column alignments and widths (see the module comment). */
function columnSpecs(table: XmlElement, bodySlots: readonly { col: number; el: XmlElement }[], allSlots: readonly { col: number; el: XmlElement }[], width: number): TableColumn[] {
  const colEls = cols(table);
  const columns: TableColumn[] = [];
  const widths: ({ percent?: number; px?: number } | undefined)[] = [];
  for (let c = 0; c < width; c++) {
    const col = colEls[c];
    let align = col ? alignOf(col) : undefined;
    if (!align) {
      const votes = new Map<CellAlign, number>();
      const slots = bodySlots.length > 0 ? bodySlots : allSlots;
      for (const s of slots) {
        if (s.col !== c || (attr(s.el, 'colspan') ?? '1') !== '1') continue;
        const a = alignOf(s.el) ?? 'default';
        votes.set(a, (votes.get(a) ?? 0) + 1);
      }
      align = [...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    }
    columns.push({ align: align ?? 'default' });
    // A width on the `<col>`, else on the first cell that sits alone in this column.
    const cell = allSlots.find((s) => s.col === c && span(s.el, 'colspan') === 1 && widthOf(s.el));
    widths.push((col && widthOf(col)) ?? (cell ? widthOf(cell.el) : undefined));
  }
  if (widths.every((w) => w?.px !== undefined)) {
    const total = widths.reduce((n, w) => n + w!.px!, 0);
    widths.forEach((w, c) => (columns[c]!.widthFraction = round(w!.px! / total)));
  } else {
    widths.forEach((w, c) => {
      if (w?.percent !== undefined && w.percent <= 100) columns[c]!.widthFraction = round(w.percent / 100);
    });
  }
  return columns;
}

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}
