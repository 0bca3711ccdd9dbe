/**
 * Tables of Quire Markdown -> {@link TableBlock}: pipe tables (markdown-it's `table` rule, GFM) and grid
 * tables (`grid-table.ts`), and their captions (pandoc's `table_captions`): a paragraph right before or after
 * the table that starts with `Table:` or `:`, optionally ending in attributes whose id names the table
 * (`Table: Results by group. {#tbl:results}`).
 *
 * A pipe table's column widths are left to the writer (its dashes only matter to pandoc when a row is wider
 * than the line, and then only roughly); alignments come from its delimiter row (`:--`, `:-:`, `--:`).
 */
import type { Token } from 'markdown-it';
import type { Block, CellAlign, Inline, TableBlock, TableCell, TableRow } from '../model/book-document.ts';
import type { GridTableMeta } from './grid-table.ts';
import { parseAttributeList } from './heading-attributes.ts';

/** A caption paragraph's start: `Table:` or `:` then a space (pandoc's manual, "Table captions"). */
export const CAPTION_START = /^(?:Table)?:(?=[ \t]|$)/;

function alignFromStyle(style: string): CellAlign {
  const m = /text-align:\s*(left|center|right)/.exec(style ?? '');
  return (m?.[1] as CellAlign | undefined) ?? 'default';
}

/** Paragraph-level inline tokens of one cell (between `td_open`/`th_open` and its close) joined by line breaks. */
function cellInlines(tokens: readonly Token[], from: number, to: number, toInlines: (t: Token) => Inline[]): Inline[] {
  const out: Inline[] = [];
  for (let k = from; k < to; k++) {
    const t = tokens[k]!;
    if (t.type !== 'inline') continue;
    const inl = toInlines(t);
    if (inl.length === 0) continue;
    if (out.length > 0) out.push({ type: 'lineBreak' });
    out.push(...inl);
  }
  return out;
}

/**
 * The table whose tokens run from `open` (`table_open` or `grid_table_open`) to `close`.
 * `toInlines` converts a cell's `inline` token.
 */
export function tableFromTokens(tokens: readonly Token[], open: number, close: number, toInlines: (t: Token) => Inline[]): TableBlock {
  const first = tokens[open]!;
  const grid = first.type === 'grid_table_open' ? (first.meta as GridTableMeta) : undefined;
  const rows: TableRow[] = [];
  let headRows = grid?.headRows ?? 0;
  const aligns: CellAlign[] = [];
  let inHead = false;
  // The source of each row's first cell (a caption line read as a row starts `Table:` there, unescaped).
  const firstSource = new Map<number, string>();
  for (let k = open + 1; k < close; k++) {
    const t = tokens[k]!;
    if (t.type === 'thead_open') inHead = true;
    else if (t.type === 'thead_close') inHead = false;
    else if (t.type === 'tr_open') {
      rows.push({ cells: [] });
      if (!grid && inHead) headRows++;
    } else if (t.type === 'td_open' || t.type === 'th_open') {
      let end = k + 1;
      while (end < close && tokens[end]!.type !== t.type.replace('_open', '_close')) end++;
      const cell: TableCell = { children: cellInlines(tokens, k + 1, end, toInlines) };
      if (rows[rows.length - 1]?.cells.length === 0) firstSource.set(rows.length - 1, tokens[k + 1]?.type === 'inline' ? tokens[k + 1]!.content : '');
      const span = t.meta as { colSpan?: number; rowSpan?: number } | null;
      if (span?.colSpan && span.colSpan > 1) cell.colSpan = span.colSpan;
      if (span?.rowSpan && span.rowSpan > 1) cell.rowSpan = span.rowSpan;
      rows[rows.length - 1]?.cells.push(cell);
      if (!grid && rows.length === 1) aligns.push(alignFromStyle(String(t.attrGet('style') ?? '')));
      k = end;
    }
  }
  const table: TableBlock = {
    type: 'table',
    caption: [],
    columns: grid ? grid.columns.map((c) => ({ ...c })) : aligns.map((align) => ({ align })),
    head: rows.slice(0, headRows),
    body: rows.slice(headRows),
  };
  if (!grid) {
    // A caption line right under a pipe table, with no blank line, is read by markdown-it as a last row
    // holding the line in its first cell: take it back as the caption.
    const last = table.body[table.body.length - 1];
    const source = firstSource.get(rows.length - 1) ?? '';
    if (last && table.body.length > 0 && CAPTION_START.test(source) && last.cells.slice(1).every((c) => c.children.length === 0)) {
      table.body.pop();
      applyCaption(table, last.cells[0]!.children);
    }
  }
  return table;
}

/**
 * True when a paragraph is a table caption: its source starts `Table:` or `:` (`candidates`: the paragraphs
 * whose source does, as the parser saw it; an escaped `Table\:` or `\:` is text).
 */
export function isCaptionParagraph(block: Block | undefined, candidates: ReadonlySet<Block>): block is Extract<Block, { type: 'paragraph' }> {
  return block?.type === 'paragraph' && !block.role && candidates.has(block);
}

/** Sets a table's caption from a caption paragraph's inlines: the `Table:` removed, a trailing `{#tbl:id}` read. */
export function applyCaption(table: TableBlock, inlines: readonly Inline[]): void {
  const children = inlines.map((n) => ({ ...n })) as Inline[];
  const lead = children[0];
  if (lead?.type === 'text') {
    lead.value = lead.value.replace(CAPTION_START, '').replace(/^[ \t]+/, '');
    if (!lead.value) children.shift();
  }
  const tail = children[children.length - 1];
  if (tail?.type === 'text') {
    const m = /(?:^|\s)\{([^{}]*)\}\s*$/.exec(tail.value);
    const attrs = m ? parseAttributeList(m[1]!) : undefined;
    // Only attributes with an id are the table's (`{#tbl:x}`); `{.smallcaps}` at the end is text.
    const id = attrs?.find(([k]) => k === 'id')?.[1];
    if (m && id) {
      table.id = id;
      tail.value = tail.value.slice(0, m.index).trimEnd();
      if (!tail.value) children.pop();
    }
  }
  // Trim the caption's edges (a soft break before `{#tbl:x}` leaves a space).
  const end = children[children.length - 1];
  if (end?.type === 'text') {
    end.value = end.value.trimEnd();
    if (!end.value) children.pop();
  }
  table.caption = children;
}

/**
 * Moves caption paragraphs onto the tables they stand beside, in place: the one before the table first (pandoc
 * reads a caption before the table, then one after it when there was none; the serializer writes it after).
 */
export function attachCaptions(blocks: Block[], candidates: ReadonlySet<Block>): void {
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.type !== 'table' || b.caption.length > 0 || b.id) continue;
    const next = blocks[i + 1];
    const prev = blocks[i - 1];
    if (isCaptionParagraph(prev, candidates)) {
      applyCaption(b, prev.children);
      blocks.splice(i - 1, 1);
      i--;
    } else if (isCaptionParagraph(next, candidates)) {
      applyCaption(b, next.children);
      blocks.splice(i + 1, 1);
    }
  }
}
