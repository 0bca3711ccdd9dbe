/** Query keys of the books area; invalidating `bookKeys.all` refreshes lists and details. */
export const bookKeys = {
  all: ['books'] as const,
  lists: () => ['books', 'list'] as const,
  detail: (id: string) => ['books', 'detail', id] as const,
  /** A book's covers, newest first (GET /api/books/:id/covers). */
  covers: (bookId: string) => ['books', 'covers', bookId] as const,
  /** What the Covers tab offers for a book (GET /api/books/:id/cover-options). */
  coverOptions: (bookId: string) => ['books', 'cover-options', bookId] as const,
  /**
   * The files of one cover (its e-book JPEG, its wrap preview), fetched as blobs; kept apart from the list so that
   * refreshing the list does not fetch every image again. `coverFiles(bookId, coverId)` is the prefix of one cover's.
   */
  coverFiles: (bookId: string, coverId: string) => ['books', 'cover-files', bookId, coverId] as const,
  /** A book's jobs still running and those that ended in the last day, newest first (GET /api/books/:id/jobs). */
  jobs: (bookId: string) => ['books', 'jobs', bookId] as const,
  /**
   * Mutation key of the export requests (POST /api/books/:id/export/:format); the book and the format are in each
   * request's variables. The jobs query reads which are pending to poll, and to tell this page's jobs from others.
   */
  exportRequests: () => ['books', 'export'] as const,
  /**
   * Mutation key of the format requests (POST /api/books/:id/format, .../format-template, .../format-advanced): the
   * Format tab polls the book's jobs while one waits, to show the format job's bar.
   */
  formatRequests: () => ['books', 'format'] as const,
};
