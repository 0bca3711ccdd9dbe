import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Extraction } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { parseExtraction, storeExtraction } from './list-extractions.ts';

/**
 * POST /api/books/:id/extract (workspace spec sections 7 and 8): searches the book's cleaned text for `topic` and
 * answers the stored extraction (201), best passages first.
 * @throws Error("<status>: <body>") from the request helper (400 a blank or too long topic); Error('Could not read
 *   the extraction.') for an answer without the contract's shape.
 */
export async function createExtraction({ bookId, topic }: { bookId: string; topic: string }): Promise<Extraction> {
  return parseExtraction(await apiRequest<unknown>('POST', `/api/books/${encodeURIComponent(bookId)}/extract`, { topic }));
}

/** Runs an extraction; it goes to the top of the cached list of previous extractions at once (a topic searched again in the same text is the same extraction). */
export function useCreateExtraction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createExtraction, onSuccess: (extraction) => storeExtraction(queryClient, extraction, { first: true }) });
}
