import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cover, CoverUpdateBody } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { replaceCover } from './cover-cache.ts';
import { parseCover } from './create-cover.ts';

/**
 * PATCH /api/books/:id/covers/:coverId: new words (any of title, subtitle, author, blurb), a palette, or
 * `chosen: true` to make it the book's cover. The server renders the e-book cover again after an edit.
 * @throws Error("<status>: <body>") from the request helper (400 names the field out of bounds; nothing is saved
 *   then); Error('Could not read the cover.') for an answer without the contract's shape.
 */
export async function updateCover({ bookId, coverId, body }: { bookId: string; coverId: string; body: CoverUpdateBody }): Promise<Cover> {
  return parseCover(
    await apiRequest<unknown>('PATCH', `/api/books/${encodeURIComponent(bookId)}/covers/${encodeURIComponent(coverId)}`, body),
  );
}

/** Updates a cover; the answer replaces it in the cached list (a chosen one unchooses the others). */
export function useUpdateCover() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCover, onSuccess: (cover) => replaceCover(queryClient, cover) });
}
