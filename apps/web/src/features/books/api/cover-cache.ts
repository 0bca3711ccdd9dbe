import type { QueryClient } from '@tanstack/react-query';
import type { Cover } from '@quire/contracts';
import { bookKeys } from './book-keys.ts';

/**
 * How the cover mutations keep the cached list true: a book has one chosen cover at most, so a cover that arrives
 * chosen unchooses the others (the server does the same in one transaction).
 */

/** A new cover (created or uploaded; the server makes it the chosen one) goes first in the list. */
export function addCover(queryClient: QueryClient, cover: Cover): void {
  queryClient.setQueryData<Cover[]>(bookKeys.covers(cover.bookId), (list) => [
    cover,
    ...(list ?? []).filter((c) => c.id !== cover.id).map((c) => (cover.chosen && c.chosen ? { ...c, chosen: false } : c)),
  ]);
}

/** An updated cover replaces its old self in the list. */
export function replaceCover(queryClient: QueryClient, cover: Cover): void {
  queryClient.setQueryData<Cover[]>(bookKeys.covers(cover.bookId), (list) =>
    list?.map((c) => (c.id === cover.id ? cover : cover.chosen && c.chosen ? { ...c, chosen: false } : c)),
  );
}

/**
 * A deleted cover leaves the list and its files leave the cache; the list is then asked again, as the server may
 * have made another cover the chosen one.
 */
export function removeCover(queryClient: QueryClient, bookId: string, coverId: string): void {
  queryClient.setQueryData<Cover[]>(bookKeys.covers(bookId), (list) => list?.filter((c) => c.id !== coverId));
  queryClient.removeQueries({ queryKey: bookKeys.coverFiles(bookId, coverId) });
  void queryClient.invalidateQueries({ queryKey: bookKeys.covers(bookId), exact: true });
}
