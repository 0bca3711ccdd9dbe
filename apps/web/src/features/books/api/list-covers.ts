import { queryOptions, useQuery } from '@tanstack/react-query';
import { CoverListSchema, type Cover } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookKeys } from './book-keys.ts';

/**
 * GET /api/books/:id/covers: the book's covers, newest first (contracts `CoverListSchema`).
 * @throws Error("<status>: <body>") from the request helper; Error('Could not read the covers.') for an answer
 *   without the contract's shape.
 */
export async function listCovers(bookId: string): Promise<Cover[]> {
  const parsed = CoverListSchema.safeParse(await apiRequest<unknown>('GET', `/api/books/${encodeURIComponent(bookId)}/covers`));
  if (!parsed.success) throw new Error('Could not read the covers.');
  return parsed.data;
}

export function coversQueryOptions(bookId: string) {
  return queryOptions({ queryKey: bookKeys.covers(bookId), queryFn: () => listCovers(bookId), enabled: bookId.length > 0 });
}

/** The book's covers; the cover mutations keep this cache up to date. */
export function useCovers(bookId: string) {
  return useQuery(coversQueryOptions(bookId));
}

/** The book's chosen cover (the one the EPUB carries), or null. */
export function chosenCover(covers: readonly Cover[] | undefined): Cover | null {
  return covers?.find((c) => c.chosen) ?? null;
}
