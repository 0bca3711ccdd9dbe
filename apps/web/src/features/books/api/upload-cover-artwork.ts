import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cover, CoverTemplate } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { addCover } from './cover-cache.ts';
import { parseCover } from './create-cover.ts';

export type CoverArtworkUpload = { bookId: string; file: File; template: CoverTemplate };

/**
 * POST /api/books/:id/covers/artwork (multipart): the `template` the words are set in, then the `file` (JPEG or
 * PNG front artwork). The server makes a cover around it and makes it the book's cover (201).
 * @throws Error("<status>: <body>") from the request helper: 422 when the image has too few pixels for 300 dpi at
 *   the book's trim (the message names the pixels needed), 413 too large, 415 not a JPEG or PNG;
 *   Error('Could not read the cover.') for an answer without the contract's shape.
 */
export async function uploadCoverArtwork({ bookId, file, template }: CoverArtworkUpload): Promise<Cover> {
  const form = new FormData();
  // The text field first: a streaming multipart reader sees it before the file.
  form.append('template', template);
  form.append('file', file, file.name);
  return parseCover(await apiRequest<unknown>('POST', `/api/books/${encodeURIComponent(bookId)}/covers/artwork`, form));
}

/** Uploads artwork; the new cover joins the cached list at once, as the book's cover. */
export function useUploadCoverArtwork() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadCoverArtwork, onSuccess: (cover) => addCover(queryClient, cover) });
}
