import { z } from 'zod';
import { ExportFormatSchema } from './exports.ts';
import { FailedImportSchema, ImportResponseSchema } from './imports.ts';
import { URL_MAX_CHARS } from './limits.ts';

/** URLs of one batch import: each becomes a book of its own (publisher plan, issue 12). */
export const BATCH_IMPORT_MAX_URLS = 20;
/** Books of one zip export (publisher plan). */
export const BATCH_EXPORT_MAX_BOOKS = 50;

/**
 * POST /api/import-batch body (publisher plan, "batch import"): 1 to {@link BATCH_IMPORT_MAX_URLS} URLs, each
 * imported as its own book (unlike a collection, which combines its texts into one book).
 */
export const BatchImportBodySchema = z.object({
  urls: z
    .array(
      z
        .string()
        .trim()
        .max(URL_MAX_CHARS, { error: `Each URL must be at most ${URL_MAX_CHARS.toLocaleString('en-US')} characters` })
        .pipe(z.url({ protocol: /^https?$/, error: 'Each URL must be valid' })),
      { error: 'Please enter at least one URL' },
    )
    .min(1, { error: 'Please enter at least one URL' })
    .max(BATCH_IMPORT_MAX_URLS, { error: `At most ${BATCH_IMPORT_MAX_URLS} URLs at once` }),
});
export type BatchImportBody = z.infer<typeof BatchImportBodySchema>;

/** POST /api/import-batch answer (201 when at least one book was imported): the new books and the URLs that failed. */
export const BatchImportResponseSchema = z.object({
  books: z.array(ImportResponseSchema),
  failedImports: z.array(FailedImportSchema),
});
export type BatchImportResponse = z.infer<typeof BatchImportResponseSchema>;

/**
 * POST /api/books/export-zip body (publisher plan, "export of many books as one zip"): the caller's formatted books
 * and one format; the answer is a zip holding each book's file under its download name.
 */
export const BatchExportBodySchema = z.object({
  bookIds: z
    .array(z.uuid({ error: 'Please choose the books to export' }), { error: 'Please choose the books to export' })
    .min(1, { error: 'Please choose the books to export' })
    .max(BATCH_EXPORT_MAX_BOOKS, { error: `At most ${BATCH_EXPORT_MAX_BOOKS} books at once` }),
  format: ExportFormatSchema,
});
export type BatchExportBody = z.infer<typeof BatchExportBodySchema>;
