import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { format, parseISO } from 'date-fns';
import { ArrowRight, BookOpen, CircleAlert, ListChecks, Plus } from 'lucide-react';
import type { BookSummary, ExportFormat } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { UpgradeOfferSlot } from '../../../components/upgrade-offer-slot.tsx';
import { cn } from '../../../lib/cn.ts';
import { getErrorMessage, getUpgradeOffer } from '../../../lib/errors.ts';
import type { FeatureAccess } from '../../../lib/plan-features.ts';
import { useExportBooksZip } from '../api/export-books-zip.ts';
import { useBooks } from '../api/get-books.ts';
import { BookSelectionBar } from './book-selection-bar.tsx';
import { BookStatusBadge } from './book-status-badge.tsx';

function formatDate(iso: string): string {
  try {
    return format(parseISO(iso), 'MMM d, yyyy');
  } catch {
    return iso;
  }
}

function MiniCover({ title }: { title: string }) {
  return (
    <div
      aria-hidden="true"
      className="relative flex h-24 w-16 shrink-0 flex-col justify-between overflow-hidden rounded-[3px] border border-line-strong/60 bg-paper-deep px-1.5 py-2 shadow-card"
    >
      <span className="absolute inset-y-0 left-0 w-1 bg-accent/80" />
      <span className="mx-auto mt-1 h-px w-6 bg-line-strong" />
      <span className="pl-1 text-center font-display text-2xl leading-none font-semibold text-accent-ink">
        {title.replace(/^(the|a|an)\s+/i, '').charAt(0).toUpperCase()}
      </span>
      <span className="mx-auto mb-1 h-px w-6 bg-line-strong" />
    </div>
  );
}

/** A card's checkbox in select mode. */
type CardSelection = { checked: boolean; disabled: boolean; onChange: (checked: boolean) => void };

function BookCard({ book, selection }: { book: BookSummary; selection?: CardSelection | undefined }) {
  const titleId = useId();
  const checkboxId = useId();
  return (
    <li
      className={cn(
        'group relative flex gap-4 rounded-xl border border-line bg-surface p-4 shadow-card transition-[box-shadow,border-color,background-color] hover:shadow-lift',
        selection && 'gap-3 sm:gap-4',
        selection?.checked && 'border-accent/60 bg-accent-soft/35 ring-1 ring-accent/25',
      )}
    >
      {selection ? (
        <>
          {/* The checkbox is named by the book's title; the cover beside it toggles it too. */}
          <input
            id={checkboxId}
            type="checkbox"
            aria-labelledby={titleId}
            checked={selection.checked}
            disabled={selection.disabled}
            onChange={(event) => selection.onChange(event.target.checked)}
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-accent disabled:cursor-not-allowed"
          />
          <label htmlFor={checkboxId} className="shrink-0 cursor-pointer">
            <MiniCover title={book.title} />
          </label>
        </>
      ) : (
        <MiniCover title={book.title} />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 id={titleId} className="line-clamp-2 font-display text-lg leading-snug font-semibold text-ink">
          {book.title}
        </h3>
        <p className="mt-0.5 truncate text-sm text-ink-soft">by {book.author}</p>
        <div className="mt-auto flex items-end justify-between gap-3 pt-3">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <BookStatusBadge status={book.status} />
            <p className="min-w-0 text-xs text-muted">
              {/* Date and word count each stay whole; a narrow card breaks the line between them. */}
              <time dateTime={book.createdAt} className="whitespace-nowrap">
                {formatDate(book.createdAt)}
              </time>
              {book.wordCount > 0 && (
                <>
                  <span className="hidden sm:inline"> </span>
                  <span className="hidden whitespace-nowrap sm:inline">· {book.wordCount.toLocaleString('en-US')} words</span>
                </>
              )}
            </p>
          </div>
          <Button asChild variant="secondary" size="sm">
            <Link href={`/book/${encodeURIComponent(book.id)}`} aria-label={`View ${book.title}`}>
              View <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </li>
  );
}

type BookListProps = {
  /** Opens the import panel (from the empty state). */
  onImportClick: () => void;
  /** Whether the user's plan has batch export: only then does the list offer its select mode and 'Export as ZIP'. */
  batchAccess: FeatureAccess;
};

/**
 * 'Your Published Books' (accounts spec section 2). With the Publisher plan (or on a server that takes no payments)
 * 'Select' turns the cards into checkboxes and shows the selection bar, which downloads the chosen books in one
 * format as one ZIP; a refusal for the plan shows the page's upgrade offer above the list.
 */
export function BookList({ onImportClick, batchAccess }: BookListProps) {
  const { data: books, isPending, isError, error, refetch, isFetching } = useBooks();
  const count = books?.length ?? 0;
  const [selecting, setSelecting] = useState(false);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(() => new Set());
  const [zipFormat, setZipFormat] = useState<ExportFormat>('pdf');
  const [refusal, setRefusal] = useState<unknown>(null);
  const exportZip = useExportBooksZip();
  const refusalRef = useRef<HTMLDivElement>(null);
  const canSelect = batchAccess === 'available' && count > 0;
  const selectMode = selecting && canSelect;
  // Books removed since they were chosen drop out on their own.
  const selected = selectMode ? (books ?? []).filter((b) => selectedIds.has(b.id)) : [];

  const toggle = (id: string, checked: boolean) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const leaveSelectMode = () => {
    setSelecting(false);
    setSelectedIds(new Set());
    setRefusal(null);
  };
  useEffect(() => {
    // The offer shows above the list, which the bar at the bottom of the screen may have left far behind.
    if (refusal !== null) refusalRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [refusal]);
  const exportSelected = () => {
    setRefusal(null);
    const bookIds = selected.map((b) => b.id);
    exportZip.mutate(
      { bookIds, format: zipFormat },
      {
        onSuccess: (file) =>
          toast({
            variant: 'success',
            title: 'ZIP ready',
            description: `${bookIds.length} ${bookIds.length === 1 ? 'book' : 'books'} in ${file.fileName}.`,
          }),
        onError: (failure) => {
          toast({ variant: 'destructive', title: 'ZIP export failed', description: getErrorMessage(failure, 'Failed to export the books') });
          if (getUpgradeOffer(failure)) setRefusal(failure);
        },
      },
    );
  };

  return (
    <section aria-labelledby="books-title" aria-busy={isPending}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="books-title" className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">
            Your Published Books
          </h2>
          {books && (
            <p className="mt-1 text-sm text-muted" aria-live="polite">
              {count} {count === 1 ? 'book' : 'books'} processed
            </p>
          )}
        </div>
        {books && books.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {canSelect &&
              (selectMode ? (
                <Button variant="ghost" onClick={leaveSelectMode} disabled={exportZip.isPending}>
                  Done
                </Button>
              ) : (
                <Button variant="ghost" onClick={() => setSelecting(true)}>
                  <ListChecks aria-hidden="true" /> Select
                </Button>
              ))}
            <Button variant="secondary" onClick={onImportClick}>
              <Plus aria-hidden="true" /> Import a book
            </Button>
          </div>
        )}
      </div>

      <div className="mt-6">
        {isPending && (
          <div>
            <p className="flex items-center gap-2 text-sm text-muted" role="status">
              <Spinner /> Loading your books...
            </p>
            <ul className="mt-4 grid gap-4 md:grid-cols-2" aria-hidden="true">
              {[0, 1].map((key) => (
                <li key={key} className="flex gap-4 rounded-xl border border-line bg-surface p-4">
                  <Skeleton className="h-24 w-16" />
                  <div className="flex flex-1 flex-col gap-2">
                    <Skeleton className="h-5 w-3/4" />
                    <Skeleton className="h-4 w-1/3" />
                    <Skeleton className="mt-auto h-8 w-20 self-end" />
                  </div>
                </li>
              ))}
            </ul>
          </div>
        )}

        {isError && (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/25 bg-destructive-soft p-5 sm:flex-row sm:items-center">
            <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-destructive" />
            <div className="flex-1">
              <p className="font-medium text-ink">Your books could not be loaded.</p>
              <p className="text-sm text-ink-soft">{getErrorMessage(error, 'Please try again.')}</p>
            </div>
            <Button variant="secondary" size="sm" onClick={() => void refetch()} disabled={isFetching}>
              {isFetching && <Spinner />} Try again
            </Button>
          </div>
        )}

        {books && books.length === 0 && (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong bg-surface/60 px-6 py-14 text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent-ink">
              <BookOpen aria-hidden="true" className="size-6" />
            </span>
            <h3 className="mt-5 font-display text-xl font-semibold">No books yet</h3>
            <p className="mt-2 max-w-sm text-sm text-muted">
              Import a manuscript or a public-domain text and Quire will take it from raw text to a finished book.
            </p>
            <Button className="mt-6" onClick={onImportClick}>
              <Plus aria-hidden="true" /> Import Your First Book
            </Button>
          </div>
        )}

        {selectMode && refusal !== null && (
          <div ref={refusalRef} className="mb-4 scroll-mt-24 empty:hidden">
            <UpgradeOfferSlot error={refusal} fallback="Failed to export the books" onDismiss={() => setRefusal(null)} />
          </div>
        )}

        {books && books.length > 0 && (
          <ul className="grid gap-4 md:grid-cols-2">
            {books.map((book) => (
              <BookCard
                key={book.id}
                book={book}
                selection={
                  selectMode
                    ? { checked: selectedIds.has(book.id), disabled: exportZip.isPending, onChange: (checked) => toggle(book.id, checked) }
                    : undefined
                }
              />
            ))}
          </ul>
        )}

        {selectMode && books && (
          <BookSelectionBar
            total={books.length}
            selected={selected}
            onSelectAll={(all) => setSelectedIds(all ? new Set(books.map((b) => b.id)) : new Set())}
            format={zipFormat}
            onFormatChange={setZipFormat}
            pending={exportZip.isPending}
            onExport={exportSelected}
          />
        )}
      </div>
    </section>
  );
}
