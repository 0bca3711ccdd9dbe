import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Book } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookKeys } from './book-keys.ts';
import { applyUpdatedBook } from './update-book.ts';

/**
 * POST /api/books/:id/format-template with `{ templateId }` (a built-in template or style-guide id such as
 * `apa-7`, or a custom template's uuid): formats the book in that layout and answers the updated book
 * (`status: 'ready'`, `layoutId` the template's). Rejects with `Error("<status>: <body>")` on a non-2xx answer.
 */
export function formatTemplate({ id, templateId }: { id: string; templateId: string }): Promise<Book> {
  return apiRequest<Book>('POST', `/api/books/${encodeURIComponent(id)}/format-template`, { templateId });
}

/** Applies a template to a book; on success the cached book is replaced by the answer. */
export function useFormatTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: bookKeys.formatRequests(), mutationFn: formatTemplate, onSuccess: (book) => applyUpdatedBook(queryClient, book) });
}
