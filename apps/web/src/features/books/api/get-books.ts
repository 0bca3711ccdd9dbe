import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookSummary } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookKeys } from './book-keys.ts';

/** GET /api/books: the signed-in user's books. */
export function getBooks(): Promise<BookSummary[]> {
  return apiRequest<BookSummary[]>('GET', '/api/books');
}

export function booksQueryOptions() {
  return queryOptions({ queryKey: bookKeys.lists(), queryFn: getBooks });
}

export function useBooks() {
  return useQuery(booksQueryOptions());
}
