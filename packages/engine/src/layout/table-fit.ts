/**
 * How wide a table is and the type size that fits it in a text block, shared by the writers that set pages (the
 * Typst PDF and the print HTML): its width is estimated from its text (Typst's `measure` would only be known
 * inside the compile, and the diagnostics are given while the source is written): each column needs its longest
 * word and, for wrapping text, about {@link COMFORT_CHARS} characters, at {@link CHAR_EM} em a character, plus the
 * cell insets. A table that needs more than the text width is set in smaller type, down to {@link MIN_TABLE_PT}
 * pt; one that would need less than that is turned on its side where the writer can (Chicago 3.86, a broadside
 * table).
 */
import { inlineText, type TableBlock, type TableCell, type TableRow } from '../model/book-document.ts';
import type { Layout } from './layout.ts';

/**
 * The text block of a layout's page, in points (72 to the inch): the trim less the inside and outside margins,
 * and less the top and bottom margins.
 */
export function textBlockPt(layout: Pick<Layout, 'trimWidthIn' | 'trimHeightIn' | 'marginInsideIn' | 'marginOutsideIn' | 'marginTopIn' | 'marginBottomIn'>): { width: number; height: number } {
  return {
    width: (layout.trimWidthIn - layout.marginInsideIn - layout.marginOutsideIn) * 72,
    height: (layout.trimHeightIn - layout.marginTopIn - layout.marginBottomIn) * 72,
  };
}

/**
 * The type size of a layout's tables before any shrinking, in points: the text size in academic layouts (APA 7
 * 7.3), a size smaller in books (0.9 of it, to the half point; Chicago 3.52).
 */
export function tableBasePt(layout: Pick<Layout, 'academic' | 'fontSizePt'>): number {
  return layout.academic ? layout.fontSizePt : Math.round(layout.fontSizePt * 0.9 * 2) / 2;
}

/** Smallest type a table is shrunk to (APA 7 7.3 allows 8-14 pt in tables). */
export const MIN_TABLE_PT = 8;

/** Average advance width of a character of text, in em (a serif text face: about 0.5 em). */
export const CHAR_EM = 0.5;

/** Characters of a wrapping cell that a column should hold on one line before it looks starved. */
export const COMFORT_CHARS = 12;

/** Horizontal inset of a cell, in em (each side). */
export const CELL_INSET_EM = 0.4;

/** Line height of table rows, as a multiple of the table's type size. */
export const ROW_LINE = 1.3;

/** Number of columns a table has: its column specs, or the widest row (spans counted). */
export function columnCount(table: TableBlock): number {
  const widest = Math.max(0, ...[...table.head, ...table.body].map((r) => r.cells.reduce((n, c) => n + Math.max(1, c.colSpan ?? 1), 0)));
  return Math.max(1, table.columns.length, widest);
}

/**
 * The width each column needs, in em of the table's type: its longest word, and up to {@link COMFORT_CHARS}
 * characters of its longest cell (a cell spanning several columns is not counted against any one of them).
 */
export function columnDemandsEm(table: TableBlock): number[] {
  const n = columnCount(table);
  const demand = new Array<number>(n).fill(1);
  const grid = placeCells([...table.head, ...table.body], n);
  for (const { cell, column } of grid) {
    if ((cell.colSpan ?? 1) > 1) continue;
    const text = cellText(cell).trim();
    const longestWord = Math.max(0, ...text.split(/\s+/u).map((w) => [...w].length));
    const chars = Math.max(longestWord, Math.min([...text].length, COMFORT_CHARS));
    demand[column] = Math.max(demand[column]!, chars * CHAR_EM);
  }
  return demand.map((d) => d + 2 * CELL_INSET_EM);
}

/**
 * A cell's text for width estimates: inline math counted by what it prints, about one character per TeX command
 * (`x_{\\text{desired}}` ~ `xdesired`), not by its source.
 */
export function cellText(cell: TableCell): string {
  return cell.children
    .map((n) => (n.type === 'math' ? n.tex.replace(/\\(?:text|mathrm|mathbf|mathit|operatorname)\s*/gu, '').replace(/\\[A-Za-z]+/gu, 'x').replace(/[{}_^\s]/gu, '') : inlineText([n])))
    .join('');
}

/** The column each cell of the rows starts in, with rows' spans from above (HTML's table model). */
export function placeCells(rows: readonly TableRow[], columns: number): Array<{ cell: TableCell; row: number; column: number }> {
  const out: Array<{ cell: TableCell; row: number; column: number }> = [];
  const covered = new Map<number, number>(); // column -> rows still covered by a rowspan from above
  rows.forEach((row, r) => {
    let col = 0;
    const busy = (c: number) => (covered.get(c) ?? 0) > 0;
    for (const cell of row.cells) {
      while (col < columns && busy(col)) col += 1;
      out.push({ cell, row: r, column: Math.min(col, columns - 1) });
      const span = Math.max(1, cell.colSpan ?? 1);
      const down = Math.max(1, cell.rowSpan ?? 1);
      if (down > 1) for (let k = 0; k < span; k++) covered.set(col + k, Math.max(covered.get(col + k) ?? 0, down));
      col += span;
    }
    for (const [c, left] of covered) covered.set(c, left - 1);
  });
  return out;
}

/** How a table is set: its type size in points, and whether it is turned on its side. */
export interface TableFit {
  sizePt: number;
  rotated: boolean;
  /** The source's column widths are kept (false: they were too narrow for the columns' words, so Typst sizes them). */
  keepWidths: boolean;
  /** The table needs more room than even a turned page at {@link MIN_TABLE_PT} pt gives (its cells wrap tighter). */
  overfull: boolean;
}

/**
 * The type size and orientation of a table (see the module docs): `basePt` when its estimated width fits the
 * text block, else smaller down to {@link MIN_TABLE_PT}, else turned on its side.
 */
export function fitTable(table: TableBlock, basePt: number, block: { width: number; height: number }): TableFit {
  const fractions = table.columns.map((c) => c.widthFraction);
  const demands = columnDemandsEm(table);
  const autoEm = demands.reduce((a, b) => a + b, 0);
  // With widths given, each column must hold its demand in its share of the width; otherwise the sum must fit.
  const given = fractions.length === demands.length && fractions.every((f) => f !== undefined && f > 0);
  const fractionEm = given ? Math.max(...demands.map((d, i) => d / fractions[i]!)) : Infinity;
  // The source's widths are kept unless they force smaller type than Typst's own sizing would.
  const keepWidths = given && (fractionEm * basePt <= block.width || fractionEm <= autoEm);
  const needEm = keepWidths ? fractionEm : autoEm;
  const sizeFor = (width: number) => width / needEm;
  if (sizeFor(block.width) >= basePt) return { sizePt: basePt, rotated: false, keepWidths, overfull: false };
  const shrunk = Math.floor(sizeFor(block.width) * 2) / 2;
  if (shrunk >= MIN_TABLE_PT) return { sizePt: shrunk, rotated: false, keepWidths, overfull: false };
  const turned = Math.floor(Math.min(basePt, sizeFor(block.height)) * 2) / 2;
  return { sizePt: Math.max(MIN_TABLE_PT, turned), rotated: true, keepWidths, overfull: turned < MIN_TABLE_PT };
}
