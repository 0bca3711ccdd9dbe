import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CompileResultSchema, type CompileBody, type CompileResult } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { getErrorStatus } from '../../../lib/errors.ts';
import { bookKeys } from './book-keys.ts';
import { extractionKeys } from './extraction-keys.ts';
import { storeExtraction } from './list-extractions.ts';

/**
 * POST /api/books/:id/extractions/:extractionId/book: a new book of the chosen passages, in the given order, each
 * one as found or widened to its whole section. Answers 201 the extraction (now naming the book) and the new
 * book's id.
 * @throws Error("<status>: <body>") from the request helper (400 a missing title or no passage; 409 the book's text
 *   changed since, or a passage is unknown); Error('Could not read the new book.') for an answer without the
 *   contract's shape.
 */
export async function compileExtraction({
  bookId,
  extractionId,
  body,
}: {
  bookId: string;
  extractionId: string;
  body: CompileBody;
}): Promise<CompileResult> {
  const url = `/api/books/${encodeURIComponent(bookId)}/extractions/${encodeURIComponent(extractionId)}/book`;
  const parsed = CompileResultSchema.safeParse(await apiRequest<unknown>('POST', url, body));
  if (!parsed.success) throw new Error('Could not read the new book.');
  return parsed.data;
}

/**
 * Makes a book from an extraction; the extraction's cached copy names it and the book lists are refreshed. A 409
 * (the text changed since) asks for the list again, which then marks the extraction as out of date.
 */
export function useCompileExtraction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: compileExtraction,
    onSuccess: ({ extraction }) => {
      storeExtraction(queryClient, extraction, { first: false });
      void queryClient.invalidateQueries({ queryKey: bookKeys.lists() });
    },
    onError: (error, { bookId }) => {
      if (getErrorStatus(error) === 409) void queryClient.invalidateQueries({ queryKey: extractionKeys.list(bookId) });
    },
  });
}
