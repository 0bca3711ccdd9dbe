/**
 * Importing books (accounts spec sections 2 "Import Books panel", 3, 5, 7, 9; issue 3 "Import"): a URL, an
 * uploaded file, or a collection of 2-10 URLs. Files are read in the worker pool (engine `readBook`: plain text,
 * Markdown, HTML/XHTML, DOCX, EPUB, PDF), the 5 MB text limit is enforced, and when the user's preference
 * `autoCleanImports` is on (the default) the text is cleaned at import time. The images a file carries (DOCX,
 * EPUB) are stored with the book (services/book-asset-service.ts). Nothing is stored when any step of a single
 * import fails; a collection stores the texts that could be read and reports the others.
 *
 * An uploaded file is its job's until the job ends (issue 32 point 4: uploads were lost when the browser's request
 * ended before the job ran): it is staged in the storage under {@link stagedUploadKey} (the shared storage, so a
 * worker in another process reads it), named in the job's input, and removed when the job has ended for good
 * (the queue's `release`), not when the request that sent it goes. Only an upload that never became a job is removed by
 * its request; what a crash left between the two is swept by {@link sweepStagedUploads}.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  ImportCollectionBodySchema,
  MAX_FILE_BYTES,
  FULL_NAME_MAX_CHARS,
  MAX_TEXT_BYTES,
  TITLE_MAX_CHARS,
  type Book,
  type ImportCollectionBody,
  type ImportCollectionResponse,
} from '@quire/contracts';
import { AppError, isAppError } from '../errors.ts';
import type { FetchedFile } from '../net/fetch-url.ts';
import { GUTENBERG_ORIGIN, resolveGutenbergUrl } from '../net/gutenberg.ts';
import type { JobRunner } from '../workers/pool.ts';
import type { ImportFileOutput } from '../workers/tasks.ts';
import { MAX_BOOK_ASSET_BYTES, assetBytes, collectionAssetRenames } from './asset-paths.ts';
import type { BookService } from './book-service.ts';
import { collectionAuthor, orderTexts } from './combine-collection.ts';
import { editionDetailsOf } from './edition-details.ts';
import type { PreferencesService } from './preferences-service.ts';
import type { JobOutcome, JobQueue, JobRunContext } from './jobs/job-queue.ts';
import { progressOverTime } from './jobs/progress-over-time.ts';
import { resultOfJob, runJob } from './jobs/job-result.ts';
import type { Storage } from './storage.ts';
import type { JobRow } from '../db/schema/index.ts';

/** Author shown when neither the source nor the file says who wrote the book. */
export const UNKNOWN_AUTHOR = 'Unknown Author';

/** What an import job is asked to read: a URL, or an upload staged in the storage under `key`. */
export type ImportJobInput =
  | { source: 'url'; url: string }
  | { source: 'upload'; key: string; fileName: string; contentType: string | null };

/** The folder of the storage uploads wait in for their import jobs. */
export const STAGED_UPLOADS_FOLDER = 'uploads';

/**
 * The storage key an upload is staged under for its import job: `uploads/<jobId>`, named after the job so that the
 * job's file is found (and swept) from the job's id alone.
 */
export function stagedUploadKey(jobId: string): string {
  return `${STAGED_UPLOADS_FOLDER}/${jobId}`;
}

/**
 * How old a staged upload without a live job must be before {@link sweepStagedUploads} removes it, in milliseconds.
 * The file is written just before its job is enqueued (a few milliseconds, a few seconds on a slow S3), so an hour
 * only spares the uploads being accepted now; a file whose job is still queued or running is never removed, whatever
 * its age.
 */
export const STAGED_UPLOAD_ORPHAN_AGE_MS = 60 * 60 * 1000;

/** How often each process sweeps the staged uploads (the queue's upkeep, and once at start), in milliseconds. */
export const STAGED_UPLOAD_SWEEP_MS = 60 * 60 * 1000;

/** A job id as `randomUUID` makes them: the only names of staged uploads. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What an import job whose staged upload has gone fails with at once: trying again cannot bring the file back. */
const UPLOAD_GONE_MESSAGE = 'The uploaded file is no longer stored. Please upload it again.';

/**
 * Removes the uploads staged in `storage` that belong to no live job: older than `olderThanMs` (default
 * {@link STAGED_UPLOAD_ORPHAN_AGE_MS}) at `now`, and whose job is missing or ended. They are what a crash left: a
 * process that died after storing the file and before enqueuing its job, or after the job ended and before its
 * `release` ran. Files that are not named after a job are left alone (they are not this service's).
 * @returns the keys removed.
 * @throws what the storage's `list` or the queue's `unended` throw (a storage or database outage); the queue's upkeep
 *   logs it and tries again next round.
 */
export async function sweepStagedUploads(
  storage: Pick<Storage, 'list' | 'delete'>,
  queue: Pick<JobQueue, 'unended'>,
  { olderThanMs = STAGED_UPLOAD_ORPHAN_AGE_MS, now = new Date() }: { olderThanMs?: number; now?: Date } = {},
): Promise<string[]> {
  const staged = (await storage.list(STAGED_UPLOADS_FOLDER))
    .filter((f) => now.getTime() - f.modifiedAt.getTime() >= olderThanMs)
    .map((f) => ({ key: f.key, jobId: f.key.slice(STAGED_UPLOADS_FOLDER.length + 1) }))
    .filter((f) => stagedUploadKey(f.jobId) === f.key && UUID.test(f.jobId));
  if (staged.length === 0) return [];
  const live = await queue.unended(staged.map((f) => f.jobId));
  const removed: string[] = [];
  for (const { key, jobId } of staged) {
    if (live.has(jobId)) continue;
    await storage.delete(key);
    removed.push(key);
  }
  return removed;
}

/**
 * Reading (and cleaning) time per KiB of file used to move an import's bar (progress-over-time.ts), in milliseconds:
 * War and Peace's 3.2 MB of text reads and cleans in about 6-8 s on the two-core reference machine.
 */
const READ_MS_PER_KIB = 2.5;

/** What a completed collection job stores as its result. */
interface CollectionJobResult {
  bookId: string;
  successfulImports: number;
  failedImports: { url: string; message: string }[];
}

/** URLs of a collection fetched and read at the same time (a courtesy to the remote servers and our 2 cores). */
export const COLLECTION_CONCURRENCY = 3;

/**
 * Dependencies of {@link createImportService}.
 * - `fetchFile` downloads a URL under the import rules (net/fetch-url.ts: address check on every hop, limits).
 * - `preferences` says whether the user wants cleanup at import time.
 * - `gutenbergOrigin` is where Project Gutenberg files are fetched from (default {@link GUTENBERG_ORIGIN}).
 */
export interface ImportServiceDeps {
  books: Pick<BookService, 'get' | 'prepareNew'>;
  jobs: Pick<JobRunner, 'importFile' | 'combineTexts'>;
  /** The job queue single imports run on (services/jobs), and the storage an upload waits in for its job. */
  queue: Pick<JobQueue, 'handle' | 'enqueue' | 'waitFor' | 'find' | 'unended' | 'addUpkeep'>;
  storage: Pick<Storage, 'put' | 'get' | 'delete' | 'list'>;
  fetchFile: (url: string) => Promise<FetchedFile>;
  preferences: Pick<PreferencesService, 'autoCleanImports'>;
  gutenbergOrigin?: string;
}

/** Extensions added to a URL's file name from its Content-Type when the name has none (hints the reader). */
const EXTENSION_OF_TYPE: Record<string, string> = {
  'text/html': '.html',
  'application/xhtml+xml': '.xhtml',
  'text/plain': '.txt',
  'text/markdown': '.md',
  'application/epub+zip': '.epub',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'application/pdf': '.pdf',
};

/** The file name of a URL: its last non-empty path segment, decoded, with an extension from `contentType` if missing. */
export function fileNameOfUrl(url: string, contentType: string | null): string {
  const u = new URL(url);
  const segment = u.pathname.split('/').filter((s) => s !== '').pop() ?? '';
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    name = segment;
  }
  name = name || u.hostname;
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  const ext = type ? EXTENSION_OF_TYPE[type] : undefined;
  return path.extname(name) === '' && ext ? name + ext : name;
}

/** A title from a file name: the name without its extension, `_`/`-` read as spaces; `Untitled` when empty. */
export function titleFromFileName(fileName: string): string {
  const base = path.basename(fileName, path.extname(fileName)).replace(/[_]+/g, ' ').trim();
  return boundedTitle(base) || 'Untitled';
}

/**
 * A title or author found in a file (its name, or what its metadata declares) at most `maxChars` long, as a typed
 * one is ({@link TITLE_MAX_CHARS}, {@link FULL_NAME_MAX_CHARS}): trimmed, and cut at the last word boundary before
 * the limit. A 60,000-character file name otherwise became a 60 KB title, and a download header as long (issue 32,
 * point 8).
 */
export function boundedTitle(text: string, maxChars = TITLE_MAX_CHARS): string {
  const trimmed = text.trim();
  if (trimmed.length <= maxChars) return trimmed;
  const cut = trimmed.slice(0, maxChars);
  const space = cut.lastIndexOf(' ');
  return (space > maxChars / 2 ? cut.slice(0, space) : cut).trim();
}

/** Book metadata from what the reader and cleanup found (language defaults to `en`; edition details: `edition-details.ts`). */
function metadataOf(meta: ImportFileOutput['meta']) {
  return {
    language: meta.language ?? 'en',
    ...(meta.description ? { description: meta.description } : {}),
    ...(meta.publicationYear ? { publicationYear: meta.publicationYear } : {}),
    ...(meta.keywords?.length ? { keywords: meta.keywords } : {}),
    ...(meta.subjects?.length ? { categories: meta.subjects } : {}),
    ...editionDetailsOf(meta),
  };
}

/** Runs `fn` on every item with at most `limit` running at once; results in input order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A URL's failure as the collection answer reports it; errors that are bugs on our side are rethrown. */
function failureMessage(err: unknown): string {
  if (isAppError(err) && (err.statusCode < 500 || err.statusCode === 502 || err.statusCode === 504)) return err.message;
  throw err;
}

/** Import operations. */
export function createImportService({ books, jobs, queue, storage, fetchFile, preferences, gutenbergOrigin = GUTENBERG_ORIGIN }: ImportServiceDeps) {
  /**
   * Downloads `url`; a Project Gutenberg book URL is fetched as its plain-text file, or as its HTML edition when
   * Gutenberg has no plain text of it (net/gutenberg.ts).
   */
  async function fetchBook(url: string): Promise<FetchedFile> {
    const candidates = resolveGutenbergUrl(url, gutenbergOrigin) ?? [url];
    for (let i = 0; ; i++) {
      try {
        return await fetchFile(candidates[i]!);
      } catch (err) {
        const fallback = i + 1 < candidates.length && isAppError(err) && err.code === 'UPSTREAM_FAILED';
        if (!fallback) throw err;
      }
    }
  }

  /** Reads (and, when asked, cleans) a file in the worker pool. */
  async function read(file: { bytes: Uint8Array; fileName: string; contentType: string | null }, clean: boolean) {
    if (file.bytes.byteLength > MAX_FILE_BYTES) throw new AppError('FILE_TOO_LARGE');
    return jobs.importFile({
      bytes: file.bytes,
      fileName: file.fileName,
      ...(file.contentType ? { contentType: file.contentType } : {}),
      clean,
      maxTextBytes: MAX_TEXT_BYTES,
    });
  }

  /**
   * The import job (issue 14: imports run as jobs): fetches the URL or takes the staged upload, reads (and, with the
   * user's `autoCleanImports`, cleans) it on the worker threads, and stores the book (its id is the job's: a job makes
   * at most one book) in the transaction that completes the job, so the book is whole or absent. The staged upload
   * stays for the next try until the job has ended (then `releaseImportJob` removes it).
   * @throws AppError `JOB_FAILED` at once (no retry) when the staged upload is no longer stored; the reader's AppErrors.
   */
  async function runImportJob({ job, progress }: JobRunContext): Promise<JobOutcome> {
    const input = job.input as ImportJobInput;
    let file: { bytes: Uint8Array; fileName: string; contentType: string | null };
    if (input.source === 'url') {
      await progress('Fetching the file', 5);
      const fetched = await fetchBook(input.url);
      file = { bytes: fetched.bytes, fileName: fileNameOfUrl(fetched.finalUrl, fetched.contentType), contentType: fetched.contentType };
    } else {
      await progress('Receiving the file', 5);
      const bytes = await storage.get(input.key).catch((err: NodeJS.ErrnoException) => {
        // Gone (swept or removed by hand): each try would fail the same way, so the user is told at once.
        if (err.code === 'ENOENT') throw new AppError('JOB_FAILED', UPLOAD_GONE_MESSAGE, { cause: err });
        throw err;
      });
      file = { bytes, fileName: input.fileName, contentType: input.contentType };
    }
    const clean = await preferences.autoCleanImports(job.userId);
    const out = await progressOverTime(read(file, clean), progress, {
      stage: clean ? 'Reading and cleaning the text' : 'Reading the text',
      fromPercent: 10,
      toPercent: 90,
      estimateMs: Math.max(1_000, (file.bytes.byteLength / 1024) * READ_MS_PER_KIB),
    });
    await progress('Saving the book', 92);
    const prepared = await books.prepareNew(job.userId, {
      title: boundedTitle(out.meta.title ?? '') || titleFromFileName(file.fileName),
      author: boundedTitle(out.meta.author ?? '', FULL_NAME_MAX_CHARS) || UNKNOWN_AUTHOR,
      sourceType: input.source,
      sourceUrl: input.source === 'url' ? input.url : null,
      originalText: out.text,
      cleanedText: out.cleaned?.markdown ?? null,
      cleanReport: out.cleaned?.report ?? null,
      wordCount: out.wordCount,
      metadata: metadataOf(out.meta),
    }, out.assets, job.id);
    return {
      result: { bookId: job.id },
      commit: async (tx) => {
        await prepared.insert(tx);
      },
      discard: prepared.discard,
    };
  }

  /** Removes an ended import job's staged upload (the queue calls it once the job has completed or failed for good). */
  async function releaseImportJob(job: JobRow): Promise<void> {
    const input = job.input as ImportJobInput;
    if (input.source === 'upload') await storage.delete(input.key);
  }
  queue.handle('import', runImportJob, { release: releaseImportJob });
  // Uploads a crash left without a live job (the file stored, the job never enqueued; or the job ended and its process
  // died before the release): swept by every process, at start and then hourly.
  queue.addUpkeep('staged uploads', STAGED_UPLOAD_SWEEP_MS, async () => {
    await sweepStagedUploads(storage, queue);
  });

  /**
   * The collection job (POST /api/books/import-multiple; issue 14: long work runs as jobs): each text is fetched, read
   * and cleaned (at most {@link COLLECTION_CONCURRENCY} at a time) and becomes a part of the book, in the order of
   * `combineMethod` (services/combine-collection.ts). A URL that fails is reported with its reason and the others are
   * still imported; so is a text that would take the book over the 5 MB text limit. The collection is always
   * assembled from cleaned texts (its parts need their chapters), so `originalText` holds the combined Markdown; with
   * `autoCleanImports` on it is also the cleaned text. The texts' images are stored with the book, numbered on through
   * the collection (`images/img-<n>`) as the Markdown refers to them. The book's id is the job's, and it is stored in
   * the transaction that completes the job (whole or absent).
   * @throws AppError `COLLECTION_FAILED` (422, 'Failed to import any books', with each URL's reason) when no text
   *   could be imported: the job fails at once with that message.
   */
  async function runCollectionJob({ job, progress }: JobRunContext): Promise<JobOutcome> {
    // The input was checked against the contract when the job was made; parsing again gives its defaults.
    const body = ImportCollectionBodySchema.parse(job.input);
    const failedImports: { url: string; message: string }[] = [];

    const stage = 'Fetching and cleaning the texts';
    await progress(stage, 2);
    let done = 0;
    const results = await mapLimit(body.urls, COLLECTION_CONCURRENCY, async (url) => {
      try {
        const file = await fetchBook(url);
        const fileName = fileNameOfUrl(file.finalUrl, file.contentType);
        const out = await read({ bytes: file.bytes, fileName, contentType: file.contentType }, true);
        const cleaned = out.cleaned ?? { markdown: out.text, report: null };
        return {
          url,
          title: boundedTitle(out.meta.title ?? '') || titleFromFileName(fileName),
          author: boundedTitle(out.meta.author ?? '', FULL_NAME_MAX_CHARS) || null,
          language: out.meta.language ?? null,
          markdown: cleaned.markdown,
          report: cleaned.report,
          assets: out.assets,
        };
      } catch (err) {
        failedImports.push({ url, message: failureMessage(err) });
        return null;
      } finally {
        done++;
        await progress(stage, Math.round(2 + (83 * done) / body.urls.length)).catch(() => {});
      }
    });

    // The whole book keeps to the text limit (accounts spec section 9) and to the image limit
    // (services/asset-paths.ts): texts that would overflow either are left out.
    const texts = [];
    let bytes = 0;
    let imageBytes = 0;
    for (const text of orderTexts(results.filter((r) => r !== null), body.combineMethod)) {
      const size = Buffer.byteLength(text.markdown, 'utf8') + Buffer.byteLength(text.title, 'utf8') + 32;
      const images = assetBytes(text.assets);
      if (bytes + size > MAX_TEXT_BYTES || imageBytes + images > MAX_BOOK_ASSET_BYTES) {
        const code = bytes + size > MAX_TEXT_BYTES ? 'TEXT_TOO_LARGE' : 'ARCHIVE_TOO_LARGE';
        const message = code === 'TEXT_TOO_LARGE' ? new AppError(code).message : 'The images of this text are too large.';
        failedImports.push({ url: text.url, message: `${message} (the collection as a whole)` });
        continue;
      }
      bytes += size;
      imageBytes += images;
      texts.push(text);
    }
    // Report failures in the order the URLs were given.
    failedImports.sort((a, b) => body.urls.indexOf(a.url) - body.urls.indexOf(b.url));
    if (texts.length === 0) {
      const reasons = failedImports.map((f) => `${f.url}: ${f.message}`).join(' ');
      throw new AppError('COLLECTION_FAILED', `Failed to import any books. ${reasons}`.trim());
    }

    const author = collectionAuthor(body.collectionAuthor, texts);
    const languages = new Set(texts.map((t) => t.language ?? 'en'));
    const language = languages.size === 1 ? [...languages][0]! : 'en';
    // Each text numbers its images from 1: they are numbered on through the collection (asset-paths.ts).
    const renames = collectionAssetRenames(texts.map((t) => t.assets.map((a) => a.path)));
    const assets = texts.flatMap((t, i) => t.assets.map((a) => ({ ...a, path: renames[i]!.get(a.path) ?? a.path })));
    await progress('Combining the texts', 88);
    const combined = await jobs.combineTexts({
      texts: texts.map(({ title, author: a, markdown }, i) => ({ title, author: a, markdown, imageRenames: renames[i]! })),
      reports: texts.map((t) => t.report),
      meta: { title: body.collectionTitle, author, language },
    });
    const clean = await preferences.autoCleanImports(job.userId);
    await progress('Saving the book', 95);
    const prepared = await books.prepareNew(
      job.userId,
      {
        title: body.collectionTitle,
        author,
        sourceType: 'collection',
        sourceUrl: null,
        originalText: combined.markdown,
        cleanedText: clean ? combined.markdown : null,
        cleanReport: clean ? combined.report : null,
        wordCount: combined.wordCount,
        metadata: { language },
      },
      assets,
      job.id,
    );
    const result: CollectionJobResult = { bookId: job.id, successfulImports: texts.length, failedImports };
    return { result: { ...result }, commit: async (tx) => void (await prepared.insert(tx)), discard: prepared.discard };
  }
  queue.handle('collection', runCollectionJob);

  /**
   * Waits for the import job `jobId` and answers its book, or its failure as the AppError the request answers with.
   * `signal` stops the waiting, never the job: a request that ends early leaves the job (and its staged upload) to run.
   */
  async function waitForImport(userId: string, jobId: string, input: ImportJobInput, signal?: AbortSignal): Promise<Book> {
    const row: JobRow = await queue.waitFor(jobId, signal);
    // The job has ended and its release removes the upload; removing it here too (a second delete is a no-op) means
    // the answer never comes before the file has gone, whichever process ran the job.
    if (input.source === 'upload') await storage.delete(input.key).catch(() => {});
    return books.get(userId, resultOfJob<{ bookId: string }>(row).bookId);
  }

  return {
    /**
     * Imports the book at `url` (POST /api/import with `{ url }`), as an import job; `signal` stops the waiting, not
     * the job.
     * @throws AppError from fetchUrl (403 private address, 413, 502, 504), `UNSUPPORTED_FORMAT` (415),
     *   `ARCHIVE_TOO_LARGE` / `TEXT_TOO_LARGE` (413), `UNREADABLE_INPUT` (422); `JOB_FAILED` / `SHUTTING_DOWN` (503).
     */
    async importFromUrl(userId: string, url: string, signal?: AbortSignal): Promise<Book> {
      const input: ImportJobInput = { source: 'url', url };
      const jobId = await queue.enqueue({ kind: 'import', userId, bookId: null, input: { ...input } });
      return waitForImport(userId, jobId, input, signal);
    },

    /**
     * Imports an uploaded file (POST /api/import, multipart field `file`; `bytes` at most 10 MB), as an import job:
     * the file is staged in the storage under {@link stagedUploadKey} of the job's id for whichever worker takes the
     * job, and is the job's from then on (see the module header). `signal` stops the waiting, not the job, and leaves
     * the file: the job still makes the book, which the web finds again (GET /api/import-jobs).
     * @throws AppError `FILE_TOO_LARGE`, `ARCHIVE_TOO_LARGE`, `TEXT_TOO_LARGE` (413), `UNSUPPORTED_FORMAT` (415),
     *   `UNREADABLE_INPUT` (422); `JOB_FAILED` / `SHUTTING_DOWN` (503); the signal's reason; a storage or database
     *   error when the file could not be staged or the job not made (then nothing is left behind).
     */
    async importFromUpload(userId: string, file: { bytes: Uint8Array; fileName: string; contentType?: string | null }, signal?: AbortSignal): Promise<Book> {
      if (file.bytes.byteLength > MAX_FILE_BYTES) throw new AppError('FILE_TOO_LARGE');
      const id = randomUUID();
      const key = stagedUploadKey(id);
      const input: ImportJobInput = { source: 'upload', key, fileName: file.fileName || 'upload.txt', contentType: file.contentType ?? null };
      await storage.put(key, file.bytes);
      try {
        await queue.enqueue({ id, kind: 'import', userId, bookId: null, input: { ...input } });
      } catch (err) {
        // Never enqueued: the file is nobody's, so it goes now. Unless the job exists after all (the enqueue failed
        // after its commit): then it is the job's. When even that cannot be read, the upkeep sweep decides later.
        const job = await queue.find(userId, id).catch(() => undefined);
        if (job === null) await storage.delete(key).catch(() => {});
        throw err;
      }
      return waitForImport(userId, id, input, signal);
    },

    /**
     * Imports 2-10 URLs as one book (POST /api/books/import-multiple), as a collection job (see `runCollectionJob`);
     * `signal` stops the waiting, not the job.
     * @throws AppError `VALIDATION` (400) for a body outside the contract; `COLLECTION_FAILED` (422, 'Failed to
     *   import any books', with each URL's reason) when no text could be imported; `JOB_FAILED` / `SHUTTING_DOWN` (503).
     */
    async importCollection(userId: string, input: ImportCollectionBody, signal?: AbortSignal): Promise<ImportCollectionResponse> {
      const parsed = ImportCollectionBodySchema.safeParse(input);
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
      const { bookId, successfulImports, failedImports } = await runJob<CollectionJobResult>(
        queue,
        { kind: 'collection', userId, bookId: null, input: { ...parsed.data } },
        signal,
      );
      const book = await books.get(userId, bookId);
      return { book: { id: book.id, title: book.title }, successfulImports, failedImports };
    },
  };
}

/** The service's type. */
export type ImportService = ReturnType<typeof createImportService>;
