import { useState } from 'react';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { Link } from 'wouter';
import { BookCopy, History, TriangleAlert } from 'lucide-react';
import type { Extraction } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { RetryAlert } from '../../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { cn } from '../../../../lib/cn.ts';
import { getErrorMessage } from '../../../../lib/errors.ts';
import { countOf, percent } from '../../lib/extraction-display.ts';

/** How many extractions are listed before 'Show all': the recent ones, without a long scroll on a phone. */
export const HISTORY_PREVIEW = 6;

function HistorySkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading your previous extractions" className="flex flex-col gap-2">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex flex-col gap-2 rounded-lg border border-line p-3">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-3 w-3/4" />
        </div>
      ))}
    </div>
  );
}

function HistoryItem({ extraction, shown, onShow }: { extraction: Extraction; shown: boolean; onShow: () => void }) {
  return (
    <li className={cn('rounded-lg border transition-colors', shown ? 'border-accent bg-accent-soft/50' : 'border-line bg-surface hover:border-line-strong')}>
      <button
        type="button"
        onClick={onShow}
        aria-current={shown ? 'true' : undefined}
        className="flex w-full flex-col items-start gap-0.5 rounded-lg px-3 py-2.5 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <span className="flex w-full items-baseline justify-between gap-2">
          <span className="min-w-0 truncate font-medium text-ink">{extraction.topic}</span>
          {shown && <span className="shrink-0 text-xs font-medium text-accent-ink">Shown</span>}
        </span>
        <span className="text-xs text-muted">{formatDateTime(extraction.createdAt)}</span>
        <span className="text-xs text-ink-soft">
          {countOf(extraction.sectionsFound, 'section', 'sections')}
          {extraction.sectionsFound > 0 && <> · average relevance {percent(extraction.averageRelevance)}</>}
        </span>
        {extraction.textChanged && (
          <span className="mt-1 flex items-center gap-1 text-xs font-medium text-destructive">
            <TriangleAlert aria-hidden="true" className="size-3.5" /> Text changed since
          </span>
        )}
      </button>
      {extraction.compiledBookId && (
        <Link
          href={`/book/${encodeURIComponent(extraction.compiledBookId)}`}
          className="mx-3 mb-2.5 flex items-center gap-1.5 text-xs font-medium text-accent-ink underline-offset-4 hover:underline"
        >
          <BookCopy aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="min-w-0 truncate">Open “{extraction.compiledTitle ?? 'the book made from it'}”</span>
        </Link>
      )}
    </li>
  );
}

/**
 * Extract tab → the book's previous extractions, newest first: topic, date, sections found and their average
 * relevance; a click shows its results. Marks one whose text changed since and links the book made from one.
 * Loading, error and empty states.
 */
export function ExtractHistory({
  extractions,
  loading,
  error,
  onRetry,
  shownId,
  onShow,
  className,
}: {
  extractions: Extraction[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  shownId: string | null;
  onShow: (extraction: Extraction) => void;
  className?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const all = extractions ?? [];
  // The one shown stays listed even when it is further down than the preview.
  const limit = expanded ? all.length : Math.max(HISTORY_PREVIEW, all.findIndex((e) => e.id === shownId) + 1);
  const listed = all.slice(0, limit);
  return (
    <section aria-labelledby="extract-history-title" className={cn('flex min-h-0 min-w-0 flex-col gap-4 rounded-xl border border-line bg-surface p-5 shadow-card', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <h3 id="extract-history-title" className="font-display text-lg font-semibold">
          Previous extractions
        </h3>
        {extractions && extractions.length > 0 && <span className="text-sm text-muted">{extractions.length}</span>}
      </div>
      {loading ? (
        <HistorySkeleton />
      ) : error ? (
        <RetryAlert title="Your previous extractions could not be loaded." message={getErrorMessage(error, 'Please try again.')} onRetry={onRetry} />
      ) : !extractions || extractions.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-line-strong px-4 py-8 text-center">
          <History aria-hidden="true" className="size-6 text-muted" />
          <p className="font-medium text-ink">No extractions yet</p>
          <p className="text-sm text-muted">Each topic you search is kept here, so you can come back to its passages.</p>
        </div>
      ) : (
        // A long history scrolls within the card beside the results (wide screens), not past the screen's end.
        <ul aria-label="Previous extractions" className="-m-1 flex min-h-0 flex-col gap-2 overflow-y-auto p-1">
          {listed.map((extraction) => (
            <HistoryItem key={extraction.id} extraction={extraction} shown={extraction.id === shownId} onShow={() => onShow(extraction)} />
          ))}
          {listed.length < all.length && (
            <li>
              <Button variant="ghost" size="sm" className="w-full" onClick={() => setExpanded(true)}>
                Show all {all.length}
              </Button>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
