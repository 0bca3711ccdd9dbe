import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Book, SaveTextBody } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { applyUpdatedBook } from './update-book.ts';

/** POST /api/books/:id/save-text: stores the user's edits of the cleaned text. */
export function saveBookText({ id, text }: { id: string } & SaveTextBody): Promise<Book> {
  return apiRequest<Book>('POST', `/api/books/${encodeURIComponent(id)}/save-text`, { text } satisfies SaveTextBody);
}

export function useSaveBookText() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveBookText, onSuccess: (book) => applyUpdatedBook(queryClient, book) });
}
