/**
 * The answer a request that waited for its job gives: the result of a completed job, or the job's failure as the
 * AppError it ended with (an expected failure keeps its own code and message; a job that failed its last try answers
 * JOB_FAILED, 503).
 */
import type { JobRow } from '../../db/schema/index.ts';
import { AppError, type AppErrorCode } from '../../errors.ts';
import type { JobQueue, JobSpec } from './job-queue.ts';

/**
 * The result of the ended job `row`, typed as its handler stored it.
 * @throws AppError with the job's error code (JOB_FAILED when it has none) and message when it did not complete.
 */
export function resultOfJob<T>(row: JobRow): T {
  if (row.state !== 'completed') {
    throw new AppError((row.errorCode as AppErrorCode | null) ?? 'JOB_FAILED', row.error ?? undefined);
  }
  return row.result as T;
}

/**
 * Runs `spec` as a job and resolves with its result once it has ended: what a request that waits for its job does.
 * `signal` stops the waiting (the client went away), not the job.
 * @throws as `resultOfJob` (the job's failure) and as the queue's `waitFor` (`SHUTTING_DOWN`, the signal's reason).
 */
export async function runJob<T>(queue: Pick<JobQueue, 'enqueue' | 'waitFor'>, spec: JobSpec, signal?: AbortSignal): Promise<T> {
  return resultOfJob<T>(await queue.waitFor(await queue.enqueue(spec), signal));
}

/**
 * The id of the book a job works on (clean, format, extract, cover-wrap, export jobs are made with one).
 * @throws AppError `INTERNAL` (the job is tried again, then failed) for a job row without a book: a bug, not the user's.
 */
export function bookIdOfJob(job: Pick<JobRow, 'id' | 'kind' | 'bookId'>): string {
  if (!job.bookId) throw new AppError('INTERNAL', undefined, { cause: new Error(`${job.kind} job ${job.id} names no book`) });
  return job.bookId;
}
