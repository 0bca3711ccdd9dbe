import { queryOptions, useQuery } from '@tanstack/react-query';
import { CoverOptionsSchema, type CoverOptions } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookKeys } from './book-keys.ts';

/**
 * GET /api/books/:id/cover-options: whether an AI image model is configured (and which), the palettes suggested for
 * the book's genre, the paperback wrap's geometry from the current page count (null before Format) and the pixels an
 * uploaded artwork needs (contracts `CoverOptionsSchema`).
 * @throws Error("<status>: <body>") from the request helper; Error('Could not read the cover options.') for an
 *   answer without the contract's shape.
 */
export async function getCoverOptions(bookId: string): Promise<CoverOptions> {
  const parsed = CoverOptionsSchema.safeParse(await apiRequest<unknown>('GET', `/api/books/${encodeURIComponent(bookId)}/cover-options`));
  if (!parsed.success) throw new Error('Could not read the cover options.');
  return parsed.data;
}

/**
 * The options, asked again each time the Covers tab opens (`staleTime: 0`): the wrap's geometry follows the page
 * count, which changes whenever the book is formatted again. The last answer shows meanwhile.
 */
export function coverOptionsQueryOptions(bookId: string) {
  return queryOptions({ queryKey: bookKeys.coverOptions(bookId), queryFn: () => getCoverOptions(bookId), enabled: bookId.length > 0, staleTime: 0 });
}

export function useCoverOptions(bookId: string) {
  return useQuery(coverOptionsQueryOptions(bookId));
}
