/**
 * The one numbering rule every writer uses: academic layouts number every captioned figure and table (APA 7 7.4,
 * 7.22; Chicago 3.9, MLA 9th ed. 1.7), book layouts only those the author gave an id (`{#fig:x}`), so a novel's
 * illustrations stay unnumbered. See `model/numbering.ts`.
 */
import type { Layout } from '../layout/layout.ts';
import type { BookDocument } from '../model/book-document.ts';
import { linkedFragments } from '../model/heading-ids.ts';
import { numberDocument, type DocumentNumbering } from '../model/numbering.ts';

const cache = new WeakMap<object, { key: string; numbering: DocumentNumbering }>();
const fragmentCache = new WeakMap<object, Set<string>>();

/**
 * The fragments `doc`'s in-book links point at (`linkedFragments`), walked once per document for the numbering
 * and the HTML writer's heading ids alike (a writer does not change the document it writes).
 */
export function documentFragments(doc: Omit<BookDocument, 'assets'>): Set<string> {
  let found = fragmentCache.get(doc);
  if (!found) {
    found = linkedFragments(doc);
    fragmentCache.set(doc, found);
  }
  return found;
}

/**
 * The numbering of `doc` under `layout` (computed once per document and kind of layout): numbers by chapter
 * (`Table 2.4`) where the academic layout's `captionNumbering` says so, else through the document.
 */
export function numberingFor(doc: Omit<BookDocument, 'assets'>, layout: Pick<Layout, 'academic'>): DocumentNumbering {
  const academic = layout.academic !== null;
  const byChapter = layout.academic?.captionNumbering === 'by-chapter';
  const key = `${academic}:${byChapter}`;
  const seen = cache.get(doc);
  if (seen && seen.key === key) return seen.numbering;
  const numbering = numberDocument(doc, { numberAllCaptions: academic, byChapter, linkedFragments: documentFragments(doc) });
  cache.set(doc, { key, numbering });
  return numbering;
}
