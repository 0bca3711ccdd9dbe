/**
 * Exporting a formatted book (workspace spec section 7, "POST /api/books/{id}/export/{format}"): the book's
 * formatted Markdown, metadata and images become a BookDocument and then a file, built off the event loop in an
 * export job (issue 14: long work runs as jobs, in whichever process takes it, with its progress); the file is stored
 * and recorded in `exports`, and answered to the caller from the storage as a stream (the API does not hold the file
 * in memory while a client downloads it).
 */
import { EXPORT_FILES, exportFileName, type ExportFormat } from '@quire/contracts';
import type { Db } from '../db/client.ts';
import { and, eq } from 'drizzle-orm';
import { books as booksTable, exportsTable } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { JobRow } from '../db/schema/index.ts';
import type { JobOutcome, JobQueue, JobRunContext } from './jobs/job-queue.ts';
import { progressOverTime } from './jobs/progress-over-time.ts';
import { bookIdOfJob, resultOfJob } from './jobs/job-result.ts';
import type { JobRunner } from '../workers/pool.ts';
import type { BookAssetService } from './book-asset-service.ts';
import type { BookService } from './book-service.ts';
import type { BookLayoutService } from './book-layout-service.ts';
import { bookMetaOf } from './book-meta.ts';
import { sameReport, type Diagnostic } from '@quire/engine';
import type { Storage, StoredFileStream } from './storage.ts';
import type { EntitlementService } from './billing/entitlement-service.ts';

/**
 * Dependencies of {@link createExportService}. `now` is the clock (EPUB modified date, tests fix it); `assets`
 * reads the book's images for the writers.
 */
export interface ExportServiceDeps {
  db: Db;
  books: Pick<BookService, 'loadForExport'>;
  assets: Pick<BookAssetService, 'forExport'>;
  jobs: Pick<JobRunner, 'buildFile'>;
  /** The job queue the exports run on (services/jobs). */
  queue: Pick<JobQueue, 'handle' | 'enqueue' | 'waitFor'>;
  layouts: Pick<BookLayoutService, 'exportLayout' | 'typesetBook' | 'bookLayout'>;
  storage: Storage;
  /** The e-book JPEG of the book's chosen cover, or null (cover-service.ts `chosenEbook`): the EPUB embeds it. */
  chosenCover?: (bookId: string) => Promise<Uint8Array | null>;
  /**
   * The plan checks (billing/entitlement-service.ts): asked before the file is built (an early refusal), and asked
   * again and counted in the transaction that records the stored file (so a failed build costs nothing, and of
   * concurrent exports only those the plan still allows are delivered). Default: no billing.
   */
  entitlements?: Pick<EntitlementService, 'authorizeExport' | 'countExport'>;
  now?: () => Date;
}

/** A built and stored export: where it is stored, its size, its download name and media type. */
export interface ExportFile {
  exportId: string;
  /** Its storage key, `exports/<bookId>/<exportId>.<ext>`: {@link ExportService} `open` reads it. */
  key: string;
  byteSize: number;
  fileName: string;
  contentType: string;
}

export { bookMetaOf } from './book-meta.ts';

/**
 * Typesetting time per page used to move a PDF export's bar (progress-over-time.ts), in milliseconds: War and Peace
 * (1,697 pages at 6 x 9 in) takes about 17-20 s on the two-core reference machine.
 */
const TYPESET_MS_PER_PAGE = 12;

/** Pages assumed for a book whose layout report has no page count yet. */
const DEFAULT_PAGE_ESTIMATE = 300;

/** The download address of export `exportId` of book `bookId` (GET, with the bearer header; routes/jobs.ts). */
export function exportDownloadUrl(bookId: string, exportId: string): string {
  return `/api/books/${bookId}/exports/${exportId}/file`;
}

/** What a completed export job stores as its result (jobs.result). */
export interface ExportJobResult {
  exportId: string;
  format: ExportFormat;
  key: string;
  byteSize: number;
  fileName: string;
  /** What the writer could not keep or had to change in this file (engine `Diagnostics`); absent when nothing. */
  diagnostics?: Diagnostic[];
}

/** Export operations. Creating the service registers the export job's handler on `queue`. */
export function createExportService({ db, books, assets, jobs, queue, layouts, storage, chosenCover, entitlements, now = () => new Date() }: ExportServiceDeps) {
  /**
   * The export job (issue 14: every export is a job). Builds `format` for the job's book in its layout (book-layout-
   * service.ts: the stored layout id, a book formatted before layouts were stored getting the KDP 6x9 one, with
   * `layout_settings` over it and the KDP adjustments of its layout report) with the images its text refers to, and
   * stores it under `exports/<bookId>/<jobId>.<ext>`: a second try of the same job writes the same key, so no file is
   * left over. A PDF is the one the layout report measured when the book has not changed since (typeset-service.ts
   * keeps it), else it is typeset now with KDP's rules and the report is brought up to date. An EPUB carries the
   * book's chosen cover (its e-book JPEG) when it has one. The export's row (its id is the job's: one row per job) is
   * written in the transaction that completes the job, and the plan checks and counts the export in that same
   * transaction (entitlement-service.ts `countExport`, under the user's row lock): an export refused there (another
   * export of the user took the last document meanwhile) fails its job with the refusal, and its file is removed.
   */
  async function runExportJob({ job, progress }: JobRunContext): Promise<JobOutcome> {
    const format = job.input.format as ExportFormat;
    const bookId = bookIdOfJob(job);
    await progress('Reading the book', 5);
    const book = await books.loadForExport(job.userId, bookId);
    if (book.formattedText === null) throw new AppError('NOT_FORMATTED');
    // Early refusal only (the plan may have changed since the request): the count is decided at commit, below.
    await entitlements?.authorizeExport(job.userId, book, format);
    let bytes: Uint8Array;
    let diagnostics: Diagnostic[];
    if (format === 'pdf') {
      const typeset = await progressOverTime(layouts.typesetBook(book), progress, {
        stage: 'Typesetting pages',
        fromPercent: 15,
        toPercent: 88,
        estimateMs: (book.layoutReport?.pageCount ?? DEFAULT_PAGE_ESTIMATE) * TYPESET_MS_PER_PAGE,
      });
      bytes = typeset.pdf;
      diagnostics = typeset.report.contentNotes ?? [];
      if (!sameReport(typeset.report, book.layoutReport)) {
        await db
          .update(booksTable)
          .set({ layoutReport: typeset.report })
          .where(and(eq(booksTable.id, book.id), eq(booksTable.userId, job.userId)));
      }
    } else {
      await progress('Building the file', 15);
      const cover = format === 'epub' && chosenCover ? await chosenCover(book.id) : null;
      ({ bytes, diagnostics } = await jobs.buildFile({
        ...(cover ? { cover: { bytes: cover, mediaType: 'image/jpeg' as const } } : {}),
        markdown: book.formattedText,
        meta: bookMetaOf(book),
        layoutId: book.layoutId ?? 'kdp-6x9',
        layout: await layouts.exportLayout(book),
        format,
        modified: now(),
        assets: await assets.forExport(book.id, book.formattedText),
      }));
    }
    await progress('Saving the file', 90);
    const fileName = exportFileName(book.title, format);
    const key = `exports/${book.id}/${job.id}${fileName.slice(fileName.lastIndexOf('.'))}`;
    await storage.put(key, bytes);
    const result: ExportJobResult = {
      exportId: job.id,
      format,
      key,
      byteSize: bytes.byteLength,
      fileName,
      ...(diagnostics.length > 0 ? { diagnostics } : {}),
    };
    return {
      result: { ...result },
      commit: async (tx) => {
        await entitlements?.countExport(tx, job.userId, book, format);
        await tx
          .insert(exportsTable)
          .values({ id: job.id, bookId: book.id, format, filePath: key, byteSize: bytes.byteLength, downloadUrl: exportDownloadUrl(book.id, job.id) })
          .onConflictDoNothing();
      },
      // The job did not complete (refused at commit, or the commit failed): no row will ever point at this file.
      discard: () => storage.delete(key),
    };
  }
  queue.handle('export', runExportJob);

  /** The file a finished export job made, or its failure as the AppError the request answers with. */
  function fileOfJob(row: JobRow): ExportFile {
    const r = resultOfJob<ExportJobResult>(row);
    return { exportId: r.exportId, key: r.key, byteSize: r.byteSize, fileName: r.fileName, contentType: EXPORT_FILES[r.format].contentType };
  }

  const service = {
    /**
     * Asks for an export of the caller's book: checks it exists, is formatted and that the plan allows it (refusals
     * come before any work, with their upgrade offer), then creates the export job; resolves with its id.
     * @throws AppError `NOT_FOUND` (404), `NOT_FORMATTED` (409) before Format; `PAYMENT_REQUIRED` (402) /
     *   `FEATURE_NOT_IN_PLAN` (403) from the plan checks.
     */
    async requestExport(userId: string, bookId: string, format: ExportFormat): Promise<string> {
      const book = await books.loadForExport(userId, bookId);
      if (book.formattedText === null) throw new AppError('NOT_FORMATTED');
      await entitlements?.authorizeExport(userId, book, format);
      return queue.enqueue({ kind: 'export', userId, bookId: book.id, input: { format } });
    },

    /**
     * Exports `format` of the caller's book through the queue and resolves once the file is stored (the job may run in
     * another process): where it is stored, its size, its download name and media type. `signal` stops the waiting
     * (the client went away), not the job.
     * @throws the refusals of `requestExport`; the job's failure (its AppError code and message: `JOB_FAILED` (503)
     *   after its last try); AppError `SHUTTING_DOWN` (503) when this process stops first.
     */
    async exportBook(userId: string, bookId: string, format: ExportFormat, signal?: AbortSignal): Promise<ExportFile> {
      const jobId = await service.requestExport(userId, bookId, format);
      const row = await queue.waitFor(jobId, signal);
      if (row.state === 'failed' && row.errorCode === 'PAYMENT_REQUIRED' && entitlements) {
        // Refused at commit: another export took the last document while this one was built. A job row keeps only
        // the refusal's code and message; checking again now gives the whole refusal, with its upgrade offer, as a
        // request made after the other export would get it.
        await entitlements.authorizeExport(userId, await books.loadForExport(userId, bookId), format);
      }
      return fileOfJob(row);
    },

    /**
     * The stored export `exportId` of the caller's book `bookId`, for GET .../exports/{exportId}/file.
     * @throws AppError `NOT_FOUND` (404) when there is no such export of a book of the caller's.
     */
    async storedExport(userId: string, bookId: string, exportId: string): Promise<ExportFile> {
      const [row] = await db
        .select({ id: exportsTable.id, format: exportsTable.format, key: exportsTable.filePath, byteSize: exportsTable.byteSize, title: booksTable.title })
        .from(exportsTable)
        .innerJoin(booksTable, eq(booksTable.id, exportsTable.bookId))
        .where(and(eq(exportsTable.id, exportId), eq(exportsTable.bookId, bookId), eq(booksTable.userId, userId)));
      if (!row) throw new AppError('NOT_FOUND', 'Export not found');
      const format = row.format as ExportFormat;
      return { exportId: row.id, key: row.key, byteSize: row.byteSize, fileName: exportFileName(row.title, format), contentType: EXPORT_FILES[format].contentType };
    },

    /**
     * A stored export's file as a stream, for answering it without reading it whole into memory.
     * @throws an ENOENT error when the file is gone (storage.ts `getStream`).
     */
    open(file: Pick<ExportFile, 'key'>): Promise<StoredFileStream> {
      return storage.getStream(file.key);
    },
  };
  return service;
}

/** The service's type. */
export type ExportService = ReturnType<typeof createExportService>;
