/**
 * Tables of the DOCX writer: a model {@link TableBlock} as a real Word table (`w:tbl`, ECMA-376 Part 1 §17.4).
 *
 * - Header rows are marked `w:tblHeader` (§17.4.49), so Word and LibreOffice repeat them on every page the table
 *   runs onto; no row breaks across a page (`w:cantSplit`).
 * - Spans: `colSpan` -> `w:gridSpan`, `rowSpan` -> `w:vMerge` (the docx library adds the covered cells of the rows
 *   below, which the model leaves out as HTML does).
 * - Widths: a fixed layout (`w:tblLayout fixed`) whose columns are the model's `widthFraction` shares of the text
 *   block (trim width less inside and outside margins), columns without one sharing what is left equally, all
 *   scaled down when they add up to more: the table is never wider than the text block. Without any fraction the
 *   columns are equal and the table is as wide as the text block.
 * - Alignment per cell (the cell's own, else its column's); `default` is flush left, and a header cell centred on
 *   academic layouts (APA 7 7.12).
 * - Text in the Table Text style (Table Heading in header rows), one paragraph a cell, the model's line breaks kept.
 * - Rules: horizontal only, above the table, under the header and under the last row, as APA 7 7.13 and Chicago
 *   3.73 set tables; book layouts get the same quiet rules at half the weight.
 * - The caption above (`Caption` style: "Table " and a SEQ field, then the title; `fields.ts`), the note below
 *   (Table Note: "Note." in italics, then the note; APA 7 7.14).
 *
 * In a footnote, where Word's footnotes hold paragraphs only here, a table is set as one paragraph per row, its
 * cells separated by tabs, and reported (`table-simplified`).
 */
import {
  AlignmentType,
  BorderStyle,
  Paragraph,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  WidthType,
  type IBorderOptions,
  type ParagraphChild,
} from 'docx';
import type { CellAlign, Inline, TableBlock, TableCell as ModelCell } from '../../model/book-document.ts';
import { captionLabel } from './fields.ts';
import { inlineRuns } from './inlines.ts';
import { twips } from './sections.ts';
import { report, type DocxState } from './state.ts';
import { STYLE } from './styles.ts';

/** The text block's width in twips: trim width less the inside and outside margins (`sections.ts` pageProperties). */
export function textBlockTwips(state: DocxState): number {
  const { layout } = state;
  return twips(layout.trimWidthIn - layout.marginInsideIn - layout.marginOutsideIn);
}

/**
 * Column widths in twips (see the module comment): fractions of `blockWidth`, the rest shared equally, never more
 * than `blockWidth` together; every column at least a twentieth of it.
 */
export function columnTwips(table: Pick<TableBlock, 'columns'>, columnCount: number, blockWidth: number): number[] {
  const n = Math.max(1, columnCount);
  const given = Array.from({ length: n }, (_, i) => {
    const w = table.columns[i]?.widthFraction;
    return w !== undefined && Number.isFinite(w) && w > 0 ? Math.min(1, w) : undefined;
  });
  const known = given.reduce<number>((sum, w) => sum + (w ?? 0), 0);
  const open = given.filter((w) => w === undefined).length;
  const share = open > 0 ? Math.max(0.05, (1 - known) / open) : 0;
  const fractions = given.map((w) => Math.max(0.05, w ?? share));
  const total = fractions.reduce((a, b) => a + b, 0);
  // A table whose fractions add up to less than the whole stays that narrow (pandoc: relative widths of the text width).
  const scale = total > 1 ? 1 / total : 1;
  return fractions.map((f) => Math.max(1, Math.floor(f * scale * blockWidth)));
}

/** The number of grid columns: the widest row counting spans (and cells covered from above), or the column specs. */
function gridColumns(table: TableBlock): number {
  const rows = [...table.head, ...table.body];
  // Cells covered by a row span from above take grid columns of their row too.
  const covered: number[] = [];
  let widest = table.columns.length;
  rows.forEach((row, r) => {
    const own = row.cells.reduce((sum, c) => sum + span(c.colSpan), 0);
    widest = Math.max(widest, own + (covered[r] ?? 0));
    for (const c of row.cells) for (let k = 1; k < span(c.rowSpan); k++) covered[r + k] = (covered[r + k] ?? 0) + span(c.colSpan);
  });
  return widest;
}

function span(n: number | undefined): number {
  return n !== undefined && Number.isInteger(n) && n > 1 ? Math.min(n, 63) : 1;
}

const ALIGN = { left: AlignmentType.LEFT, center: AlignmentType.CENTER, right: AlignmentType.RIGHT } as const;

function cellAlignment(align: CellAlign | undefined, header: boolean, state: DocxState) {
  if (align && align !== 'default') return ALIGN[align];
  return header && state.layout.academic ? AlignmentType.CENTER : AlignmentType.LEFT;
}

const NONE: IBorderOptions = { style: BorderStyle.NONE, size: 0, color: 'auto' };

/** A rule of `eighths` of a point (`w:sz`, §17.18.2). */
function rule(eighths: number): IBorderOptions {
  return { style: BorderStyle.SINGLE, size: eighths, color: '000000' };
}

/**
 * The grid positions of each row's cells: a cell's first grid column, skipping columns a row span from above
 * covers (the model leaves those cells out).
 */
function cellColumns(rows: readonly { cells: readonly ModelCell[] }[]): number[][] {
  const covered = new Map<number, Set<number>>();
  return rows.map((row, r) => {
    const taken = covered.get(r) ?? new Set<number>();
    let col = 0;
    return row.cells.map((c) => {
      while (taken.has(col)) col++;
      const at = col;
      for (let k = 1; k < span(c.rowSpan); k++) {
        const below = covered.get(r + k) ?? new Set<number>();
        for (let j = 0; j < span(c.colSpan); j++) below.add(at + j);
        covered.set(r + k, below);
      }
      col += span(c.colSpan);
      return at;
    });
  });
}

/** The Word table of `node` (no caption or note). */
function wordTable(node: TableBlock, state: DocxState): Table {
  const columns = gridColumns(node);
  const widths = columnTwips(node, columns, textBlockTwips(state));
  const rows = [...node.head, ...node.body];
  const starts = cellColumns(rows);
  const academic = state.layout.academic !== null;
  const outer = rule(academic ? 8 : 4);
  const headRule = rule(4);
  const headCount = node.head.length;
  const wordRows = rows.map((row, r) => {
    const header = r < headCount;
    const lastHead = r === headCount - 1;
    const cells = row.cells.map((cell, i) => {
      const first = starts[r]![i]!;
      const colSpan = Math.min(span(cell.colSpan), Math.max(1, columns - first));
      const width = widths.slice(first, first + colSpan).reduce((a, b) => a + b, 0);
      // The rule under the header goes under every cell that ends in the last header row.
      const endsHead = header && (lastHead || r + span(cell.rowSpan) - 1 === headCount - 1);
      return new TableCell({
        width: { size: width, type: WidthType.DXA },
        columnSpan: colSpan > 1 ? colSpan : undefined,
        rowSpan: span(cell.rowSpan) > 1 ? Math.min(span(cell.rowSpan), rows.length - r) : undefined,
        borders: endsHead ? { bottom: headRule } : undefined,
        children: [
          new Paragraph({
            style: header ? STYLE.tableHeading : STYLE.tableText,
            alignment: cellAlignment(cell.align ?? node.columns[first]?.align, header, state),
            children: inlineRuns(cell.children, state),
          }),
        ],
      });
    });
    if (cells.length === 0) cells.push(new TableCell({ width: { size: widths[0]!, type: WidthType.DXA }, children: [new Paragraph({ style: STYLE.tableText })] }));
    return new TableRow({ tableHeader: header || undefined, cantSplit: true, children: cells });
  });
  return new Table({
    rows: wordRows,
    width: { size: widths.reduce((a, b) => a + b, 0), type: WidthType.DXA },
    columnWidths: widths,
    layout: TableLayoutType.FIXED,
    alignment: AlignmentType.CENTER,
    margins: { top: 40, bottom: 40, left: 100, right: 100 },
    borders: { top: outer, bottom: outer, left: NONE, right: NONE, insideHorizontal: NONE, insideVertical: NONE },
  });
}

/**
 * The caption above a table: `Table 2` (a SEQ field in a bookmark, `fields.ts`) and the title. Academic layouts set
 * the label bold and the title italic on the line below (APA 7 7.10), in one Caption paragraph so that Word's list
 * of tables lists both; books run them on (`Table 2. Title`). An unnumbered table keeps its title alone.
 */
export function tableCaption(node: TableBlock, state: DocxState): Paragraph | undefined {
  const numbered = state.numbering.of(node);
  if (!numbered && node.caption.length === 0) return undefined;
  return captionParagraph('Table', numbered, node.caption, state);
}

/** A Caption paragraph: label (when numbered) and title, formatted as the layout's guide says (see {@link tableCaption}). */
export function captionParagraph(kind: 'Table' | 'Figure', numbered: { number: string; anchor: string } | undefined, title: readonly Inline[], state: DocxState): Paragraph {
  const academic = state.layout.academic !== null;
  const children: ParagraphChild[] = [];
  if (numbered) {
    children.push(captionLabel(kind, numbered.number, numbered.anchor, academic ? { bold: true } : {}));
    if (title.length > 0) children.push(academic ? new TextRun({ break: 1 }) : new TextRun('. '));
  }
  children.push(...inlineRuns(title, state, academic ? { italics: true } : {}));
  // A table's caption stays with the table; a figure's follows its picture.
  return new Paragraph({ style: STYLE.caption, keepNext: kind === 'Table', keepLines: true, children });
}

/** The note below a table: `Note.` in italics, then the note (APA 7 7.14). */
function tableNote(note: readonly Inline[], state: DocxState): Paragraph {
  return new Paragraph({ style: STYLE.tableNote, children: [new TextRun({ text: 'Note.', italics: true }), new TextRun(' '), ...inlineRuns(note, state)] });
}

/** A table as paragraphs, one per row with cells separated by tabs (in a footnote; see the module comment). */
function flatTable(node: TableBlock, state: DocxState): Paragraph[] {
  report(state, 'table-simplified', 'A table inside a footnote is set as lines of text with its cells separated by tabs, since Quire writes Word footnotes of paragraphs only.');
  const out: Paragraph[] = [];
  if (node.caption.length > 0) out.push(new Paragraph({ style: STYLE.footnoteText, children: inlineRuns(node.caption, state) }));
  for (const row of [...node.head, ...node.body]) {
    const children: ParagraphChild[] = [];
    row.cells.forEach((cell, i) => {
      if (i > 0) children.push(new TextRun({ children: ['\t'] }));
      children.push(...inlineRuns(cell.children, state));
    });
    out.push(new Paragraph({ style: STYLE.footnoteText, children }));
  }
  if (node.note) out.push(new Paragraph({ style: STYLE.footnoteText, children: [new TextRun({ text: 'Note.', italics: true }), new TextRun(' '), ...inlineRuns(node.note, state)] }));
  return out;
}

/** A table block: caption above, the Word table, note below (see the module comment). */
export function table(node: TableBlock, state: DocxState): (Paragraph | Table)[] {
  state.afterBreak = true;
  if (state.inFootnote) return flatTable(node, state);
  const out: (Paragraph | Table)[] = [];
  const caption = tableCaption(node, state);
  if (caption) out.push(caption);
  if (node.head.length + node.body.length === 0) {
    report(state, 'other', 'A table without rows was left out; its caption is kept.');
    return out;
  }
  out.push(wordTable(node, state));
  if (node.note && node.note.length > 0) out.push(tableNote(node.note, state));
  else out.push(new Paragraph({ style: STYLE.tableNote, spacing: { before: 0, after: 120 } }));
  return out;
}
