/**
 * The one numbering rule every writer uses: academic layouts number every captioned figure and table (APA 7 7.4,
 * 7.22; Chicago 3.9, MLA 9th ed. 1.7), book layouts only those the author gave an id (`{#fig:x}`), so a novel's
 * illustrations stay unnumbered. See `model/numbering.ts`.
 */
import type { Layout } from '../layout/layout.ts';
import type { BookDocument } from '../model/book-document.ts';
import { numberDocument, type DocumentNumbering } from '../model/numbering.ts';

const cache = new WeakMap<object, { academic: boolean; numbering: DocumentNumbering }>();

/** The numbering of `doc` under `layout` (computed once per document and kind of layout). */
export function numberingFor(doc: Omit<BookDocument, 'assets'>, layout: Pick<Layout, 'academic'>): DocumentNumbering {
  const academic = layout.academic !== null;
  const seen = cache.get(doc);
  if (seen && seen.academic === academic) return seen.numbering;
  const numbering = numberDocument(doc, { numberAllCaptions: academic });
  cache.set(doc, { academic, numbering });
  return numbering;
}
