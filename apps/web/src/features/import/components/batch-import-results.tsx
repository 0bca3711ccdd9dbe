import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { ArrowRight, CircleAlert, CircleCheck, Plus, RotateCcw } from 'lucide-react';
import type { BatchImportResponse } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import type { FailedImport } from '../lib/batch-failures.ts';

/** 'N books imported' (the heading of a batch's result and the words of its notice). */
export function booksImportedLine(count: number): string {
  return `${count} ${count === 1 ? 'book' : 'books'} imported`;
}

/** 'N URLs could not be imported'. */
function failedLine(count: number): string {
  return count === 1 ? '1 URL could not be imported' : `${count} URLs could not be imported`;
}

/** URLs that could not be imported, each with the reason the server gave. */
export function FailedUrlList({ failures, className }: { failures: readonly FailedImport[]; className?: string }) {
  return (
    <ul className={cn('flex flex-col gap-2', className)}>
      {failures.map((failure) => (
        <li key={failure.url} className="text-sm">
          <span className="block font-medium break-all text-ink">{failure.url}</span>
          <span className="text-ink-soft">{failure.message}</span>
        </li>
      ))}
    </ul>
  );
}

/** The URLs of a batch in which none could be imported, with their reasons, under the form that sent them. */
export function NoneImportedNotice({ failures, message }: { failures: readonly FailedImport[] | null; message: string }) {
  return (
    <section aria-labelledby="batch-none-title" className="rounded-xl border border-destructive/25 bg-destructive-soft/70 p-4 sm:p-5">
      <div className="flex gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
        <div className="min-w-0">
          <h3 id="batch-none-title" className="text-sm font-semibold text-ink">
            No books were imported
          </h3>
          {failures ? (
            <>
              <p className="mt-0.5 text-sm text-ink-soft">Check these addresses, then import them again:</p>
              <FailedUrlList failures={failures} className="mt-3" />
            </>
          ) : (
            <p className="mt-0.5 text-sm break-words text-ink-soft">{message}</p>
          )}
        </div>
      </div>
    </section>
  );
}

type BatchImportResultsProps = {
  result: BatchImportResponse;
  /** Clears the result for a new list. */
  onImportMore: () => void;
  /** Puts the URLs that failed back in the form, to correct them. */
  onEditFailed: () => void;
};

/**
 * A batch's result: 'N books imported' with a link to each new book's workspace, then the URLs that failed with their
 * reasons, and the ways on (a new list, or the failed URLs back in the form).
 */
export function BatchImportResults({ result, onImportMore, onEditFailed }: BatchImportResultsProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { books, failedImports } = result;
  useEffect(() => {
    // The form the person submitted is gone: take them to what replaced it.
    headingRef.current?.focus();
  }, []);

  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="batch-result-title" className="flex flex-col gap-3">
        <div className="flex items-start gap-3">
          <CircleCheck aria-hidden="true" className="mt-1 size-5 shrink-0 text-accent" />
          <div className="min-w-0">
            <h3 id="batch-result-title" ref={headingRef} tabIndex={-1} className="font-display text-lg font-semibold outline-none">
              {booksImportedLine(books.length)}
            </h3>
            <p className="text-sm text-ink-soft">They are in Your Published Books. Open one to clean, format and export it.</p>
          </div>
        </div>
        <ul aria-label="Imported books" className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface">
          {books.map((book) => (
            <li key={book.id}>
              <Link
                href={`/book/${encodeURIComponent(book.id)}`}
                className="group flex items-center gap-3 px-4 py-3 transition-colors hover:bg-paper-deep/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
              >
                <span className="min-w-0 flex-1">
                  <span className="line-clamp-2 font-medium text-ink group-hover:text-accent-ink">{book.title}</span>
                  <span className="block truncate text-sm text-muted">by {book.author}</span>
                </span>
                <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-muted group-hover:text-accent-ink" />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {failedImports.length > 0 && (
        <section aria-labelledby="batch-failed-title" className="rounded-xl border border-destructive/25 bg-destructive-soft/70 p-4 sm:p-5">
          <div className="flex gap-3">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
            <div className="min-w-0">
              <h3 id="batch-failed-title" className="text-sm font-semibold text-ink">
                {failedLine(failedImports.length)}
              </h3>
              <p className="mt-0.5 text-sm text-ink-soft">The others were imported. Check these addresses:</p>
              <FailedUrlList failures={failedImports} className="mt-3" />
            </div>
          </div>
        </section>
      )}

      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant={failedImports.length > 0 ? 'secondary' : 'primary'} onClick={onImportMore}>
          <Plus aria-hidden="true" /> Import More Books
        </Button>
        {failedImports.length > 0 && (
          <Button onClick={onEditFailed}>
            <RotateCcw aria-hidden="true" /> Edit Failed URLs
          </Button>
        )}
      </div>
    </div>
  );
}
