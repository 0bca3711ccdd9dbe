import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Book } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookKeys } from './book-keys.ts';

/** GET /api/books/:id: one book in full. */
export function getBook(id: string): Promise<Book> {
  return apiRequest<Book>('GET', `/api/books/${encodeURIComponent(id)}`);
}

export function bookQueryOptions(id: string) {
  return queryOptions({ queryKey: bookKeys.detail(id), queryFn: () => getBook(id), enabled: id.length > 0 });
}

export function useBook(id: string) {
  return useQuery(bookQueryOptions(id));
}
