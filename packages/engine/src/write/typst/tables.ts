/**
 * Tables of the Typst writer: a Typst `table` with its header rows in `table.header` (repeated on every page the
 * table breaks onto), body rows, spans (`table.cell(colspan:, rowspan:)`), column alignments and widths (the
 * source's `widthFraction` as a share of the text block, else `auto`).
 *
 * Styling by the layout:
 * - academic layouts follow APA 7 7.8-7.21: the number in bold on its own line ("Table 1"), the title in italics
 *   below it, both above the table; horizontal rules only (top, below the header, bottom, 7.18); a note below
 *   the table starting "Note." in italics (7.14);
 * - book layouts: a quiet book table (Chicago 3.52, 3.76-3.79): thin rules above and below and under the head,
 *   the caption above in the text face, a number (when the table has one) in italics before it; the type a
 *   size smaller than the text.
 *
 * Width: a table is never wider than the text block. Its width is estimated (`layout/table-fit.ts`); a table
 * that needs more than the text width is set in smaller type, down to 8 pt (`table-shrunk`); one that would
 * need less than that is turned on its side, the
 * text block's height becoming its width (Chicago 3.86, a broadside table: its top at the left of the page), split into pages of rows that each repeat the header (`table-rotated`). Every page keeps the trim size.
 */
import { CELL_INSET_EM, CHAR_EM, ROW_LINE, cellText, columnCount, columnDemandsEm, fitTable, placeCells, tableBasePt, textBlockPt } from '../../layout/table-fit.ts';
import { inlineText, type CellAlign, type TableBlock, type TableCell, type TableRow } from '../../model/book-document.ts';
import { numberingFor } from '../numbering.ts';
import { escapeTypst } from './escape.ts';
import { renderInlines } from './inlines.ts';
import type { TypstState } from './state.ts';

const TYPST_ALIGN: Readonly<Record<CellAlign, string>> = { left: 'left', center: 'center', right: 'right', default: 'left' };

/** Typst markup of one row's cells, each `[...]` or `table.cell(...)[...]`. */
function renderRow(row: TableRow, state: TypstState, columns: readonly CellAlign[], header: boolean, placed: Map<TableCell, number>): string[] {
  return row.cells.map((cell) => {
    let body = renderInlines(cell.children, state);
    if (header && state.layout.academic === null) body = `#emph[${body}]`;
    const args: string[] = [];
    const colSpan = Math.max(1, Math.trunc(cell.colSpan ?? 1) || 1);
    const rowSpan = Math.max(1, Math.trunc(cell.rowSpan ?? 1) || 1);
    if (colSpan > 1) args.push(`colspan: ${colSpan}`);
    if (rowSpan > 1) args.push(`rowspan: ${rowSpan}`);
    const column = placed.get(cell) ?? 0;
    // APA 7 7.13: column heads centred; a spanning head centred over its columns.
    const align = cell.align && cell.align !== 'default' ? cell.align : header && (state.layout.academic !== null || colSpan > 1) ? 'center' : columns[column] ?? 'default';
    if (align !== (columns[column] ?? 'default')) args.push(`align: ${TYPST_ALIGN[align]}`);
    return args.length > 0 ? `table.cell(${args.join(', ')})[${body}]` : `[${body}]`;
  });
}

/** The Typst `table(...)` call for some rows of a table (all of them, or one turned page's share). */
function renderTableCall(table: TableBlock, body: readonly TableRow[], state: TypstState, keepWidths: boolean): string {
  const n = columnCount(table);
  const aligns = Array.from({ length: n }, (_, i) => table.columns[i]?.align ?? 'default');
  const widths = Array.from({ length: n }, (_, i) => {
    const f = table.columns[i]?.widthFraction;
    return keepWidths && f !== undefined && f > 0 && f <= 1 ? `${(f * 100).toFixed(2)}%` : 'auto';
  });
  const headPlaced = new Map(placeCells(table.head, n).map((p) => [p.cell, p.column] as const));
  const bodyPlaced = new Map(placeCells(body, n).map((p) => [p.cell, p.column] as const));
  const academic = state.layout.academic !== null;
  const outer = academic ? '0.8pt' : '0.6pt';
  const inner = academic ? '0.5pt' : '0.3pt';
  const headCells = table.head.flatMap((row) => renderRow(row, state, aligns, true, headPlaced));
  const bodyCells = body.flatMap((row) => renderRow(row, state, aligns, false, bodyPlaced));
  const header = table.head.length > 0
    ? `table.header(repeat: true, table.hline(stroke: ${outer}), ${headCells.join(', ')}${headCells.length > 0 ? ', ' : ''}table.hline(stroke: ${inner})),`
    : `table.hline(stroke: ${outer}),`;
  return [
    `table(columns: (${widths.join(', ')}${n === 1 ? ',' : ''}), align: (${aligns.map((a) => TYPST_ALIGN[a]).join(', ')}${n === 1 ? ',' : ''}), stroke: none,`,
    `inset: (x: ${CELL_INSET_EM}em, y: ${((ROW_LINE - 1) / 2 + 0.12).toFixed(2)}em),`,
    header,
    bodyCells.map((c) => `${c},`).join(' '),
    `table.hline(stroke: ${outer}))`,
  ].join('\n');
}

/** Estimated lines a body row takes at `sizePt` in a text block `widthPt` wide (its fullest cell). */
function rowLines(row: TableRow, demandsEm: readonly number[], sizePt: number, widthPt: number): number {
  const total = demandsEm.reduce((a, b) => a + b, 0);
  return Math.max(1, ...row.cells.map((c, i) => {
    const colPt = (widthPt * (demandsEm[i] ?? 1)) / total;
    const textPt = [...cellText(c)].length * CHAR_EM * sizePt;
    return Math.ceil(textPt / Math.max(1, colPt - 2 * CELL_INSET_EM * sizePt));
  }));
}

/**
 * A table block (see the module docs). Reports `table-shrunk` and `table-rotated` to the writer's diagnostics.
 */
export function renderTable(table: TableBlock, state: TypstState): string {
  if (table.head.length === 0 && table.body.length === 0) return '';
  const numbering = numberingFor(state.doc, state.layout).of(table);
  const basePt = tableBasePt(state.layout);
  const block = textBlockPt(state.layout);
  const fit = fitTable(table, basePt, block);
  const name = numbering?.label ?? (inlineText(table.caption).trim() || 'A table');
  const where = state.where.value ? `${state.where.value}, ${name}` : name;
  if (fit.rotated) {
    state.diagnostics.add('table-rotated', `The table is too wide for the page, so it was turned on its side and set in ${fit.sizePt} pt type${fit.overfull ? '; its columns are still narrow, so consider fewer columns' : ''}.`, where);
  } else if (fit.sizePt < basePt) {
    state.diagnostics.add('table-shrunk', `The table was set in ${fit.sizePt} pt type (the text is ${basePt} pt) to fit the width of the page.`, where);
  }

  const caption = tableCaption(table, numbering?.label, state);
  const note = table.note && table.note.length > 0 ? `#quire-table-note[${renderInlines(table.note, state)}]` : '';
  const label = numbering ? `<${numbering.anchor}>` : '';
  const size = `${fit.sizePt}pt`;
  if (!fit.rotated) {
    return `#quire-table(size: ${size}, caption: ${caption}, note: ${note ? `[${note}]` : 'none'}, ${renderTableCall(table, table.body, state, fit.keepWidths)})${label}`;
  }
  // Turned pages: the text block's height is the table's width; rows are shared out so that each page holds
  // what fits (an estimate), the header repeated on each.
  const demands = columnDemandsEm(table);
  const lineAt = fit.sizePt * ROW_LINE;
  const headLines = table.head.reduce((n, r) => n + rowLines(r, demands, fit.sizePt, block.height), 0) + (caption === 'none' ? 0 : 3);
  const room = Math.max(3, Math.floor(block.width / lineAt) - headLines - 2);
  const chunks: TableRow[][] = [];
  let current: TableRow[] = [];
  let used = 0;
  for (const row of table.body) {
    const lines = rowLines(row, demands, fit.sizePt, block.height);
    // A row that a rowspan from above still covers stays with it.
    const continues = current.some((r, k) => r.cells.some((c) => (c.rowSpan ?? 1) > current.length - k));
    if (used + lines > room && current.length > 0 && !continues) {
      chunks.push(current);
      current = [];
      used = 0;
    }
    current.push(row);
    used += lines;
  }
  if (current.length > 0 || chunks.length === 0) chunks.push(current);
  const pages = chunks.map((rows, i) => {
    const last = i === chunks.length - 1;
    const call = renderTableCall(table, rows, state, fit.keepWidths);
    return `#quire-table-turned(size: ${size}, caption: ${i === 0 ? caption : 'none'}, note: ${last && note ? `[${note}]` : 'none'}, ${call})${i === 0 ? label : ''}`;
  });
  return pages.join('\n\n');
}

/**
 * The caption above a table as a Typst argument: APA's bold number line and italic title for papers, a book's
 * italic number and roman title on one line; `none` when the table has neither.
 */
function tableCaption(table: TableBlock, number: string | undefined, state: TypstState): string {
  const title = table.caption.length > 0 ? renderInlines(table.caption, state) : '';
  if (state.layout.academic !== null) {
    if (!number && !title) return 'none';
    return `[${number ? `#quire-table-number[${escapeTypst(number)}]` : ''}${title ? `#quire-table-title[${title}]` : ''}]`;
  }
  if (!number && !title) return 'none';
  const lead = number ? `#emph[${escapeTypst(number)}.]${title ? ' ' : ''}` : '';
  return `[${lead}${title}]`;
}
