/**
 * Exporting a formatted book (workspace spec section 7, "POST /api/books/{id}/export/{format}"): the book's
 * formatted Markdown, metadata and images become a BookDocument and then a file, built off the event loop; the
 * file is stored and recorded in `exports`, and answered to the caller from the storage as a stream (issue 14: the
 * API does not hold the file in memory while a client downloads it).
 */
import { randomUUID } from 'node:crypto';
import { EXPORT_FILES, exportFileName, type ExportFormat } from '@quire/contracts';
import type { Db } from '../db/client.ts';
import { and, eq } from 'drizzle-orm';
import { books as booksTable, exportsTable } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { JobRunner } from '../workers/pool.ts';
import type { BookAssetService } from './book-asset-service.ts';
import type { BookService } from './book-service.ts';
import type { BookLayoutService } from './book-layout-service.ts';
import { bookMetaOf } from './book-meta.ts';
import { sameReport } from '@quire/engine';
import type { Storage, StoredFileStream } from './storage.ts';
import type { EntitlementService } from './billing/entitlement-service.ts';

/**
 * Dependencies of {@link createExportService}. `now` is the clock (EPUB modified date, tests fix it); `assets`
 * reads the book's images for the writers.
 */
export interface ExportServiceDeps {
  db: Db;
  books: Pick<BookService, 'load'>;
  assets: Pick<BookAssetService, 'forExport'>;
  jobs: Pick<JobRunner, 'buildFile'>;
  layouts: Pick<BookLayoutService, 'exportLayout' | 'typesetBook' | 'bookLayout'>;
  storage: Storage;
  /** The e-book JPEG of the book's chosen cover, or null (cover-service.ts `chosenEbook`): the EPUB embeds it. */
  chosenCover?: (bookId: string) => Promise<Uint8Array | null>;
  /**
   * The plan checks (billing/entitlement-service.ts): asked before the file is built, told once it is stored (a
   * document counts against the plan then, so a failed build costs nothing). Default: no billing.
   */
  entitlements?: Pick<EntitlementService, 'authorizeExport' | 'recordExport'>;
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

/** Export operations. */
export function createExportService({ db, books, assets, jobs, layouts, storage, chosenCover, entitlements, now = () => new Date() }: ExportServiceDeps) {
  return {
    /**
     * Builds `format` for the caller's book in its layout (book-layout-service.ts: the stored layout id, a book
     * formatted before layouts were stored getting the KDP 6x9 one, with `layout_settings` over it and the KDP
     * adjustments of its layout report) with the images its text refers to, stores it under
     * `exports/<bookId>/<exportId>.<ext>` and records it. A PDF is the one the layout report measured when the
     * book has not changed since (typeset-service.ts keeps it), else it is typeset now with KDP's rules and the
     * report is brought up to date. An EPUB carries the book's chosen cover (its e-book JPEG) when it has one. The
     * built bytes are not kept: the answer says where the file is stored, for `open`.
     * @throws AppError `NOT_FOUND` (404), `NOT_FORMATTED` (409) before Format; `PAYMENT_REQUIRED` (402) /
     *   `FEATURE_NOT_IN_PLAN` (403) from the plan checks, before any work.
     */
    async exportBook(userId: string, bookId: string, format: ExportFormat): Promise<ExportFile> {
      const book = await books.load(userId, bookId);
      if (book.formattedText === null) throw new AppError('NOT_FORMATTED');
      const grant = await entitlements?.authorizeExport(userId, book, format);
      let bytes: Uint8Array;
      if (format === 'pdf') {
        const typeset = await layouts.typesetBook(book);
        bytes = typeset.pdf;
        if (!sameReport(typeset.report, book.layoutReport)) {
          await db
            .update(booksTable)
            .set({ layoutReport: typeset.report })
            .where(and(eq(booksTable.id, book.id), eq(booksTable.userId, userId)));
        }
      } else {
        const cover = format === 'epub' && chosenCover ? await chosenCover(book.id) : null;
        bytes = await jobs.buildFile({
          ...(cover ? { cover: { bytes: cover, mediaType: 'image/jpeg' as const } } : {}),
          markdown: book.formattedText,
          meta: bookMetaOf(book),
          layoutId: book.layoutId ?? 'kdp-6x9',
          layout: await layouts.exportLayout(book),
          format,
          modified: now(),
          assets: await assets.forExport(book.id, book.formattedText),
        });
      }
      const fileName = exportFileName(book.title, format);
      const exportId = randomUUID();
      const extension = fileName.slice(fileName.lastIndexOf('.'));
      const key = `exports/${book.id}/${exportId}${extension}`;
      await storage.put(key, bytes);
      try {
        await db.insert(exportsTable).values({
          id: exportId,
          bookId: book.id,
          format,
          filePath: key,
          byteSize: bytes.byteLength,
        });
      } catch (err) {
        await storage.delete(key).catch(() => {});
        throw err;
      }
      if (grant) await entitlements?.recordExport(userId, grant);
      return { exportId, key, byteSize: bytes.byteLength, fileName, contentType: EXPORT_FILES[format].contentType };
    },

    /**
     * A stored export's file as a stream, for answering it without reading it whole into memory.
     * @throws an ENOENT error when the file is gone (storage.ts `getStream`).
     */
    open(file: Pick<ExportFile, 'key'>): Promise<StoredFileStream> {
      return storage.getStream(file.key);
    },
  };
}

/** The service's type. */
export type ExportService = ReturnType<typeof createExportService>;
