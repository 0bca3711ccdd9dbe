import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Book, FormatAdvancedBody } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookKeys } from './book-keys.ts';
import { applyUpdatedBook } from './update-book.ts';

/**
 * POST /api/books/:id/format-advanced with `{ template: { id, name, genre, settings } }` (workspace spec section
 * 7): formats the book with custom settings over the template's layout and answers the updated book. A setting out
 * of bounds is a 400 whose message names it ('Font size must be between 8 and 20 pt').
 * @throws Error("<status>: <body>") from the request helper.
 */
export function formatAdvanced({ id, body }: { id: string; body: FormatAdvancedBody }): Promise<Book> {
  return apiRequest<Book>('POST', `/api/books/${encodeURIComponent(id)}/format-advanced`, body);
}

/** Formats with custom settings; on success the cached book is replaced by the answer. */
export function useFormatAdvanced() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: bookKeys.formatRequests(), mutationFn: formatAdvanced, onSuccess: (book) => applyUpdatedBook(queryClient, book) });
}
