/**
 * The images of a book (issue 3, "Import"): their files under `$QUIRE_DATA_DIR/files/books/<bookId>/images/<name>`
 * (through the storage interface) and their rows in `book_assets`. The book service writes them when it creates a
 * book (files first, then the rows in the book's own transaction, files removed again when that fails); the export
 * service reads them for the writers; GET /api/books/:id/images/:name serves one to the web's previews.
 * Callers check that the book is the caller's before asking for its images.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bookAssets, type BookAssetRow } from '../db/schema/index.ts';
import {
  assetNameOf,
  assetPathOf,
  assetStorageKey,
  checkAssets,
  isAssetMediaType,
  isSafeAssetName,
  type AssetFile,
  type AssetMediaType,
} from './asset-paths.ts';
import type { Storage, StoredFileStream } from './storage.ts';

/** Dependencies of {@link createBookAssetService}. */
export interface BookAssetServiceDeps {
  db: Db;
  storage: Storage;
}

/** A row to insert into `book_assets`, for a book not yet inserted. */
export type NewBookAssetRow = typeof bookAssets.$inferInsert;

/** Files written for a book that is about to be inserted: the rows to insert with it, and how to take the files back. */
export interface WrittenAssets {
  rows: NewBookAssetRow[];
  /** Removes the written files (when the book could not be stored). Never throws. */
  remove(): Promise<void>;
}

/** One image to serve: its bytes as a stream (storage.ts `getStream`), their count and its media type. */
export interface AssetContent extends StoredFileStream {
  mediaType: string;
}

/** Image operations. */
export function createBookAssetService({ db, storage }: BookAssetServiceDeps) {
  /** Removes the files under `keys`, ignoring failures (a leftover file is harmless, a thrown cleanup hides the cause). */
  async function removeFiles(keys: readonly string[]): Promise<void> {
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
  }

  /** The `book_assets` rows of a book, in path order. */
  async function list(bookId: string): Promise<BookAssetRow[]> {
    const rows = await db.select().from(bookAssets).where(eq(bookAssets.bookId, bookId));
    return rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  return {
    list,

    /**
     * Checks (asset-paths.ts `checkAssets`) and writes the images of the book `bookId` before its row exists.
     * When a write fails, the files already written are removed and the error is rethrown.
     * @param assets the engine's images, paths `images/<name>`.
     * @throws AppError `INTERNAL` for an unsafe name or type, `ARCHIVE_TOO_LARGE` (413) over the limits; storage errors.
     */
    async write(bookId: string, assets: readonly AssetFile[]): Promise<WrittenAssets> {
      checkAssets(assets);
      const written: string[] = [];
      const rows: NewBookAssetRow[] = [];
      try {
        for (const asset of assets) {
          const key = assetStorageKey(bookId, assetNameOf(asset.path)!);
          await storage.put(key, asset.bytes);
          written.push(key);
          rows.push({ bookId, path: asset.path, mediaType: asset.mediaType, byteSize: asset.bytes.byteLength, storageKey: key });
        }
      } catch (err) {
        await removeFiles(written);
        throw err;
      }
      return { rows, remove: () => removeFiles(written) };
    },

    /**
     * One image of a book by file name (`img-1.png`), opened as a stream for answering it, or null when the name is
     * not delete-safe, the book has no such image, or its file is gone.
     * @throws the storage's error other than a missing file.
     */
    async open(bookId: string, name: string): Promise<AssetContent | null> {
      if (!isSafeAssetName(name)) return null;
      const [row] = await db
        .select()
        .from(bookAssets)
        .where(and(eq(bookAssets.bookId, bookId), eq(bookAssets.path, assetPathOf(name))))
        .limit(1);
      if (!row) return null;
      try {
        return { ...(await storage.getStream(row.storageKey)), mediaType: row.mediaType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },

    /**
     * The images `markdown` refers to, with their bytes, for the export writers (engine `parseMarkdown`'s `assets`).
     * Images the text no longer mentions (the user removed them) are not read. Each `bytes` owns its buffer, so
     * the job runner can transfer it to a worker thread.
     * @throws the storage's error when a recorded file is missing (the export then fails as a 500, logged).
     */
    async forExport(bookId: string, markdown: string): Promise<(AssetFile & { mediaType: AssetMediaType })[]> {
      const rows = (await list(bookId)).filter((row) => markdown.includes(row.path));
      return Promise.all(
        rows.flatMap(({ path, mediaType, storageKey }) =>
          isAssetMediaType(mediaType) ? [storage.get(storageKey).then((bytes) => ({ path, mediaType, bytes }))] : [],
        ),
      );
    },
  };
}

/** The service's type. */
export type BookAssetService = ReturnType<typeof createBookAssetService>;
