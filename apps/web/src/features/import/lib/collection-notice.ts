import type { ImportCollectionResponse } from '@quire/contracts';

/**
 * The description under 'Collection created successfully' (accounts spec section 8): how many texts became
 * the book and, when some URLs failed (the issue: "a URL that fails is reported by name and the others still
 * import"), which ones. The reasons are listed in full on the workspace (`FailedImportsNotice`).
 * @param result the answer of POST /api/books/import-multiple.
 * @returns one or two sentences, e.g. '2 books combined into “Tales”. Not imported: https://a.example/3.txt.'
 */
export function collectionSuccessDescription(result: ImportCollectionResponse): string {
  const { successfulImports, failedImports, book } = result;
  const combined = `${successfulImports} ${successfulImports === 1 ? 'book' : 'books'} combined into “${book.title}”.`;
  if (failedImports.length === 0) return combined;
  return `${combined} Not imported: ${failedImports.map((f) => f.url).join(', ')}.`;
}
