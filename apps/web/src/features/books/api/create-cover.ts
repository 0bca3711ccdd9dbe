import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CoverSchema, type Cover, type CoverCreateBody } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { addCover } from './cover-cache.ts';

/** Reads a cover answer in the contract's shape. */
export function parseCover(answer: unknown): Cover {
  const parsed = CoverSchema.safeParse(answer);
  if (!parsed.success) throw new Error('Could not read the cover.');
  return parsed.data;
}

/**
 * POST /api/books/:id/covers (workspace spec section 7): `{ coverType: 'text-only', template }` or
 * `{ coverType: 'ai', style }`. The server renders the e-book cover and makes it the book's cover (201).
 * @throws Error("<status>: <body>") from the request helper (400 an unknown template or style, 502/504 the image
 *   model failed); Error('Could not read the cover.') for an answer without the contract's shape.
 */
export async function createCover({ bookId, body }: { bookId: string; body: CoverCreateBody }): Promise<Cover> {
  return parseCover(await apiRequest<unknown>('POST', `/api/books/${encodeURIComponent(bookId)}/covers`, body));
}

/** Makes a cover; it joins the cached list at once, as the book's cover. */
export function useCreateCover() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCover, onSuccess: (cover) => addCover(queryClient, cover) });
}
