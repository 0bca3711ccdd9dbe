import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Sparkles } from 'lucide-react';
import type { Book } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../../lib/errors.ts';
import { useActiveJob } from '../../api/book-jobs.ts';
import { bookKeys } from '../../api/book-keys.ts';
import { useCleanBook } from '../../api/clean-book.ts';
import { AiCleanupPanel } from './ai-cleanup-panel.tsx';
import { CleanReportView } from './clean-report.tsx';
import { JobProgress } from '../../../../components/job-progress.tsx';
import { TextPreview } from './text-preview.tsx';
import { UndoCleanButton } from './undo-clean-button.tsx';

/** What the cleanup passes of the engine do (their list: packages/engine/src/clean/index.ts). */
const CLEANUP_POINTS = [
  'Removes library headers and licences (Project Gutenberg, Internet Archive, Wikisource), e-text credits and the original contents list (Quire makes its own)',
  'Removes page numbers, running heads and [Pg 23] markers left over from the printed pages',
  'Joins words broken at line ends and lines broken inside paragraphs, and keeps verse line by line',
  'Spells out ligatures and the long s, and fixes OCR misreadings such as “tbe” only where the book’s own words confirm the fix',
  'Sets the typography: curly quotes and apostrophes, em dashes, ellipses',
  'Turns [Illustration: …] into captions and [Footnote 1: …] into real footnotes',
  'Finds chapters, parts, prefaces and notes, and marks scene breaks, the speakers of a play and letters',
] as const;

/** Clean tab: what cleanup does, the Clean Text action, the report and the text. */
export function CleanTab({ book, onCleaned }: { book: Book; onCleaned: () => void }) {
  const cleanBook = useCleanBook();
  const queryClient = useQueryClient();
  const titleId = useId();
  // Cleanup runs as a job on the server: its bar shows while this page's request waits, and after a reload while the
  // job still runs (the book is fetched again when it ends).
  const job = useActiveJob(book.id, 'clean', cleanBook.isPending, () => void queryClient.invalidateQueries({ queryKey: bookKeys.detail(book.id) }));
  const cleaning = cleanBook.isPending || job !== null;
  const cleaned = Boolean(book.cleanedText);

  const clean = () => {
    cleanBook.mutate(book.id, {
      onSuccess: () => {
        toast({ variant: 'success', title: 'Text cleaned successfully' });
        onCleaned();
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Cleaning failed', description: getErrorMessage(error, 'Failed to clean text') }),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby={titleId} className="rounded-xl border border-line bg-surface p-5 shadow-card sm:p-6">
        <div className="flex flex-col gap-5 md:flex-row md:items-start md:justify-between">
          <div className="max-w-2xl">
            <h2 id={titleId} className="font-display text-xl font-semibold">
              Clean the text
            </h2>
            <p className="mt-1.5 text-sm text-ink-soft">
              Cleanup takes away what the source added around the author's words. It changes formatting, never
              content: every word of the text is kept.
            </p>
            <ul className="mt-4 grid gap-2 text-sm text-ink-soft">
              {CLEANUP_POINTS.map((point) => (
                <li key={point} className="flex items-start gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col items-stretch gap-2 md:items-end">
            <Button
              size="lg"
              variant={cleaned ? 'secondary' : 'primary'}
              onClick={clean}
              disabled={cleaned || cleaning}
              className="md:min-w-44"
            >
              {cleaning ? <Spinner /> : cleaned ? <Check aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
              {cleaning ? 'Cleaning Text...' : cleaned ? 'Text Cleaned' : 'Clean Text'}
            </Button>
            {cleaned && <UndoCleanButton book={book} />}
          </div>
        </div>
        {cleaning && (
          <div className="mt-4 rounded-lg bg-accent-soft/60 px-4 py-3">
            <p role="status" className="text-sm text-accent-ink">
              Cleaning a long book can take up to a minute. You can stay on this page, or come back to it later.
            </p>
            {job && <JobProgress job={job} labelledBy={titleId} className="mt-2" />}
          </div>
        )}
      </section>
      {book.cleanReport && <CleanReportView report={book.cleanReport} />}
      {book.cleanedText && <AiCleanupPanel book={book} />}
      <TextPreview book={book} />
    </div>
  );
}
