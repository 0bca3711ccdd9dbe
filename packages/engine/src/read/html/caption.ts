/**
 * Caption labels: a source's own number at the head of a caption (`Figure 1:`, `Table 3.`, `Fig. 2.—`) is
 * dropped, because Quire numbers figures and tables itself (`model/numbering.ts`) and would otherwise print
 * "Figure 1. Figure 1: ...".
 */
import type { Inline } from '../../model/book-document.ts';
import { normalizeInlines, plain } from './convert.ts';

/** `Figure 1.`, `Fig. 2:`, `Figure 2.4 —`, `Abbildung 3:` (number in digits or Roman numerals). */
const FIGURE_LABEL = /^\s*(?:figure|fig\.?|figura|abbildung|abb\.|illustration)\s+(?:\d+(?:[.-]\d+)*|[ivxlc]+)\s*(?:[.:—–-]+|\s(?=\S))\s*/i;
/** `Table 3.`, `Table 3:`, `Tab. 2 —`, `Tabla 4.`, `Tableau 1 :`, `Tabelle 2:`. */
const TABLE_LABEL = /^\s*(?:table|tab\.|tabla|tableau|tabelle|tabella)\s+(?:\d+(?:[.-]\d+)*|[ivxlc]+)\s*(?:[.:—–-]+|\s(?=\S))\s*/i;

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
