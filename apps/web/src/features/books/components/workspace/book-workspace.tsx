import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowLeft, BookX } from 'lucide-react';
import { isJobActive, type Book, type JobKind } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../../components/ui/tabs.tsx';
import { useBookJobs } from '../../api/book-jobs.ts';
import { useBook } from '../../api/get-book.ts';
import { useCovers } from '../../api/list-covers.ts';
import { getWorkspaceState, type WorkspaceTab } from '../../lib/workspace-steps.ts';
import { CleanTab } from './clean-tab.tsx';
import { CoversTab } from './covers-tab.tsx';
import { ExportTab } from './export-tab.tsx';
import { ExtractTab } from './extract-tab.tsx';
import { FormatTab } from './format-tab.tsx';
import { ProgressStrip } from './progress-strip.tsx';
import { WorkspaceHeader } from './workspace-header.tsx';

const TABS: { value: WorkspaceTab; label: string }[] = [
  { value: 'clean', label: 'Clean' },
  { value: 'format', label: 'Format' },
  { value: 'extract', label: 'Extract' },
  { value: 'covers', label: 'Covers' },
  { value: 'export', label: 'Export' },
];

export function BookNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-paper-deep text-muted">
        <BookX aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-5 font-display text-3xl font-semibold">Book Not Found</h1>
      <p className="mt-2 text-ink-soft">The book you're looking for doesn't exist or has been deleted.</p>
      <Button asChild className="mt-6">
        <Link href="/">
          <ArrowLeft aria-hidden="true" /> Back to Home
        </Link>
      </Button>
    </div>
  );
}

function WorkspaceSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Spinner /> Loading your book...
      </p>
      <div className="flex flex-col gap-3" aria-hidden="true">
        <Skeleton className="h-5 w-20 rounded-full" />
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-5 w-40" />
      </div>
      <div className="grid grid-cols-4 gap-3" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </div>
      <Skeleton className="h-10 w-full max-w-md" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/** The tab that shows a running job's bar, by the job's kind. */
const TAB_OF_JOB: Partial<Record<JobKind, WorkspaceTab>> = { clean: 'clean', format: 'format' };

function Workspace({ book, notice }: { book: Book; notice?: ReactNode }) {
  // Workspace spec section 4: the Covers step is completed once the book has a cover.
  const covers = useCovers(book.id);
  const state = getWorkspaceState({ ...book, coverCount: covers.data?.length ?? 0 });
  const [chosenTab, setChosenTab] = useState<WorkspaceTab | null>(null);
  const tab = chosenTab && !state.disabledTabs[chosenTab] ? chosenTab : state.initialTab;

  // A new book (another id) starts again from its own current step.
  useEffect(() => setChosenTab(null), [book.id]);

  // Opened (or reloaded) while a cleanup or a Format of the book runs, the workspace shows that tab with its bar,
  // rather than the step the half-done work would point to.
  const jobs = useBookJobs(book.id);
  const runningTab = (jobs.data?.jobs ?? []).filter(isJobActive).map((job) => TAB_OF_JOB[job.kind]).find((t) => t !== undefined);
  useEffect(() => {
    if (runningTab) setChosenTab((chosen) => chosen ?? runningTab);
  }, [runningTab]);

  return (
    <div className="flex flex-col gap-8">
      <WorkspaceHeader book={book} />
      {notice}
      <ProgressStrip steps={state.steps} />
      <Tabs value={tab} onValueChange={(value) => setChosenTab(value as WorkspaceTab)}>
        <div className="overflow-x-auto pb-1">
          <TabsList aria-label="Workspace" className="flex w-full sm:inline-flex sm:w-auto">
            {TABS.map(({ value, label }) => (
              <TabsTrigger
                key={value}
                value={value}
                disabled={state.disabledTabs[value]}
                className="flex-1 px-1.5 text-[0.8125rem] sm:flex-none sm:px-4 sm:text-sm"
              >
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="clean" className="mt-6">
          <CleanTab book={book} onCleaned={() => setChosenTab('format')} />
        </TabsContent>
        <TabsContent value="format" className="mt-6">
          <FormatTab book={book} onFormatted={() => setChosenTab('covers')} />
        </TabsContent>
        <TabsContent value="extract" className="mt-6">
          <ExtractTab book={book} />
        </TabsContent>
        <TabsContent value="covers" className="mt-6">
          <CoversTab book={book} onSkip={() => setChosenTab('export')} />
        </TabsContent>
        <TabsContent value="export" className="mt-6">
          <ExportTab book={book} onOpenCovers={() => setChosenTab('covers')} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/**
 * The book workspace (workspace spec section 2): loading, not found, or the book's steps and tabs.
 * `notice` (optional) is shown under the header once the book is loaded, e.g. what an import could not do.
 */
export function BookWorkspace({ bookId, notice }: { bookId: string | undefined; notice?: ReactNode }) {
  const query = useBook(bookId ?? '');
  if (!bookId) return <BookNotFound />;
  if (query.isPending) return <WorkspaceSkeleton />;
  if (query.isError || !query.data) return <BookNotFound />;
  return <Workspace book={query.data} notice={notice} />;
}
