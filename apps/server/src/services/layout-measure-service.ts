/**
 * Measuring a formatted book as a job (issue 4: the whole book set in its layout, pages counted, KDP's rules applied;
 * issue 14: long work runs as jobs, in whichever process takes it, with its progress). Format stores the formatting,
 * then waits for a `format` job that sets the whole book and answers its layout report, which Format stores on the
 * book (book-service.ts `formatAndMeasure`). The typeset PDF stays in the PDF cache of the process that ran the job.
 */
import type { LayoutReport } from '@quire/contracts';
import type { BookRow } from '../db/schema/index.ts';
import type { BookLayoutService } from './book-layout-service.ts';
import type { BookService } from './book-service.ts';
import type { JobOutcome, JobQueue, JobRunContext } from './jobs/job-queue.ts';
import { bookIdOfJob, runJob } from './jobs/job-result.ts';
import { progressOverTime } from './jobs/progress-over-time.ts';
import { typesetEstimateMs } from './typeset-service.ts';

/** Dependencies of {@link createLayoutMeasureService}. */
export interface LayoutMeasureServiceDeps {
  books: Pick<BookService, 'load'>;
  layouts: Pick<BookLayoutService, 'typesetBook'>;
  queue: Pick<JobQueue, 'handle' | 'enqueue' | 'waitFor'>;
}

/** Layout measurement through the queue. */
export function createLayoutMeasureService({ books, layouts, queue }: LayoutMeasureServiceDeps) {
  /** The format job: sets the book as it is stored now and answers its layout report. */
  async function runFormatJob({ job, progress }: JobRunContext): Promise<JobOutcome> {
    const bookId = bookIdOfJob(job);
    const book = await books.load(job.userId, bookId);
    const { report } = await progressOverTime(layouts.typesetBook(book), progress, {
      stage: 'Setting the pages',
      fromPercent: 5,
      toPercent: 95,
      estimateMs: typesetEstimateMs(book.formattedText ?? ''),
    });
    return { result: { report } };
  }
  queue.handle('format', runFormatJob);

  return {
    /**
     * The layout report of `book` (a formatted row), from a format job; the caller stores it. The wait is not cut
     * when the client goes away, so the report is stored all the same.
     * @throws the job's failure (its AppError; `JOB_FAILED` after its last try); `SHUTTING_DOWN` (503).
     */
    async measure(book: BookRow): Promise<LayoutReport> {
      const { report } = await runJob<{ report: LayoutReport }>(queue, { kind: 'format', userId: book.userId, bookId: book.id, input: {} });
      return report;
    },
  };
}

/** The service's type. */
export type LayoutMeasureService = ReturnType<typeof createLayoutMeasureService>;
