import { useId } from 'react';
import { ListTree } from 'lucide-react';
import type { Job } from '@quire/contracts';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { JobProgress } from '../../../../components/job-progress.tsx';

/**
 * Extract tab → the results area while an extraction runs: what is searched, the search job's bar once the server
 * reports it (a long book's first search builds its index), and cards taking shape.
 */
export function ExtractSearching({ topic, job }: { topic: string; job?: Job | null }) {
  const labelId = useId();
  return (
    <section aria-busy="true" aria-label="Searching" className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-5 shadow-card sm:p-6">
      <div>
        <p id={labelId} className="flex items-center gap-2 text-sm text-ink-soft">
          <Spinner className="text-accent" /> Searching the book for “{topic.trim()}” and related words...
        </p>
        {job && <JobProgress job={job} labelledBy={labelId} />}
      </div>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="flex flex-col gap-3 rounded-xl border border-line p-4 sm:p-5">
          <div className="flex justify-between gap-4">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-24" />
          </div>
          <Skeleton className="h-3 w-2/3" />
          <Skeleton className="h-14 w-full" />
        </div>
      ))}
    </section>
  );
}

/** Extract tab → the results area before any topic is searched (wide screens, where it sits beside the history). */
export function ExtractResultsIntro() {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-line-strong px-8 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent-ink">
        <ListTree aria-hidden="true" className="size-6" />
      </span>
      <p className="font-display text-lg font-semibold text-ink">The passages you find appear here</p>
      <p className="max-w-md text-sm text-ink-soft">
        Each comes with where it stands in the book and how closely it treats the topic. Read them, leave some out, put
        them in your order, and make a book of them.
      </p>
    </div>
  );
}
