/**
 * The publisher plan's batch work (issue 12: "batch import and export of many books as one zip"): many URLs
 * imported as many books, and many formatted books exported in one format as one zip. Both need the plan feature
 * `batch`; each book goes through the same import and export as one book alone (the export's plan checks and its
 * document count included).
 */
import { Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { BatchImportResponse, ExportFormat } from '@quire/contracts';
import { AppError, isAppError } from '../errors.ts';
import type { BookService } from './book-service.ts';
import type { EntitlementService } from './billing/entitlement-service.ts';
import type { ExportFile, ExportService } from './export-service.ts';
import type { ImportService } from './import-service.ts';

/** Dependencies of {@link createBatchService}. */
export interface BatchServiceDeps {
  imports: Pick<ImportService, 'importFromUrl'>;
  exports: Pick<ExportService, 'exportBook' | 'open'>;
  books: Pick<BookService, 'load'>;
  entitlements: Pick<EntitlementService, 'requireFeature'>;
}

/** A file name not yet in `taken`: `Name.pdf`, then `Name (2).pdf`, ... */
function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate);
  return candidate;
}

/**
 * The zip of `files` (stored exports, each under its entry name, stored as is) and a `README.txt` (deflated), made as
 * it is read: each file is streamed from the storage into the archive in turn, so no file is ever whole in memory.
 * Reading the stream drives the work (a slow client slows it); destroying it stops it and closes the open file.
 */
function zipStream(files: readonly { name: string; file: ExportFile }[], readme: string, open: ExportService['open']): Readable {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const ready: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((err, data) => {
      if (err) failure = err;
      else ready.push(data);
    });
    /** The archive's bytes made since the last call, and the zip's error if it had one. */
    function* drain(): Generator<Uint8Array> {
      if (failure) throw failure;
      while (ready.length > 0) yield ready.shift()!;
    }
    for (const { name, file } of files) {
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      const { stream } = await open(file);
      try {
        for await (const chunk of stream as AsyncIterable<Uint8Array>) {
          entry.push(chunk);
          yield* drain();
        }
      } finally {
        stream.destroy();
      }
      entry.push(new Uint8Array(0), true);
      yield* drain();
    }
    const notes = new ZipDeflate('README.txt', { level: 6 });
    zip.add(notes);
    notes.push(strToU8(readme), true);
    zip.end();
    yield* drain();
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Batch operations. */
export function createBatchService({ imports, exports, books, entitlements }: BatchServiceDeps) {
  return {
    /**
     * Imports each URL as its own book, one after another (each import already uses the worker pool; one at a time
     * keeps a batch from crowding out other users). Failures are reported per URL.
     * @throws AppError `FEATURE_NOT_IN_PLAN` (403) below the publisher plan; `COLLECTION_FAILED` (422) when no
     *   URL could be imported (the message lists each reason).
     */
    async importUrls(userId: string, urls: readonly string[]): Promise<BatchImportResponse> {
      await entitlements.requireFeature(userId, 'batch');
      const result: BatchImportResponse = { books: [], failedImports: [] };
      for (const url of urls) {
        try {
          const book = await imports.importFromUrl(userId, url);
          result.books.push({ id: book.id, title: book.title, author: book.author });
        } catch (err) {
          if (!isAppError(err)) throw err;
          result.failedImports.push({ url, message: err.message });
        }
      }
      if (result.books.length === 0) {
        const reasons = result.failedImports.map((f) => `${f.url}: ${f.message}`).join(' ');
        throw new AppError('COLLECTION_FAILED', `Failed to import any books. ${reasons}`.trim());
      }
      return result;
    },

    /**
     * Exports the caller's books in `format` and answers one zip (entries stored, not compressed again: PDF, EPUB
     * and DOCX are compressed already) holding each file under its download name, numbered when two books share a
     * title. Every book is checked before any is built, and every file is built and stored before the zip is
     * answered, so any failure is an error status; the zip is then made from the stored files as it is read (issue
     * 14: no export is held in memory while a client downloads it).
     * @throws AppError `FEATURE_NOT_IN_PLAN` (403) below the publisher plan; `NOT_FOUND` (404) for a book that is
     *   not the caller's; `NOT_FORMATTED` (409) naming the books not formatted yet; the export's own errors.
     */
    async exportZip(userId: string, bookIds: readonly string[], format: ExportFormat): Promise<Readable> {
      await entitlements.requireFeature(userId, 'batch');
      const ids = [...new Set(bookIds)];
      const rows = await Promise.all(ids.map((id) => books.load(userId, id)));
      const unformatted = rows.filter((b) => b.formattedText === null).map((b) => `“${b.title}”`);
      if (unformatted.length > 0) {
        throw new AppError('NOT_FORMATTED', `Format these books before exporting them: ${unformatted.join(', ')}.`);
      }
      const files: { name: string; file: ExportFile }[] = [];
      const taken = new Set<string>();
      for (const id of ids) {
        const file = await exports.exportBook(userId, id, format);
        files.push({ name: uniqueName(file.fileName, taken), file });
      }
      const readme = `${ids.length} book${ids.length === 1 ? '' : 's'}, exported as ${format.toUpperCase()}.\n`;
      return zipStream(files, readme, (file) => exports.open(file));
    },
  };
}

/** The service's type. */
export type BatchService = ReturnType<typeof createBatchService>;
