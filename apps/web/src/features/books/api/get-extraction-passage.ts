import { queryOptions, useQuery } from '@tanstack/react-query';
import { PassageTextSchema, type PassageText } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { extractionKeys } from './extraction-keys.ts';

/** Which passage of an extraction to read; `widen` asks for the paragraphs around it too. */
export type PassageRequest = { bookId: string; extractionId: string; passageId: string; widen: boolean };

/**
 * GET /api/books/:id/extractions/:extractionId/passages/:passageId?widen=: a found passage in full, or the whole
 * section it is in (`widen`).
 * @throws Error("<status>: <body>") from the request helper (409 when the book's text changed since the
 *   extraction); Error('Could not read the passage.') for an answer without the contract's shape.
 */
export async function getExtractionPassage({ bookId, extractionId, passageId, widen }: PassageRequest): Promise<PassageText> {
  const url =
    `/api/books/${encodeURIComponent(bookId)}/extractions/${encodeURIComponent(extractionId)}` +
    `/passages/${encodeURIComponent(passageId)}?widen=${widen ? 'true' : 'false'}`;
  const parsed = PassageTextSchema.safeParse(await apiRequest<unknown>('GET', url));
  if (!parsed.success) throw new Error('Could not read the passage.');
  return parsed.data;
}

/** Query of one passage in full, or widened to its section (a 409 when the text changed since the extraction). */
export function extractionPassageQueryOptions(request: PassageRequest) {
  return queryOptions({
    queryKey: extractionKeys.passage(request.bookId, request.extractionId, request.passageId, request.widen),
    queryFn: () => getExtractionPassage(request),
  });
}

/** A passage in full, fetched only while `enabled` (its reader is open). */
export function useExtractionPassage(request: PassageRequest, { enabled }: { enabled: boolean }) {
  return useQuery({ ...extractionPassageQueryOptions(request), enabled });
}
