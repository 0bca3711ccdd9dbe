import { useEffect, useRef } from 'react';
import { useIsMutating, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ImportJobsResponseSchema, isJobActive, type Job } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Imports run as jobs on the server (issue 14): an import request (a URL, a file, a collection, a batch's URLs)
 * answers once its job has ended, and meanwhile GET /api/import-jobs tells how far each is. The home page shows the
 * bars of the imports under way, also after a reload; an import that the page found running (no request of this page
 * waits for it) is reported where its bar was once it ends.
 */

/** Mutation key of every import request (single, collection, batch): the jobs are polled while one waits. */
export const IMPORT_REQUEST_KEY = ['imports', 'request'] as const;

/** Query key of the caller's import jobs. */
export const importJobsKey = ['imports', 'jobs'] as const;

/** How often the import jobs are fetched while one runs or an import request waits, in milliseconds. */
export const IMPORT_JOBS_POLL_MS = 1000;

/**
 * The import jobs and which of them the page reports itself: those first seen running while no import request of
 * this page waited (the page was reloaded, or another tab started them).
 */
export type ImportJobs = { jobs: Job[]; reported: Record<string, true> };

/**
 * GET /api/import-jobs: the caller's imports running and those that ended in the last hour, newest first.
 * @throws Error("<status>: <body>") from the request helper; Error('Could not read the imports.') for an answer
 *   without the contract's shape.
 */
export async function listImportJobs(signal?: AbortSignal): Promise<Job[]> {
  const parsed = ImportJobsResponseSchema.safeParse(await apiRequest<unknown>('GET', '/api/import-jobs', undefined, { signal }));
  if (!parsed.success) throw new Error('Could not read the imports.');
  return parsed.data.jobs;
}

/** Whether an import request of this page waits for its answer now. */
function importWaiting(client: QueryClient): boolean {
  return client.isMutating({ mutationKey: IMPORT_REQUEST_KEY }) > 0;
}

/**
 * The caller's import jobs, polled every {@link IMPORT_JOBS_POLL_MS} while one runs or an import request of the page
 * waits. When a job the page reports itself completes, `onBookMade` is called (the page fetches its book list again).
 */
export function useImportJobs(onBookMade: () => void) {
  const client = useQueryClient();
  const waiting = useIsMutating({ mutationKey: IMPORT_REQUEST_KEY }) > 0;
  const query = useQuery({
    queryKey: importJobsKey,
    queryFn: async ({ signal }): Promise<ImportJobs> => {
      const jobs = await listImportJobs(signal);
      const known = client.getQueryData<ImportJobs>(importJobsKey)?.reported ?? {};
      const reported: Record<string, true> = {};
      const ownRequest = importWaiting(client);
      for (const job of jobs) {
        if (known[job.id] || (isJobActive(job) && !ownRequest)) reported[job.id] = true;
      }
      return { jobs, reported };
    },
    refetchInterval: (q) => (waiting || q.state.data?.jobs.some(isJobActive) ? IMPORT_JOBS_POLL_MS : false),
  });
  const completed = (query.data?.jobs ?? []).filter((job) => job.state === 'completed' && query.data?.reported[job.id]).map((job) => job.id).join(' ');
  const bookMade = useRef(onBookMade);
  bookMade.current = onBookMade;
  useEffect(() => {
    if (completed) bookMade.current();
  }, [completed]);
  return query;
}
