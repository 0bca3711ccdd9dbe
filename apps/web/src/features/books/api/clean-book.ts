import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Book } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { applyUpdatedBook } from './update-book.ts';

/** POST /api/books/:id/clean: runs the cleanup passes; answers the updated book. */
export function cleanBook(id: string): Promise<Book> {
  return apiRequest<Book>('POST', `/api/books/${encodeURIComponent(id)}/clean`);
}

export function useCleanBook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cleanBook, onSuccess: (book) => applyUpdatedBook(queryClient, book) });
}
