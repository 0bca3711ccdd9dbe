/**
 * Page furniture of the print template as Typst source: what the running heads say, in which letter case,
 * where the folio sits and on which pages it is printed, all derived from the {@link Layout}.
 * `template.ts` places the result in the page header and footer.
 */
import type { BookMeta } from '../../model/book-document.ts';
import type { Layout, RunningHeadContent } from '../../layout/layout.ts';
import { authorSurname, shortTitle } from '../layout-text.ts';
import { escapeTypst } from './escape.ts';

/**
 * Typst content expression (`[...]`, or `quire-chapter-title.get()` for `chapter-title`) for a running
 * head's content; `none` for `'none'` or an empty field. `author` falls back to the book title when the
 * author is empty, so that a verso is never bare where the recto has a head.
 */
function headContent(content: RunningHeadContent, meta: BookMeta): string {
  const text = (value: string) => (value.trim() === '' ? 'none' : `[${escapeTypst(value.trim())}]`);
  switch (content) {
    case 'author':
      return text(meta.author.trim() || meta.title);
    case 'author-surname':
      return text(authorSurname(meta.author));
    case 'book-title':
      return text(meta.title);
    case 'short-title':
      return text(shortTitle(meta.title));
    case 'chapter-title':
      return 'quire-chapter-title.get()';
    case 'none':
      return 'none';
  }
}

/**
 * Where the running head sits in the header line:
 * - `center`: book layouts (Chicago Manual of Style 17th ed. 1.10-1.11);
 * - `left`: APA's running head, flush left opposite the page number (APA 7th ed. 2.8, 2.18);
 * - `before-folio`: MLA's surname just before the page number, flush right (MLA Handbook 9th ed. 1.4).
 */
export type HeadPlacement = 'center' | 'left' | 'before-folio';

/** Placement of the running head for a layout (see {@link HeadPlacement}). */
export function headPlacement(layout: Layout): HeadPlacement {
  if (!layout.academic) return 'center';
  return layout.academic.guide === 'mla-9' ? 'before-folio' : 'left';
}

/**
 * Whether pages without furniture in a book (title page, its verso, dedication and epigraph pages) carry
 * a folio: only on academic papers that number every page, title page included (APA 7th ed. 2.18; MLA's
 * first page is numbered, MLA Handbook 9th ed. 1.4). Turabian's title page (A.2.1) and Harvard's are
 * counted but unnumbered.
 */
export function folioOnDisplayPages(layout: Layout): boolean {
  if (!layout.academic || !layout.folioOnOpeningPage) return false;
  return layout.academic.titlePage === 'apa-student' || layout.academic.titlePage === 'apa-professional' || layout.academic.titlePage === 'none';
}

/**
 * Typst definitions of the furniture for one book (`#let quire-...` lines), read by the template's header
 * and footer: the folio position and the pages it appears on, the running-head contents of verso and recto
 * pages in their case and style, and where the head sits.
 */
export function furnitureDefinitions(meta: BookMeta, layout: Layout): string {
  const on = (value: boolean) => (value ? 'true' : 'false');
  // One-sided layouts show the verso content on every page (layout.ts, `runningHeadVerso`).
  const verso = layout.runningHeads ? headContent(layout.runningHeadVerso, meta) : 'none';
  const recto = layout.runningHeads ? headContent(layout.mirrorMargins ? layout.runningHeadRecto : layout.runningHeadVerso, meta) : 'none';
  const academic = layout.academic !== null;
  // Book heads: italics as-is (Chicago 1.10), capitals and small capitals upright and letter-spaced
  // (Bringhurst 3.2.2); academic heads in the body type, as typed on the page (APA 2.18, MLA 1.4).
  const style = academic
    ? 'body'
    : layout.runningHeadCase === 'as-is'
      ? 'text(style: "italic", size: 0.9em, body)'
      : 'text(size: 0.85em, tracking: 0.06em, body)';
  const cased =
    layout.runningHeadCase === 'uppercase' ? 'upper(body)' : layout.runningHeadCase === 'small-caps' ? 'quire-sc(body)' : 'body';
  return [
    `#let quire-folio-position = "${layout.folioPosition}"`,
    `#let quire-two-sided = ${on(layout.mirrorMargins)}`,
    `#let quire-folio-on-opening = ${on(layout.folioOnOpeningPage)}`,
    `#let quire-folio-on-display = ${on(folioOnDisplayPages(layout))}`,
    `#let quire-head-placement = "${headPlacement(layout)}"`,
    '#let quire-chapter-title = state("quire-chapter-title", none)',
    `#let quire-head-verso() = ${verso}`,
    `#let quire-head-recto() = ${recto}`,
    `#let quire-head-style(body) = { let body = ${cased}; ${style} }`,
  ].join('\n');
}
