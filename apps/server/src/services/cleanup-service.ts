/**
 * Cleanup as a job (workspace spec section 3, POST /api/books/:id/clean; issue 14: long work runs as jobs): the
 * original text is cleaned on the worker threads of whichever process takes the job, its stage and percentage shown
 * as it goes, and the cleaned text, report and word count are stored in the transaction that completes the job, so a
 * cleanup cut by a crash leaves the book as it was. The request waits for the job and answers the cleaned book.
 */
import type { Book } from '@quire/contracts';
import type { BookService } from './book-service.ts';
import type { JobOutcome, JobQueue, JobRunContext } from './jobs/job-queue.ts';
import { bookIdOfJob, runJob } from './jobs/job-result.ts';
import { progressOverTime } from './jobs/progress-over-time.ts';

/**
 * How long cleanup takes per KiB of original text, ms: the bar's estimate (War and Peace, 3.2 MiB, cleans in about
 * 1 s on one core of the reference machine).
 */
const CLEAN_MS_PER_KIB = 0.3;

/** Dependencies of {@link createCleanupService}. */
export interface CleanupServiceDeps {
  books: Pick<BookService, 'load' | 'assertOwned' | 'get' | 'prepareClean'>;
  queue: Pick<JobQueue, 'handle' | 'enqueue' | 'waitFor'>;
}

/** Cleanup through the queue. */
export function createCleanupService({ books, queue }: CleanupServiceDeps) {
  /** The cleanup job: cleans the book's original text and stores the result with the job's completion. */
  async function runCleanJob({ job, progress }: JobRunContext): Promise<JobOutcome> {
    const bookId = bookIdOfJob(job);
    const book = await books.load(job.userId, bookId);
    const prepared = await progressOverTime(books.prepareClean(book), progress, {
      stage: 'Cleaning the text',
      fromPercent: 5,
      toPercent: 95,
      estimateMs: Math.max(500, (Buffer.byteLength(book.originalText, 'utf8') / 1024) * CLEAN_MS_PER_KIB),
    });
    return { result: { bookId: book.id }, commit: (tx) => prepared.apply(tx) };
  }
  queue.handle('clean', runCleanJob);

  return {
    /**
     * Cleans the caller's book as a job and resolves the cleaned book once it is stored; `signal` stops the waiting
     * (the client went away), not the job.
     * @throws AppError `NOT_FOUND` (404) for a book that is not the caller's; the job's failure (`JOB_FAILED` (503)
     *   after its last try); `SHUTTING_DOWN` (503) when this process stops first.
     */
    async clean(userId: string, bookId: string, signal?: AbortSignal): Promise<Book> {
      // The job reads the book's texts; the request only checks whose it is, then reads the cleaned book once.
      await books.assertOwned(userId, bookId);
      await runJob(queue, { kind: 'clean', userId, bookId, input: {} }, signal);
      return books.get(userId, bookId);
    },
  };
}

/** The service's type. */
export type CleanupService = ReturnType<typeof createCleanupService>;
