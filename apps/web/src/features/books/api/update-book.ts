import type { QueryClient } from '@tanstack/react-query';
import type { Book } from '@quire/contracts';
import { bookKeys } from './book-keys.ts';

/** After a mutation answers with the updated book: show it at once and refresh the lists. */
export function applyUpdatedBook(queryClient: QueryClient, book: Book): void {
  queryClient.setQueryData(bookKeys.detail(book.id), book);
  void queryClient.invalidateQueries({ queryKey: bookKeys.lists() });
}
