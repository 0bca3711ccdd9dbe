/**
 * Caption labels: a source's own number at the head of a caption (`Figure 1:`, `Table 3.`, `Fig. 2.—`) is
 * dropped, because Quire numbers figures and tables itself (`model/numbering.ts`) and would otherwise print
 * "Figure 1. Figure 1: ...".
 */
import type { Inline } from '../../model/book-document.ts';
import { normalizeInlines, plain, type Item } from './convert.ts';

/** `Figure 1.`, `Fig. 2:`, `Figure 2.4 —`, `Abbildung 3:` (number in digits or Roman numerals, group 1). */
const FIGURE_LABEL = /^\s*(?:figure|fig\.?|figura|abbildung|abb\.|illustration)\s+(\d+(?:[.-]\d+)*|[ivxlc]+)\s*(?:[.:—–-]+|\s(?=\S))\s*/i;
/** `Table 3.`, `Table 3:`, `Tab. 2 —`, `Tabla 4.`, `Tableau 1 :`, `Tabelle 2:` (the number, group 1). */
const TABLE_LABEL = /^\s*(?:table|tab\.|tabla|tableau|tabelle|tabella)\s+(\d+(?:[.-]\d+)*|[ivxlc]+)\s*(?:[.:—–-]+|\s(?=\S))\s*/i;

/**
 * The caption without its leading label (see the module comment); unchanged when there is none, or when nothing
 * would be left (a caption that is only `Figure 3` stays as written).
 */
export function stripCaptionLabel(caption: readonly Inline[], kind: 'figure' | 'table'): Inline[] {
  const text = plain(caption);
  const m = (kind === 'figure' ? FIGURE_LABEL : TABLE_LABEL).exec(text);
  if (!m || !/\S/.test(text.slice(m[0].length))) return [...caption];
  return normalizeInlines(dropChars(caption, { left: m[0].length }));
}

/**
 * The id a caption's own label gives a node that has none (`Table 3.` -> `tbl:3`, `Fig. 2.4:` -> `fig:2.4`), so
 * that every layout numbers it (book layouts number only nodes with an id, `write/numbering.ts`) and the source's
 * numbering is not lost with its label; `undefined` when the caption has no label {@link stripCaptionLabel}
 * would drop.
 */
export function labelledId(caption: readonly Inline[], kind: 'figure' | 'table'): string | undefined {
  const text = plain(caption);
  const m = (kind === 'figure' ? FIGURE_LABEL : TABLE_LABEL).exec(text);
  if (!m || !/\S/.test(text.slice(m[0].length))) return undefined;
  return `${kind === 'figure' ? 'fig' : 'tbl'}:${m[1]!.toLowerCase()}`;
}

/** Removes `state.left` characters of text from the start of the inlines (across formatting). */
function dropChars(inlines: readonly Inline[], state: { left: number }): Inline[] {
  const out: Inline[] = [];
  for (const n of inlines) {
    if (state.left <= 0) {
      out.push(n);
      continue;
    }
    if (n.type === 'text') {
      const cut = Math.min(state.left, n.value.length);
      state.left -= cut;
      if (cut < n.value.length) out.push({ type: 'text', value: n.value.slice(cut) });
      continue;
    }
    if (n.type === 'lineBreak') {
      state.left -= 1;
      continue;
    }
    if ('children' in n) {
      const children = dropChars(n.children, state);
      if (children.length > 0) out.push({ ...n, children } as Inline);
      continue;
    }
    // A footnote reference, math or code before the end of the label: the label is not plain text; stop.
    state.left = 0;
    out.push(n);
  }
  return out;
}

/** A paragraph or heading that is only a table's label: `Table 1`, `Table 2.3`, `Tabelle IV`, `Table 1.` (the number, group 1). */
const TABLE_LABEL_ONLY = /^\s*(?:table|tabla|tableau|tabelle|tabella)\s+(\d+(?:[.-]\d+)*|[ivxlc]+)\s*[.:]?\s*$/i;
/** The longest title, in characters, read as the table's title after a label (APA 7 §7.7: one line, italic). */
const MAX_TABLE_TITLE_CHARS = 300;

/**
 * APA-style table labels set as text (APA 7 §7.7: the bold label "Table 1" on its own line, the italic title on
 * the next, then the table): a heading or paragraph that is only the label, then at most one short paragraph
 * (the title), then a table without a caption, become that table's caption (the title; the label goes, since
 * Quire numbers tables itself, and gives the table an id, `tbl:1`, so that every layout numbers it; the label's
 * and title's ids, which links use, move to the table). A label met anywhere else is left as it is. Items are changed in
 * place; the label and title items are removed.
 *
 * @param items the converter's output, in reading order.
 * @returns how many tables were given their caption so.
 */
export function attachTableLabels(items: Item[]): number {
  let attached = 0;
  for (let i = 0; i < items.length; i++) {
    const label = items[i]!;
    const labelText =
      label.kind === 'heading' ? label.text : label.kind === 'block' && (label.block.type === 'paragraph' || label.block.type === 'heading') ? plain(label.block.children) : undefined;
    const labelled = labelText === undefined ? null : TABLE_LABEL_ONLY.exec(labelText);
    if (!labelled) continue;
    let j = i + 1;
    let title: Inline[] = [];
    const next = items[j];
    if (next?.kind === 'block' && next.block.type === 'paragraph' && plain(next.block.children).length <= MAX_TABLE_TITLE_CHARS) {
      title = next.block.children;
      j++;
    }
    const table = items[j];
    if (table?.kind !== 'block' || table.block.type !== 'table' || table.block.caption.length > 0) continue;
    table.block.caption = unwrapEmphasis(title);
    // The source numbered it: every layout numbers it too (see `labelledId`).
    table.block.id ??= `tbl:${labelled[1]!.toLowerCase()}`;
    // Links to the label or the title (their element ids) now land on the table.
    table.ids = [...items.slice(i, j).flatMap((x) => (x.kind === 'file' ? [] : x.ids)), ...table.ids];
    items.splice(i, j - i);
    attached++;
  }
  return attached;
}

/** A title set wholly in italics (APA's table title) loses the italics: the layout sets the caption's style. */
function unwrapEmphasis(inlines: Inline[]): Inline[] {
  if (inlines.length === 1 && inlines[0]!.type === 'emphasis') return [...inlines[0]!.children];
  return inlines;
}
