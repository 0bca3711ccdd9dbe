import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { removeCover } from './cover-cache.ts';

/**
 * DELETE /api/books/:id/covers/:coverId (204): removes the cover and its files; when it was the book's cover, the
 * newest one left becomes it.
 * @throws Error("<status>: <body>") from the request helper (404 for a cover that is not the caller's).
 */
export async function deleteCover({ bookId, coverId }: { bookId: string; coverId: string }): Promise<void> {
  await apiRequest<unknown>('DELETE', `/api/books/${encodeURIComponent(bookId)}/covers/${encodeURIComponent(coverId)}`);
}

/** Deletes a cover; it leaves the cached list at once and the list is asked again for the new chosen cover. */
export function useDeleteCover() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCover, onSuccess: (_, { bookId, coverId }) => removeCover(queryClient, bookId, coverId) });
}
