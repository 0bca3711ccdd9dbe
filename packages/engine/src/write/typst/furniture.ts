/**
 * Page furniture of the print template as Typst source: what the running heads say, in which letter case,
 * where the folio sits and on which pages it is printed, all derived from the {@link Layout}.
 * `template.ts` places the result in the page header and footer.
 */
import type { BookMeta } from '../../model/book-document.ts';
import type { Layout, RunningHeadContent } from '../../layout/layout.ts';
import { authorSurname, mainTitle, shortTitle } from '../layout-text.ts';
import { escapeTypst } from './escape.ts';

/**
 * A running head's words as a Typst array of content (`([Pride], [and], [Prejudice],)`), escaped; `none` for an
 * empty text. The template sets as many of them as fit on the head's line at the layout's size, never smaller
 * (`quire-fit-head`).
 */
export function headWords(value: string): string {
  const words = value.trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return 'none';
  return `(${words.map((w) => `[${escapeTypst(w)}]`).join(', ')},)`;
}

/**
 * Typst expression for a running head's words ({@link headWords}, or `quire-chapter-title.get()` for
 * `chapter-title`); `none` for `'none'` or an empty field. `author` falls back to the book title when the
 * author is empty, so that a verso is never bare where the recto has a head; `book-title` is the main title
 * without its subtitle (`layout-text.ts` `mainTitle`: "Frankenstein", not "Frankenstein; or, The Modern
 * Prometheus").
 */
function headContent(content: RunningHeadContent, meta: BookMeta): string {
  switch (content) {
    case 'author':
      return headWords(meta.author.trim() || mainTitle(meta.title));
    case 'author-surname':
      return headWords(authorSurname(meta.author));
    case 'book-title':
      return headWords(mainTitle(meta.title));
    case 'short-title':
      return headWords(shortTitle(meta.title));
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
 * The size of a running head's letters in body ems, the same on every page (a head is never set smaller to
 * fit: `quire-fit-head` cuts it at a word): academic heads in the body size (APA 2.18, MLA 1.4); italic heads
 * (`as-is`) at 0.9 em; capitals at 0.85 em; small capitals as capitals at 0.85 x 0.8 em (the small-caps size
 * of `quire-sc`), letter-spaced (Bringhurst 3.2.2).
 */
export function runningHeadSizeEm(layout: Layout): number {
  if (layout.academic) return 1;
  if (layout.runningHeadCase === 'as-is') return 0.9;
  return layout.runningHeadCase === 'small-caps' ? 0.68 : 0.85;
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
  // One case on both heads of a spread: capitals throughout, or small capitals throughout (capitals at a smaller
  // size, initials included, so that a title typed in capitals is not set larger than a name opposite it).
  const size = `${runningHeadSizeEm(layout)}em`;
  const style = academic
    ? layout.runningHeadCase === 'as-is' ? 'body' : 'upper(body)'
    : layout.runningHeadCase === 'as-is'
      ? `text(style: "italic", size: ${size}, body)`
      : `text(size: ${size}, tracking: 0.06em, upper(body))`;
  return [
    `#let quire-folio-position = "${layout.folioPosition}"`,
    `#let quire-two-sided = ${on(layout.mirrorMargins)}`,
    `#let quire-folio-on-opening = ${on(layout.folioOnOpeningPage)}`,
    `#let quire-folio-on-display = ${on(folioOnDisplayPages(layout))}`,
    `#let quire-head-placement = "${headPlacement(layout)}"`,
    // The words of the current unit's title for `chapter-title` heads (`index.ts`), an array like headWords'.
    '#let quire-chapter-title = state("quire-chapter-title", none)',
    `#let quire-head-verso() = ${verso}`,
    `#let quire-head-recto() = ${recto}`,
    `#let quire-head-style(body) = ${style}`,
  ].join('\n');
}
