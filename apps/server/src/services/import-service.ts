/**
 * Importing a book from a URL or an uploaded file (accounts spec sections 2 "Import Books panel", 5, 7, 9):
 * the file is read in the worker pool (engine `readText`: encoding, Gutenberg or OPF metadata), the text limit
 * is enforced, and the book is stored with status `imported`. Nothing is stored when any step fails.
 */
import path from 'node:path';
import { MAX_FILE_BYTES, MAX_TEXT_BYTES, type Book } from '@quire/contracts';
import { AppError } from '../errors.ts';
import type { FetchedFile } from '../net/fetch-url.ts';
import type { JobRunner } from '../workers/pool.ts';
import type { BookService } from './book-service.ts';

/** Author shown when neither the source nor the file says who wrote the book. */
export const UNKNOWN_AUTHOR = 'Unknown Author';

/** Dependencies of {@link createImportService}. `fetchFile` downloads a URL under the import rules (net/fetch-url.ts). */
export interface ImportServiceDeps {
  books: Pick<BookService, 'create'>;
  jobs: Pick<JobRunner, 'readBook'>;
  fetchFile: (url: string) => Promise<FetchedFile>;
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
  return base || 'Untitled';
}

/** Import operations. */
export function createImportService({ books, jobs, fetchFile }: ImportServiceDeps) {
  /** Reads `bytes`, checks the text limit and stores the book. */
  async function store(
    userId: string,
    bytes: Uint8Array,
    fileName: string,
    source: { sourceType: 'url' | 'upload'; sourceUrl: string | null },
  ): Promise<Book> {
    if (bytes.byteLength > MAX_FILE_BYTES) throw new AppError('FILE_TOO_LARGE');
    const read = await jobs.readBook(bytes, fileName);
    if (read.textBytes > MAX_TEXT_BYTES) throw new AppError('TEXT_TOO_LARGE');
    const title = read.meta.title?.trim() || titleFromFileName(fileName);
    const author = read.meta.author?.trim() || UNKNOWN_AUTHOR;
    return books.create(userId, {
      title,
      author,
      ...source,
      originalText: read.text,
      wordCount: read.wordCount,
      metadata: {
        language: read.meta.language ?? 'en',
        ...(read.meta.description ? { description: read.meta.description } : {}),
        ...(read.meta.publicationYear ? { publicationYear: read.meta.publicationYear } : {}),
        ...(read.meta.keywords?.length ? { keywords: read.meta.keywords } : {}),
        ...(read.meta.subjects?.length ? { categories: read.meta.subjects } : {}),
      },
    });
  }

  return {
    /**
     * Imports the book at `url` (POST /api/import with `{ url }`).
     * @throws AppError from fetchUrl (403 private address, 413, 502, 504), `UNREADABLE_INPUT` (422), `TEXT_TOO_LARGE` (413).
     */
    async importFromUrl(userId: string, url: string): Promise<Book> {
      const file = await fetchFile(url);
      return store(userId, file.bytes, fileNameOfUrl(file.finalUrl, file.contentType), {
        sourceType: 'url',
        sourceUrl: url,
      });
    },

    /**
     * Imports an uploaded file (POST /api/import, multipart field `file`).
     * @throws AppError `FILE_TOO_LARGE`, `TEXT_TOO_LARGE` (413), `UNREADABLE_INPUT` (422).
     */
    async importFromUpload(userId: string, file: { bytes: Uint8Array; fileName: string }): Promise<Book> {
      return store(userId, file.bytes, file.fileName || 'upload.txt', { sourceType: 'upload', sourceUrl: null });
    },
  };
}

/** The service's type. */
export type ImportService = ReturnType<typeof createImportService>;
