import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import type { Book, SourceType } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { BookStatusBadge } from '../book-status-badge.tsx';

/** Words for each of the contract's `SOURCE_TYPES`. */
export const SOURCE_LABELS: Record<SourceType, string> = {
  url: 'Web address',
  upload: 'Uploaded file',
  collection: 'Collection',
  extraction: 'Passages on a topic',
};

/** The label of a book's source type; a value this version does not know is shown as it is. */
export function sourceLabel(sourceType: string): string {
  return Object.hasOwn(SOURCE_LABELS, sourceType) ? SOURCE_LABELS[sourceType as SourceType] : sourceType;
}

/** Header of the workspace: back, status, title, author, source and status. */
export function WorkspaceHeader({ book }: { book: Book }) {
  const source = sourceLabel(book.sourceType);
  return (
    <header className="flex flex-col gap-4">
      <Button asChild variant="ghost" size="sm" className="-ml-2 self-start">
        <Link href="/">
          <ArrowLeft aria-hidden="true" /> Back
        </Link>
      </Button>
      <div className="flex flex-col gap-2">
        <div className="flex items-center gap-2">
          <BookStatusBadge status={book.status} />
          {book.isFreeTrial && <span className="text-xs font-medium text-muted">Free trial</span>}
        </div>
        <h1 className="font-display text-3xl leading-tight font-semibold tracking-tight text-ink sm:text-4xl">{book.title}</h1>
        <p className="text-lg text-ink-soft">by {book.author}</p>
        <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted">
          <div className="flex gap-1.5">
            <dt>Source:</dt>
            <dd className="text-ink-soft">
              {book.sourceUrl ? (
                <a
                  href={book.sourceUrl}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="underline decoration-line-strong underline-offset-4 hover:text-ink"
                >
                  {source}
                </a>
              ) : (
                source
              )}
            </dd>
          </div>
          <div className="flex gap-1.5">
            <dt>Status:</dt>
            <dd className="text-ink-soft capitalize">{book.status}</dd>
          </div>
          {book.wordCount > 0 && (
            <div className="flex gap-1.5">
              <dt>Words:</dt>
              <dd className="text-ink-soft tabular-nums">{book.wordCount.toLocaleString('en-US')}</dd>
            </div>
          )}
        </dl>
      </div>
    </header>
  );
}
