/**
 * Exporting a formatted book (workspace spec section 7, "POST /api/books/{id}/export/{format}"): the book's
 * formatted Markdown, metadata and images become a BookDocument and then a file, built off the event loop; the
 * file is stored and recorded in `exports`, and answered to the caller.
 */
import { randomUUID } from 'node:crypto';
import type { BookMeta } from '@quire/engine';
import { EXPORT_FILES, exportFileName, type ExportFormat } from '@quire/contracts';
import type { Db } from '../db/client.ts';
import { exportsTable, type BookRow } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { JobRunner } from '../workers/pool.ts';
import type { BookAssetService } from './book-asset-service.ts';
import { DEFAULT_LAYOUT_ID, fullMetadata, type BookService } from './book-service.ts';
import type { Storage } from './storage.ts';

/**
 * Dependencies of {@link createExportService}. `now` is the clock (EPUB modified date, tests fix it); `assets`
 * reads the book's images for the writers.
 */
export interface ExportServiceDeps {
  db: Db;
  books: Pick<BookService, 'load'>;
  assets: Pick<BookAssetService, 'forExport'>;
  jobs: Pick<JobRunner, 'buildFile'>;
  storage: Storage;
  now?: () => Date;
}

/** A built export: the file, its download name and media type. */
export interface ExportFile {
  exportId: string;
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
}

/**
 * The engine's BookMeta from a book row: title, author, and the Format form's metadata
 * (language, description, publication year, ISBN, keywords, categories as subjects); the EPUB identifier is
 * derived from the book id so that re-exports of one book keep it.
 */
export function bookMetaOf(book: BookRow): BookMeta {
  const m = fullMetadata(book.metadata);
  return {
    title: book.title,
    author: book.author,
    language: m.language,
    ...(m.description ? { description: m.description } : {}),
    ...(m.publicationYear !== undefined ? { publicationYear: m.publicationYear } : {}),
    ...(m.isbn ? { isbn: m.isbn } : {}),
    ...(m.keywords.length ? { keywords: m.keywords } : {}),
    ...(m.categories.length ? { subjects: m.categories } : {}),
    identifier: `urn:uuid:${book.id}`,
  };
}

/** Export operations. */
export function createExportService({ db, books, assets, jobs, storage, now = () => new Date() }: ExportServiceDeps) {
  return {
    /**
     * Builds `format` for the caller's book in its stored layout (`layout_id`, a book formatted before layouts
     * were stored gets the KDP 6x9 one; with `layout_settings` applied over it) with the images its text refers to, stores it under
     * `exports/<bookId>/<exportId>.<ext>` and records it.
     * @throws AppError `NOT_FOUND` (404), `NOT_FORMATTED` (409) before Format.
     */
    async exportBook(userId: string, bookId: string, format: ExportFormat): Promise<ExportFile> {
      const book = await books.load(userId, bookId);
      if (book.formattedText === null) throw new AppError('NOT_FORMATTED');
      const bytes = await jobs.buildFile({
        markdown: book.formattedText,
        meta: bookMetaOf(book),
        layoutId: book.layoutId ?? DEFAULT_LAYOUT_ID,
        ...(book.layoutSettings ? { layoutSettings: book.layoutSettings } : {}),
        format,
        modified: now(),
        assets: await assets.forExport(book.id, book.formattedText),
      });
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
      return { exportId, bytes, fileName, contentType: EXPORT_FILES[format].contentType };
    },
  };
}

/** The service's type. */
export type ExportService = ReturnType<typeof createExportService>;
