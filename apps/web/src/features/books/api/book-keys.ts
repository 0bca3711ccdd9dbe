/** Query keys of the books area; invalidating `bookKeys.all` refreshes lists and details. */
export const bookKeys = {
  all: ['books'] as const,
  lists: () => ['books', 'list'] as const,
  detail: (id: string) => ['books', 'detail', id] as const,
};
