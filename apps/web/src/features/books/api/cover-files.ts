import { queryOptions, useMutation } from '@tanstack/react-query';
import { coverFileName, type Cover, type WrapGeometry } from '@quire/contracts';
import { apiFetch } from '../../../lib/api-client.ts';
import { bookKeys } from './book-keys.ts';
import { saveFile, type ExportedFile } from './export-book.ts';

/**
 * A cover's files are served to the book's owner only, so they are fetched with the bearer token as blobs (an
 * `<img src>` could not send it) and shown through object URLs (`useObjectUrl`).
 */

/** Width of the wrap preview the Covers tab asks for, px (the route allows 200-2400). */
export const WRAP_PREVIEW_WIDTH_PX = 1200;

/** Unused images leave the cache after this long, ms (an e-book cover JPEG is a few hundred KB). */
const IMAGE_GC_MS = 5 * 60_000;

/** GET one of a cover's files as a blob. @throws Error("<status>: <body>") from the request helper. */
export async function fetchCoverFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const res = await apiFetch('GET', url, undefined, { signal });
  return res.blob();
}

/** The e-book JPEG (1600 x 2560 px) of a cover; a new version after each edit (`updatedAt`). */
export function coverImageQueryOptions(cover: Pick<Cover, 'id' | 'bookId' | 'imageUrl' | 'updatedAt'>) {
  return queryOptions({
    queryKey: [...bookKeys.coverFiles(cover.bookId, cover.id), 'ebook', cover.updatedAt] as const,
    queryFn: ({ signal }) => fetchCoverFile(cover.imageUrl, signal),
    gcTime: IMAGE_GC_MS,
  });
}

/** Address of a cover's full-wrap JPEG preview `widthPx` wide. */
export function wrapPreviewUrl(cover: Pick<Cover, 'id' | 'bookId'>, widthPx: number): string {
  return `/api/books/${encodeURIComponent(cover.bookId)}/covers/${encodeURIComponent(cover.id)}/wrap.jpg?widthPx=${widthPx}`;
}

/**
 * The full wrap (back, spine, front) of a cover as a JPEG, drawn for the book's current page count: a new version
 * after each edit of the cover and each change of the wrap's size.
 */
export function wrapPreviewQueryOptions(cover: Pick<Cover, 'id' | 'bookId' | 'updatedAt'>, geometry: WrapGeometry, widthPx = WRAP_PREVIEW_WIDTH_PX) {
  const size = [geometry.trimWidthIn, geometry.trimHeightIn, geometry.pageCount, geometry.paperType, widthPx] as const;
  return queryOptions({
    queryKey: [...bookKeys.coverFiles(cover.bookId, cover.id), 'wrap', cover.updatedAt, ...size] as const,
    queryFn: ({ signal }) => fetchCoverFile(wrapPreviewUrl(cover, widthPx), signal),
    gcTime: IMAGE_GC_MS,
  });
}

export type CoverFileKind = 'ebook' | 'paperback';

/**
 * Downloads a cover file with the bearer token: the e-book JPEG (`<Title>_Cover_Ebook.jpg`) or the paperback
 * full-wrap PDF (`<Title>_Cover_Paperback.pdf`, drawn from the book's current page count).
 * @throws Error("<status>: <body>") from the request helper (409 for the PDF before the book is formatted).
 */
export async function downloadCoverFile({ cover, title, kind }: { cover: Pick<Cover, 'imageUrl' | 'wrapUrl'>; title: string; kind: CoverFileKind }): Promise<ExportedFile> {
  const url = `${kind === 'ebook' ? cover.imageUrl : cover.wrapUrl}?download=1`;
  return { blob: await fetchCoverFile(url), fileName: coverFileName(title, kind) };
}

/** Downloads a cover file and hands it to the browser. */
export function useDownloadCoverFile() {
  return useMutation({ mutationFn: downloadCoverFile, onSuccess: saveFile });
}
