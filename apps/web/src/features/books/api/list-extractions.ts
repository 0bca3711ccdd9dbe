import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ExtractionListSchema, ExtractionSchema, type Extraction } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { extractionKeys } from './extraction-keys.ts';

/** Reads an extraction answer in the contract's shape. */
export function parseExtraction(answer: unknown): Extraction {
  const parsed = ExtractionSchema.safeParse(answer);
  if (!parsed.success) throw new Error('Could not read the extraction.');
  return parsed.data;
}

/**
 * GET /api/books/:id/extractions: the book's topic extractions, newest first (contracts `ExtractionListSchema`).
 * @throws Error("<status>: <body>") from the request helper; Error('Could not read the extractions.') for an answer
 *   without the contract's shape.
 */
export async function listExtractions(bookId: string): Promise<Extraction[]> {
  const parsed = ExtractionListSchema.safeParse(await apiRequest<unknown>('GET', `/api/books/${encodeURIComponent(bookId)}/extractions`));
  if (!parsed.success) throw new Error('Could not read the extractions.');
  return parsed.data;
}

/** Query of a book's extractions (GET /api/books/:id/extractions), newest first; off while the id is empty. */
export function extractionsQueryOptions(bookId: string) {
  return queryOptions({ queryKey: extractionKeys.list(bookId), queryFn: () => listExtractions(bookId), enabled: bookId.length > 0 });
}

/**
 * The book's previous extractions; extracting and compiling keep this cache up to date. Asked again (in the
 * background) each time the Extract tab opens, because editing or cleaning the text elsewhere in the workspace
 * changes which extractions are out of date.
 */
export function useExtractions(bookId: string) {
  return useQuery({ ...extractionsQueryOptions(bookId), refetchOnMount: 'always' });
}

/**
 * Puts an extraction in the cached list: with `first`, at the top (a new one, or a topic searched again, which the
 * server answers as the same extraction dated now), else in its place (a book made from it). A list not loaded (or
 * that failed to load) is left alone rather than replaced by a list of one, which would hide the others.
 */
export function storeExtraction(queryClient: QueryClient, extraction: Extraction, { first }: { first: boolean }): void {
  queryClient.setQueryData<Extraction[]>(extractionKeys.list(extraction.bookId), (list) => {
    if (!list) return list;
    if (first) return [extraction, ...list.filter((e) => e.id !== extraction.id)];
    return list.some((e) => e.id === extraction.id) ? list.map((e) => (e.id === extraction.id ? extraction : e)) : [extraction, ...list];
  });
}
