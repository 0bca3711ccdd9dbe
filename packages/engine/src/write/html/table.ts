/**
 * Tables of the HTML and EPUB writers (HTML5 §4.9 tabular data; pandoc's HTML writer writes the same shape):
 *
 * ```html
 * <div class="table-wrap">
 * <table id="ref-tbl-x">
 * <caption>...</caption>            the numbered label (`write/numbering.ts`), then the caption
 * <colgroup><col style="width:30%"/>...</colgroup>   only when the source gives column widths
 * <thead><tr><th scope="col">...</th></tr></thead>
 * <tbody><tr><td colspan="2" style="text-align:right">...</td></tr></tbody>
 * </table>
 * <p class="table-note"><em>Note.</em> ...</p>      APA 7 7.14
 * </div>
 * ```
 * Academic layouts set the label in bold on a line of its own above the title in italics (APA 7 7.10-7.11); book
 * layouts run label and caption on (`Table 2. Prices of bread`). Alignment is a `style` attribute (EPUBCheck
 * accepts it; reading systems that drop the book's style sheet keep it). The wrapper scrolls a table wider than
 * the screen in reflowable CSS instead of letting it run off the page (`css.ts`). On print pages a table wider
 * than the text block is set in smaller type, down to 8 pt (`layout/table-fit.ts`), and that is reported
 * (`table-shrunk`); below that its cells wrap (a browser's print of turned content is not dependable).
 */
import { fitTable, MIN_TABLE_PT, tableBasePt, textBlockPt } from '../../layout/table-fit.ts';
import { inlineText, type CellAlign, type TableBlock, type TableCell, type TableRow } from '../../model/book-document.ts';
import { num } from './css.ts';
import { escapeXml } from './escape.ts';
import { renderInlines } from './inlines.ts';
import { anchorAttr, report, type HtmlState } from './state.ts';

/** `style` attribute of an alignment; `''` for `default` (the layout's alignment, left in the style sheet). */
function alignStyle(align: CellAlign | undefined): string {
  return align && align !== 'default' ? ` style="text-align:${align}"` : '';
}

/** A positive whole span, or 1 (a span of 0 or a fraction is no span). */
function span(n: number | undefined): number {
  return n !== undefined && Number.isInteger(n) && n > 1 ? Math.min(n, 1000) : 1;
}

/**
 * The rows of one table section (`<thead>` or `<tbody>`) as `<tr>`s. Each cell's column is found as HTML's table
 * model finds it (HTML5 §4.9.12): the first column not covered by a row span from above, so a cell takes its
 * column's alignment unless it has its own.
 */
function sectionRows(rows: readonly TableRow[], table: TableBlock, header: boolean, state: HtmlState): string {
  // covered[c] = how many more rows column c stays covered by a row span.
  const covered: number[] = [];
  let out = '';
  for (const row of rows) {
    let col = 0;
    const cells: string[] = [];
    const taken = (c: number) => (covered[c] ?? 0) > 0;
    const spansNow: Array<[number, number, number]> = [];
    for (const cell of row.cells) {
      while (taken(col)) col++;
      const colSpan = span(cell.colSpan);
      const rowSpan = span(cell.rowSpan);
      cells.push(renderCell(cell, table.columns[col]?.align, header, colSpan, rowSpan, state));
      if (rowSpan > 1) spansNow.push([col, colSpan, rowSpan]);
      col += colSpan;
    }
    for (let c = 0; c < covered.length; c++) if ((covered[c] ?? 0) > 0) covered[c]! -= 1;
    for (const [start, width, height] of spansNow) for (let c = start; c < start + width; c++) covered[c] = height - 1;
    out += `<tr>${cells.join('')}</tr>\n`;
  }
  return out;
}

function renderCell(cell: TableCell, columnAlign: CellAlign | undefined, header: boolean, colSpan: number, rowSpan: number, state: HtmlState): string {
  const tag = header ? 'th' : 'td';
  const attrs =
    (header ? ' scope="col"' : '') +
    (colSpan > 1 ? ` colspan="${colSpan}"` : '') +
    (rowSpan > 1 ? ` rowspan="${rowSpan}"` : '') +
    alignStyle(cell.align && cell.align !== 'default' ? cell.align : columnAlign);
  return `<${tag}${attrs}>${renderInlines(cell.children, state)}</${tag}>`;
}

/** `<caption>`: the label (`Table 2`) and the caption as the layout sets them; `''` when neither. */
function caption(node: TableBlock, state: HtmlState): string {
  const label = state.numbering.of(node)?.label;
  const text = renderInlines(node.caption, state);
  if (!label && !text) return '';
  if (state.layout.academic) {
    // APA 7 7.10-7.11: "Table 1" in bold, the title in italic title case on the next line.
    const title = text ? `${label ? '<br/>' : ''}<em class="caption-title">${text}</em>` : '';
    return `<caption>${label ? `<strong class="caption-label">${escapeXml(label)}</strong>` : ''}${title}</caption>\n`;
  }
  const lead = label ? `<span class="caption-label">${escapeXml(label)}${text ? '.' : ''}</span>${text ? ' ' : ''}` : '';
  return `<caption>${lead}${text}</caption>\n`;
}

/** `<colgroup>` with each column's share of the width, when the source gives any; `''` otherwise. */
function colgroup(node: TableBlock): string {
  if (!node.columns.some((c) => c.widthFraction !== undefined)) return '';
  const cols = node.columns.map((c) => {
    const w = c.widthFraction;
    return w !== undefined && w > 0 && w <= 1 ? `<col style="width:${num(w * 100)}%"/>` : '<col/>';
  });
  return `<colgroup>${cols.join('')}</colgroup>\n`;
}

/**
 * The `style` attribute that sets a print table's smaller type (`''` when it fits at the layout's table size),
 * reporting `table-shrunk`; EPUB and screen HTML reflow and are never shrunk.
 */
function printFit(node: TableBlock, state: HtmlState): string {
  if (state.flavour !== 'print') return '';
  const { layout } = state;
  // The style sheet sets the same table type (`css.ts`: 1 em in academic layouts, 0.9 em in books).
  const basePt = tableBasePt(layout);
  const fit = fitTable(node, basePt, textBlockPt(layout));
  if (!fit.rotated && fit.sizePt >= basePt) return '';
  const sizePt = fit.rotated ? MIN_TABLE_PT : fit.sizePt;
  const name = state.numbering.of(node)?.label ?? (inlineText(node.caption).trim() || 'A table');
  const still = fit.rotated ? '; it is still wider than the page at that size, so its cells wrap: consider fewer columns' : '';
  report(state, 'table-shrunk', `${name} was set in ${num(sizePt)} pt type (the text is ${num(basePt)} pt) to fit the width of the page${still}.`);
  return ` style="font-size:${num(sizePt)}pt"`;
}

/** A table block (see the module docs). */
export function renderTable(node: TableBlock, state: HtmlState): string {
  state.afterBreak = false;
  const anchor = state.numbering.of(node)?.anchor;
  const cls = state.layout.academic ? 'table academic' : 'table';
  const size = printFit(node, state);
  let inner = caption(node, state) + colgroup(node);
  if (node.head.length > 0) inner += `<thead>\n${sectionRows(node.head, node, true, state)}</thead>\n`;
  // <tbody> with at least one row: a table of only a header still gets its (empty) body for reading systems.
  inner += `<tbody>\n${sectionRows(node.body, node, false, state)}</tbody>\n`;
  const note = node.note && node.note.length > 0 ? `<p class="table-note"><em>Note.</em> ${renderInlines(node.note, state)}</p>\n` : '';
  return `<div class="table-wrap">\n<table class="${cls}"${anchorAttr(state, anchor)}${size}>\n${inner}</table>\n${note}</div>\n`;
}
