import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Book, FormatBody } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookKeys } from './book-keys.ts';
import { applyUpdatedBook } from './update-book.ts';

/** POST /api/books/:id/format with genre, metadata and layout; answers the updated book. */
export function formatBook({ id, body }: { id: string; body: FormatBody }): Promise<Book> {
  return apiRequest<Book>('POST', `/api/books/${encodeURIComponent(id)}/format`, body);
}

export function useFormatBook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: bookKeys.formatRequests(), mutationFn: formatBook, onSuccess: (book) => applyUpdatedBook(queryClient, book) });
}
