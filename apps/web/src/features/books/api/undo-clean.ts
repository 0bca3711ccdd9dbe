import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Book } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { applyUpdatedBook } from './update-book.ts';

/**
 * POST /api/books/:id/undo-clean: drops the cleaned text (and what was built on it), keeping `originalText`;
 * the book is back to 'imported' and can be cleaned again.
 * @returns the updated book (`cleanedText` null).
 * @throws Error("<status>: <body>") from the request helper (404 for a book that is not the caller's).
 */
export function undoClean(id: string): Promise<Book> {
  return apiRequest<Book>('POST', `/api/books/${encodeURIComponent(id)}/undo-clean`);
}

/** Mutation of {@link undoClean}; the answer replaces the cached book and the lists are refreshed. */
export function useUndoClean() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: undoClean, onSuccess: (book) => applyUpdatedBook(queryClient, book) });
}
