import { useId, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { BookOpen, ChevronDown } from 'lucide-react';
import type { FormattingSettings, Preview, PreviewPage } from '@quire/contracts';
import { JobProgress } from '../../../../components/job-progress.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { RetryAlert } from '../../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { cn } from '../../../../lib/cn.ts';
import { getErrorMessage } from '../../../../lib/errors.ts';
import { useActiveJob } from '../../api/book-jobs.ts';
import { PREVIEW_PAGES_PER_CALL, openingPreviewQueryOptions, wholeBookPreviewQueryOptions } from '../../api/preview-book.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { toPreviewRows, type PreviewRow } from '../../lib/preview-spreads.ts';
import { PageViewerDialog } from './page-viewer-dialog.tsx';

/** Quiet time after the last change of a setting before the preview is asked for, ms (the issue: refreshed within about a second). */
export const PREVIEW_DEBOUNCE_MS = 300;

/** Trim of the rendered pages, inches, for drawing them at their proportions. */
type Trim = { widthIn: number; heightIn: number };

function PageImage({ page, trim, onOpen }: { page: PreviewPage; trim: Trim; onOpen: (page: PreviewPage) => void }) {
  return (
    <figure className="flex min-w-0 flex-col items-center gap-1">
      <button
        type="button"
        onClick={() => onOpen(page)}
        aria-label={`Enlarge page ${page.pageNumber}`}
        className="w-full cursor-zoom-in overflow-hidden bg-white shadow-[0_1px_2px_rgb(29_26_22/0.12),0_4px_14px_-6px_rgb(29_26_22/0.25)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        style={{ aspectRatio: `${trim.widthIn} / ${trim.heightIn}` }}
      >
        <img
          src={page.imageDataUrl}
          alt={`Page ${page.pageNumber}${page.side === 'single' ? '' : ` (${page.side})`}`}
          width={page.widthPx}
          height={page.heightPx}
          decoding="async"
          loading="lazy"
          className="block size-full object-contain"
        />
      </button>
      <figcaption aria-hidden="true" className="text-xs text-muted tabular-nums">
        {page.pageNumber}
      </figcaption>
    </figure>
  );
}

/** An empty half of a spread (before page 1, after the last verso), kept so the pages sit on their side. */
function BlankSide() {
  return <div aria-hidden="true" />;
}

function Row({ row, trim, onOpen }: { row: PreviewRow; trim: Trim; onOpen: (page: PreviewPage) => void }) {
  if (row.kind === 'single') return <PageImage page={row.page} trim={trim} onOpen={onOpen} />;
  const label = [row.verso, row.recto].filter((p): p is PreviewPage => p !== null).map((p) => p.pageNumber).join('–');
  return (
    <li aria-label={`Pages ${label}`} className="grid grid-cols-2 gap-0.5">
      {row.verso ? <PageImage page={row.verso} trim={trim} onOpen={onOpen} /> : <BlankSide />}
      {row.recto ? <PageImage page={row.recto} trim={trim} onOpen={onOpen} /> : <BlankSide />}
    </li>
  );
}

/** The rows: spreads one under the other (a grid of smaller spreads for the whole book); one-sided pages two by two. */
function Pages({ pages, trim, compact }: { pages: PreviewPage[]; trim: Trim; compact: boolean }) {
  const rows = toPreviewRows(pages);
  const oneSided = rows.every((r) => r.kind === 'single');
  const [enlarged, setEnlarged] = useState<number | null>(null);
  // The page button that opened the viewer gets the focus back when it closes.
  const opener = useRef<HTMLElement | null>(null);
  const open = (page: PreviewPage) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEnlarged(pages.findIndex((p) => p.pageNumber === page.pageNumber));
  };
  return (
    <>
      <ul
        aria-label="Rendered pages"
        className={cn(
          'mx-auto grid w-full gap-6',
          oneSided ? 'max-w-2xl grid-cols-2 gap-4 sm:gap-6' : compact ? 'max-w-5xl sm:grid-cols-2 lg:gap-8' : 'max-w-2xl',
          compact && oneSided && 'sm:grid-cols-3 lg:grid-cols-4',
        )}
      >
        {rows.map((row) => (row.kind === 'single' ? <li key={row.key}><Row row={row} trim={trim} onOpen={open} /></li> : <Row key={row.key} row={row} trim={trim} onOpen={open} />))}
      </ul>
      <PageViewerDialog pages={pages} index={enlarged} onIndexChange={setEnlarged} trim={trim} returnFocusTo={opener} />
    </>
  );
}

function PreviewSkeleton() {
  return (
    <div aria-hidden="true" className="mx-auto grid w-full max-w-2xl grid-cols-2 gap-0.5">
      <div />
      <Skeleton className="aspect-[2/3] rounded-none" />
    </div>
  );
}

function PreviewError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return <RetryAlert title="The preview could not be rendered." message={message} onRetry={onRetry} />;
}

/** `Set in Garamond (…) · 6 x 9 in` (and the page count of the whole book) for the answer shown. */
function Facts({ preview }: { preview: Preview }) {
  const trim = `${Number(preview.trimWidthIn.toFixed(2))} x ${Number(preview.trimHeightIn.toFixed(2))} in`;
  return (
    <p className="text-sm text-muted">
      Set in <span className="text-ink-soft">{preview.fontLabel}</span> · {trim}
      {preview.totalPages !== null && <> · {preview.totalPages.toLocaleString('en-US')} pages</>}
    </p>
  );
}

/**
 * Real rendered pages of the book (POST /api/books/:id/preview; the issue, "Preview": the Advanced Custom → Preview
 * sub-tab and the Format tab show real rendered pages, refreshed within about a second of a changed setting). The
 * opening pages first; "Show the whole book" asks for every page, {@link PREVIEW_PAGES_PER_CALL} a call. A change
 * of `layoutId` or `settings` is asked for after {@link PREVIEW_DEBOUNCE_MS} of quiet; meanwhile the pages shown stay,
 * dimmed. Pages are drawn as spreads (verso left, recto right) at the trim's proportions.
 */
export function LayoutPreview({
  bookId,
  layoutId,
  settings,
  heading = 'Preview',
}: {
  bookId: string;
  /** A built-in template or style-guide id, or a custom template's id; absent: the book's own layout. */
  layoutId?: string | undefined;
  /** Settings over the layout (Advanced Custom). */
  settings?: FormattingSettings | undefined;
  heading?: string;
}) {
  const live = useMemo(() => ({ layoutId, settings }), [layoutId, settings]);
  const target = useDebouncedValue(live, PREVIEW_DEBOUNCE_MS);
  const [wholeBook, setWholeBook] = useState(false);
  const opening = useQuery({ ...openingPreviewQueryOptions(bookId, target), placeholderData: keepPreviousData, enabled: !wholeBook });
  const book = useInfiniteQuery({ ...wholeBookPreviewQueryOptions(bookId, target), placeholderData: keepPreviousData, enabled: wholeBook });

  const active = wholeBook ? book : opening;
  const answers: Preview[] = wholeBook ? (book.data?.pages ?? []) : opening.data ? [opening.data] : [];
  const first = answers[0];
  const pages = answers.flatMap((a) => a.pages);
  const total = answers.at(-1)?.totalPages ?? null;
  const waiting = live !== target || active.isFetching;
  const updating = waiting && first !== undefined;
  const retry = () => void active.refetch();
  const headingId = useId();
  // Setting a book the server has not set yet in this layout is a typeset job: its bar shows while the pages wait.
  const typesetJob = useActiveJob(bookId, 'typeset', wholeBook && book.isFetching, () => undefined);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h3 id={headingId} className="font-display text-lg font-semibold">
            {heading}
          </h3>
          {first ? <Facts preview={first} /> : <p className="text-sm text-muted">Your book's pages, set as they will print.</p>}
        </div>
        <p role="status" aria-live="polite" className="flex min-h-5 items-center gap-2 text-sm text-muted">
          {waiting && (
            <>
              <Spinner /> {first ? 'Updating preview...' : wholeBook ? 'Setting the whole book...' : 'Setting the opening pages...'}
            </>
          )}
        </p>
      </div>

      {wholeBook && waiting && typesetJob && <JobProgress job={typesetJob} labelledBy={headingId} className="mt-0" />}

      {active.isError && <PreviewError message={getErrorMessage(active.error, 'Please try again.')} onRetry={retry} />}

      <div className="rounded-xl bg-paper-deep/70 px-3 py-5 sm:px-6 sm:py-8">
        {first ? (
          <div aria-busy={updating} className={cn('transition-opacity duration-200', updating && 'opacity-45')}>
            <Pages pages={pages} trim={{ widthIn: first.trimWidthIn, heightIn: first.trimHeightIn }} compact={wholeBook} />
          </div>
        ) : active.isError ? (
          <p className="py-10 text-center text-sm text-muted">No pages to show yet.</p>
        ) : (
          <PreviewSkeleton />
        )}
      </div>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        {wholeBook ? (
          <>
            <p className="text-sm text-muted">
              {pages.length > 0 && total !== null
                ? `Showing pages 1–${pages.at(-1)?.pageNumber ?? pages.length} of ${total.toLocaleString('en-US')}.`
                : `The whole book, ${PREVIEW_PAGES_PER_CALL} pages at a time.`}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              {book.hasNextPage && (
                <Button variant="secondary" onClick={() => void book.fetchNextPage()} disabled={book.isFetchingNextPage || updating}>
                  {book.isFetchingNextPage ? <Spinner /> : <ChevronDown aria-hidden="true" />}
                  {book.isFetchingNextPage ? 'Setting more pages...' : `Show the next ${PREVIEW_PAGES_PER_CALL} pages`}
                </Button>
              )}
              <Button variant="ghost" onClick={() => setWholeBook(false)}>
                Back to the opening pages
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-muted">The opening pages. The whole book takes a little longer to set.</p>
            <Button variant="secondary" onClick={() => setWholeBook(true)}>
              <BookOpen aria-hidden="true" /> Show the whole book
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
