import { bookKeys } from './book-keys.ts';

/**
 * Query keys of a book's topic extractions, under the books area (`['books', 'extractions', bookId]`), so that
 * invalidating `bookKeys.all` or `extractionKeys.all(bookId)` refreshes the list and the passages read from it.
 */
export const extractionKeys = {
  all: (bookId: string) => [...bookKeys.all, 'extractions', bookId] as const,
  /** The book's extractions, newest first (GET /api/books/:id/extractions). */
  list: (bookId: string) => [...extractionKeys.all(bookId), 'list'] as const,
  /** One passage in full, as found or widened to its section (GET .../passages/:passageId?widen=). */
  passage: (bookId: string, extractionId: string, passageId: string, widen: boolean) =>
    [...extractionKeys.all(bookId), 'passage', extractionId, passageId, widen ? 'section' : 'passage'] as const,
};
