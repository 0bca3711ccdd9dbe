import { useId } from 'react';
import { Link } from 'wouter';
import { BookCheck, CircleAlert } from 'lucide-react';
import { isJobActive, type Job } from '@quire/contracts';
import { JobProgress } from '../../../components/job-progress.tsx';
import { SectionCard, SectionCardRow } from '../../../components/ui/card.tsx';
import { useImportJobs } from '../api/import-jobs.ts';

/** How an import is named: its URL or file name, or the collection's title. */
function subjectOf(job: Job): string {
  return job.subject ?? (job.kind === 'collection' ? 'A collection' : 'A book');
}

/** One import under way: what is imported, and its bar. */
function RunningImport({ job }: { job: Job }) {
  const nameId = useId();
  return (
    <SectionCardRow className="first-of-type:border-t-0">
      <p id={nameId} className="truncate text-sm font-medium text-ink" title={subjectOf(job)}>
        {subjectOf(job)}
      </p>
      <JobProgress job={job} labelledBy={nameId} className="mt-2" />
    </SectionCardRow>
  );
}

/** An import the page found running and saw end: where its book is, or why it failed. */
function EndedImport({ job }: { job: Job }) {
  if (job.state === 'completed') {
    return (
      <SectionCardRow className="flex items-start gap-2 text-sm first-of-type:border-t-0">
        <BookCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
        <p className="min-w-0 text-ink-soft">
          <span className="break-words font-medium text-ink">{subjectOf(job)}</span> is imported.{' '}
          {job.bookId && (
            <Link href={`/format/${encodeURIComponent(job.bookId)}`} className="font-medium text-accent-ink underline underline-offset-4">
              Open the book
            </Link>
          )}
        </p>
      </SectionCardRow>
    );
  }
  return (
    <SectionCardRow className="flex items-start gap-2 text-sm first-of-type:border-t-0">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      <p className="min-w-0 text-ink-soft">
        <span className="break-words font-medium text-ink">{subjectOf(job)}</span> could not be imported. {job.error}
      </p>
    </SectionCardRow>
  );
}

/**
 * The home page's imports under way (issue 14: imports are jobs, their progress survives a reload): a bar for each
 * import still queued or running, whichever tab or page started it, and the end of each one the page found running
 * (the book to open, or why it failed); nothing when there is neither. The endings are announced (role="status").
 * `onBookMade` is called when such an import has made its book (the page fetches its book list again).
 */
export function ImportProgress({ onBookMade }: { onBookMade: () => void }) {
  const { data } = useImportJobs(onBookMade);
  const jobs = data?.jobs ?? [];
  const running = jobs.filter(isJobActive);
  const ended = jobs.filter((job) => !isJobActive(job) && data?.reported[job.id]);
  return (
    <div role="status" className="empty:hidden">
      {(running.length > 0 || ended.length > 0) && (
        <SectionCard title={running.length > 0 ? 'Importing' : 'Imports'}>
          {running.map((job) => (
            <RunningImport key={job.id} job={job} />
          ))}
          {ended.map((job) => (
            <EndedImport key={job.id} job={job} />
          ))}
        </SectionCard>
      )}
    </div>
  );
}
