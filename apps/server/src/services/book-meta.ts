/** The engine's metadata of a book row, shared by exports, previews and the layout report. */
import type { BookMeta } from '@quire/engine';
import type { BookForLayout } from '../db/schema/index.ts';
import { fullMetadata } from './book-service.ts';
import { editionDetailsOf } from './edition-details.ts';

/**
 * The engine's BookMeta from a book row: title, author, and the Format form's metadata
 * (language, description, publication year, ISBN, keywords, categories as subjects, a student paper's elements), the
 * edition details (subtitle, translator, editor and their role, edition, publisher, source credit, public domain:
 * `edition-details.ts`) for the title and copyright pages and the EPUB package; the EPUB identifier is
 * derived from the book id so that re-exports of one book keep it.
 */
export function bookMetaOf(book: BookForLayout): BookMeta {
  const m = fullMetadata(book.metadata);
  return {
    title: book.title,
    author: book.author,
    language: m.language,
    ...(m.description ? { description: m.description } : {}),
    ...(m.publicationYear !== undefined ? { publicationYear: m.publicationYear } : {}),
    ...(m.isbn ? { isbn: m.isbn } : {}),
    ...(m.keywords.length ? { keywords: m.keywords } : {}),
    ...(m.categories.length ? { subjects: m.categories } : {}),
    ...(m.paper ? { paper: m.paper } : {}),
    ...editionDetailsOf(m),
    identifier: `urn:uuid:${book.id}`,
  };
}
