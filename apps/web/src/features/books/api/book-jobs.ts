import { queryOptions, useIsMutating, useMutationState, useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { BookJobsResponseSchema, isJobActive, type ExportFormat, type Job, type JobKind } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookKeys } from './book-keys.ts';

/**
 * A book's long work runs as jobs on the server (issue 14): an export request (POST /api/books/:id/export/:format)
 * answers the file once its job has finished, and meanwhile GET /api/books/:id/jobs tells how far the job is. The
 * Export tab polls that list while a job runs or one of its requests waits, to show each format's progress; after a
 * reload, the list is how the page finds the export the old page was waiting for.
 */

/** How often the jobs are fetched while one runs or an export request waits, in milliseconds. */
export const BOOK_JOBS_POLL_MS = 1000;

/** The variables of an export request (`useExportBook`). */
export type ExportRequest = { id: string; title: string; format: ExportFormat };

/**
 * Who tells the user how an export job ended:
 * - 'request': an export request of this page was waiting for its format when the job was first seen running (or was
 *   made after it): the request's answer is the file, saved at once, or the error, in a notice;
 * - 'row': no request of this page waits for it (the page was reloaded while it ran, or another tab started it): the
 *   format's row offers its file, or says why it failed, once it ends.
 * Jobs this page never saw running (those that ended before it was loaded) have none, and are not shown.
 */
export type JobReporter = 'request' | 'row';

/** The jobs query's data: the API's answer (newest first), and who reports each export job this page saw running. */
export type BookJobs = { jobs: Job[]; reporters: Record<string, JobReporter> };

function requestOf(mutation: { state: { variables: unknown } }): ExportRequest | undefined {
  return mutation.state.variables as ExportRequest | undefined;
}

function exportRequestFilters(bookId: string) {
  return {
    mutationKey: bookKeys.exportRequests(),
    status: 'pending' as const,
    predicate: (mutation: { state: { variables: unknown } }) => requestOf(mutation)?.id === bookId,
  };
}

/** The formats of the book whose export request is waiting for its answer now (from anywhere in the page). */
export function pendingExportFormats(queryClient: QueryClient, bookId: string): Set<ExportFormat> {
  const requests = queryClient.getMutationCache().findAll(exportRequestFilters(bookId));
  return new Set(requests.flatMap((mutation) => requestOf(mutation)?.format ?? []));
}

/**
 * GET /api/books/:id/jobs: the book's jobs still running and those that ended in the last day, newest first.
 * @throws Error("<status>: <body>") from the request helper; Error('Could not read the jobs.') for an answer without
 *   the contract's shape.
 */
export async function listBookJobs(bookId: string, signal?: AbortSignal): Promise<Job[]> {
  const answer = await apiRequest<unknown>('GET', `/api/books/${encodeURIComponent(bookId)}/jobs`, undefined, { signal });
  const parsed = BookJobsResponseSchema.safeParse(answer);
  if (!parsed.success) throw new Error('Could not read the jobs.');
  return parsed.data.jobs;
}

/**
 * Who reports each export job of `jobs` (see {@link JobReporter}): a job already known keeps its reporter; one seen
 * running for the first time is the request's when an export request of its format is waiting (`requested`), and the
 * row's otherwise. Jobs no longer listed are forgotten.
 */
export function assignReporters(
  jobs: readonly Job[],
  known: Readonly<Record<string, JobReporter>>,
  requested: ReadonlySet<ExportFormat>,
): Record<string, JobReporter> {
  const reporters: Record<string, JobReporter> = {};
  for (const job of jobs) {
    const reporter = known[job.id];
    if (reporter) reporters[job.id] = reporter;
    else if (job.kind === 'export' && job.format && isJobActive(job)) reporters[job.id] = requested.has(job.format) ? 'request' : 'row';
  }
  return reporters;
}

/**
 * The jobs query. Who reports a newly seen job is decided when its answer arrives, from the export requests waiting
 * at that moment: a request that settles cancels the fetches under way (`settleExportRequest`), so no answer asked
 * while it waited is read after it ended. It polls every {@link BOOK_JOBS_POLL_MS} while a job is queued or running
 * or `exporting` (an export request of the book waits), and stops otherwise.
 */
export function bookJobsQueryOptions(bookId: string, exporting: boolean) {
  return queryOptions({
    queryKey: bookKeys.jobs(bookId),
    queryFn: async ({ client, signal }): Promise<BookJobs> => {
      const jobs = await listBookJobs(bookId, signal);
      const known = client.getQueryData<BookJobs>(bookKeys.jobs(bookId))?.reporters ?? {};
      return { jobs, reporters: assignReporters(jobs, known, pendingExportFormats(client, bookId)) };
    },
    enabled: bookId.length > 0,
    refetchInterval: (query) => (exporting || query.state.data?.jobs.some(isJobActive) ? BOOK_JOBS_POLL_MS : false),
  });
}

/** The book's jobs, polled while one runs or one of the book's export requests waits. */
export function useBookJobs(bookId: string) {
  const exporting = useIsMutating(exportRequestFilters(bookId)) > 0;
  return useQuery(bookJobsQueryOptions(bookId, exporting));
}

/** The formats of the book whose export request waits for its answer (even one sent before the tab was shown again). */
export function usePendingExportFormats(bookId: string): ExportFormat[] {
  return useMutationState({ filters: exportRequestFilters(bookId), select: (mutation) => requestOf(mutation)?.format ?? null }).filter(
    (format): format is ExportFormat => format !== null,
  );
}

/**
 * An export request of `format` starts: the jobs of that format the rows would report are now the request's (it
 * answers the newest file, or the server's reason), so that a row does not offer a second copy or an old error.
 */
export function handJobsToRequest(queryClient: QueryClient, bookId: string, format: ExportFormat): void {
  queryClient.setQueryData<BookJobs>(bookKeys.jobs(bookId), (data) => {
    if (!data) return data;
    const reporters = { ...data.reporters };
    for (const job of data.jobs) if (job.format === format && reporters[job.id] === 'row') reporters[job.id] = 'request';
    return { ...data, reporters };
  });
}

/**
 * An export request has its answer: its job has ended. Fetches under way are dropped (they were asked while it waited
 * and would be read as if it had not), and the list is asked again, to show the job's end and stop polling.
 */
export function settleExportRequest(queryClient: QueryClient, bookId: string): void {
  const queryKey = bookKeys.jobs(bookId);
  void queryClient.cancelQueries({ queryKey });
  void queryClient.invalidateQueries({ queryKey });
}

/** What a format's row shows of its jobs: the newest still queued or running, and the newest the row reports that ended. */
export type FormatJobs = { active: Job | null; ended: Job | null };

/** The export jobs of `format` a row shows (see {@link FormatJobs}). */
export function formatJobs(data: BookJobs | undefined, format: ExportFormat): FormatJobs {
  const jobs = (data?.jobs ?? []).filter((job) => job.kind === 'export' && job.format === format);
  return {
    active: jobs.find(isJobActive) ?? null,
    ended: jobs.find((job) => !isJobActive(job) && data?.reporters[job.id] === 'row') ?? null,
  };
}

/**
 * The book's newest job of `kind` still queued or running (a cleanup), or null; the jobs are polled while `waiting`
 * (this page's request for such a job has not been answered) or while one runs, so that a page reloaded during the
 * work shows its bar too. When a job this page saw running ends, `onEnded` is called once (to fetch the book again).
 */
export function useActiveJob(bookId: string, kind: JobKind, waiting: boolean, onEnded: () => void): Job | null {
  const { data } = useQuery({
    ...bookJobsQueryOptions(bookId, false),
    refetchInterval: (query) => (waiting || query.state.data?.jobs.some(isJobActive) ? BOOK_JOBS_POLL_MS : false),
  });
  const active = data?.jobs.find((job) => job.kind === kind && isJobActive(job)) ?? null;
  const seen = useRef<string | null>(null);
  const ended = useRef(onEnded);
  ended.current = onEnded;
  useEffect(() => {
    if (active) seen.current = active.id;
    else if (seen.current !== null) {
      seen.current = null;
      ended.current();
    }
  }, [active]);
  return active;
}
