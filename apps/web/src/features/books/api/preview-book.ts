import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { PreviewSchema, type FormattingSettings, type Preview, type PreviewBody } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookKeys } from './book-keys.ts';

/**
 * Pages one whole-book preview call asks for: six spreads, drawn in about a second (the server draws 60-130 ms a
 * page; the contract allows up to 40 a call).
 */
export const PREVIEW_PAGES_PER_CALL = 12;

/** What a preview shows: a layout (default: the book's own) with optional settings over it. */
export type PreviewTarget = { layoutId?: string | undefined; settings?: FormattingSettings | undefined };

/** Query keys of previews, under the books area; the target is part of the key, so each change is its own entry. */
export const previewKeys = {
  all: [...bookKeys.all, 'preview'] as const,
  opening: (bookId: string, { layoutId, settings }: PreviewTarget) =>
    [...bookKeys.all, 'preview', bookId, 'opening', { layoutId: layoutId ?? null, settings: settings ?? null }] as const,
  book: (bookId: string, { layoutId, settings }: PreviewTarget) =>
    [...bookKeys.all, 'preview', bookId, 'book', { layoutId: layoutId ?? null, settings: settings ?? null }] as const,
};

/**
 * POST /api/books/:id/preview: the book's pages rendered in a layout (contracts `PreviewBodySchema` →
 * `PreviewSchema`): `scope: 'opening'` for the first pages, `'book'` with `fromPage`/`toPage` (1-based, at
 * most {@link PREVIEW_PAGES_PER_CALL} pages) for the rest. Rejects with `Error("<status>: <body>")` on a non-2xx
 * answer (400 names the setting out of bounds), and with `Error('Could not read the preview.')` when the answer
 * does not have the contract's shape.
 */
export async function previewBook(bookId: string, body: PreviewBody, signal?: AbortSignal): Promise<Preview> {
  const answer = await apiRequest<unknown>('POST', `/api/books/${encodeURIComponent(bookId)}/preview`, body, { signal });
  const parsed = PreviewSchema.safeParse(answer);
  if (!parsed.success) throw new Error('Could not read the preview.');
  return parsed.data;
}

/** The body of a preview call, without the fields left unset (the server applies its defaults). */
function previewBody({ layoutId, settings }: PreviewTarget, rest: Pick<PreviewBody, 'scope' | 'fromPage' | 'toPage'>): PreviewBody {
  return { ...(layoutId ? { layoutId } : {}), ...(settings ? { settings } : {}), ...rest };
}

/** The opening pages of the book in `target`; cancelled when a newer target replaces it before it answers. */
export function openingPreviewQueryOptions(bookId: string, target: PreviewTarget) {
  return queryOptions({
    queryKey: previewKeys.opening(bookId, target),
    queryFn: ({ signal }) => previewBook(bookId, previewBody(target, { scope: 'opening' }), signal),
    // Rendered pages are large data URLs: let previews nobody looks at go after a minute.
    gcTime: 60_000,
  });
}

/** The whole book in `target`, {@link PREVIEW_PAGES_PER_CALL} pages a call, next range while pages remain. */
export function wholeBookPreviewQueryOptions(bookId: string, target: PreviewTarget) {
  return infiniteQueryOptions({
    queryKey: previewKeys.book(bookId, target),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      previewBook(bookId, previewBody(target, { scope: 'book', fromPage: pageParam, toPage: pageParam + PREVIEW_PAGES_PER_CALL - 1 }), signal),
    getNextPageParam: (last) => {
      const lastPage = last.pages.at(-1)?.pageNumber;
      return last.totalPages !== null && lastPage !== undefined && lastPage < last.totalPages ? lastPage + 1 : undefined;
    },
    gcTime: 60_000,
  });
}
