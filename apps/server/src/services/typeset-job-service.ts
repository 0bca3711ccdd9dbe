/**
 * The whole book set as a job (issue 14, "Scale on existing engines": whole-book previews and covers are long work
 * and run as jobs, in whichever process takes them). A request that needs the book set — the whole-book preview's
 * pages, a cover's page count — first asks this process whether it has set the book already (book-layout-service.ts
 * `findSet`: paging through a preview costs no job); otherwise it waits for a `typeset` job, which sets the book
 * and stores the PDF in the typeset PDF store (typeset-pdf-store.ts), where the request then reads it: the storage
 * is shared, so the job may run in a worker process on another machine.
 */
import type { Layout } from '@quire/engine';
import { z } from 'zod';
import type { BookForLayout } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { BookLayoutService } from './book-layout-service.ts';
import type { BookService } from './book-service.ts';
import type { JobOutcome, JobQueue, JobRunContext } from './jobs/job-queue.ts';
import { bookIdOfJob, runJob } from './jobs/job-result.ts';
import { progressOverTime } from './jobs/progress-over-time.ts';
import type { TypesetPdfStore } from './typeset-pdf-store.ts';
import { typesetEstimateMs, type TypesetBook } from './typeset-service.ts';

/** A set book without its PDF: what a typeset job answers. */
export type SetBook = Omit<TypesetBook, 'pdf'>;

/** A typeset job's input: the layout to set the book in (a preview's), or none for the book's own. */
const TypesetJobInputSchema = z.object({ layout: z.record(z.string(), z.unknown()).optional() });

/** Dependencies of {@link createTypesetJobService}. */
export interface TypesetJobServiceDeps {
  books: Pick<BookService, 'load'>;
  layouts: Pick<BookLayoutService, 'typesetBook' | 'findSet' | 'remember'>;
  store: Pick<TypesetPdfStore, 'get'>;
  queue: Pick<JobQueue, 'handle' | 'enqueue' | 'waitFor'>;
}

/** Setting whole books through the queue. */
export function createTypesetJobService({ books, layouts, store, queue }: TypesetJobServiceDeps) {
  /** The typeset job: sets the book as it is stored now, in the input's layout or its own, and stores the PDF. */
  async function runTypesetJob({ job, progress }: JobRunContext): Promise<JobOutcome> {
    const bookId = bookIdOfJob(job);
    const { layout } = TypesetJobInputSchema.parse(job.input);
    const book = await books.load(job.userId, bookId);
    // A preview's layout starts from its lower bound; the book's own from its last report (book-layout-service.ts).
    const set = await progressOverTime(layout ? layouts.typesetBook(book, layout as unknown as Layout, null) : layouts.typesetBook(book), progress, {
      stage: 'Setting the pages',
      fromPercent: 5,
      toPercent: 95,
      estimateMs: typesetEstimateMs(book.formattedText ?? book.cleanedText ?? ''),
    });
    return { result: { key: set.key, layout: set.layout, report: set.report } satisfies SetBook };
  }
  queue.handle('typeset', runTypesetJob);

  /** The book set in `base` (default: its own layout) by a typeset job, remembered in this process. */
  async function setByJob(book: BookForLayout, base: Layout | undefined, signal?: AbortSignal): Promise<SetBook> {
    const input = base ? { layout: base } : {};
    const result = await runJob<SetBook>(queue, { kind: 'typeset', userId: book.userId, bookId: book.id, input }, signal);
    await layouts.remember(book, base, result);
    return result;
  }

  return {
    /**
     * `book` set whole in `base` (default: its own layout, with its report's KDP adjustments as the first try), its
     * layout and report, without the PDF: a cover's page count.
     * @throws AppError `NOT_CLEANED` (409) without text; the job's failure (`JOB_FAILED`, 503); `SHUTTING_DOWN` (503);
     *   the signal's reason when the client went away (the job goes on).
     */
    async set(book: BookForLayout, base: Layout | undefined, signal?: AbortSignal): Promise<SetBook> {
      const found = await layouts.findSet(book, base);
      if (found) return { key: found.key, layout: found.layout, report: found.report };
      return setByJob(book, base, signal);
    },

    /**
     * As {@link set}, with the PDF, read from the typeset PDF store: the whole-book preview's pages.
     * @throws as {@link set}; AppError `INTERNAL` when the job's PDF is no longer stored (pruned meanwhile).
     */
    async setWithPdf(book: BookForLayout, base: Layout | undefined, signal?: AbortSignal): Promise<TypesetBook> {
      const found = await layouts.findSet(book, base);
      if (found) return found;
      const result = await setByJob(book, base, signal);
      const stored = await store.get(book.id, result.key);
      if (!stored) throw new AppError('INTERNAL', undefined, { cause: new Error(`typeset PDF ${result.key} of book ${book.id} is not stored`) });
      return { ...result, pdf: stored.pdf };
    },
  };
}

/** The service's type. */
export type TypesetJobService = ReturnType<typeof createTypesetJobService>;

