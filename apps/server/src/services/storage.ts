/**
 * File storage behind a small interface (DESIGN.md section 3, "Files"): exports live under
 * `$QUIRE_DATA_DIR/files` on disk; at scale the same interface points at S3-compatible object storage.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where files are kept. Keys are relative, `/`-separated paths such as `exports/<bookId>/<exportId>.pdf` or
 * `books/<bookId>/images/img-1.png`.
 */
export interface Storage {
  /** Writes `bytes` under `key`, replacing any earlier file. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes stored under `key`. @throws an ENOENT error when there is none. */
  get(key: string): Promise<Uint8Array>;
  /** Removes the file under `key`; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /**
   * Removes the folder `prefix` (e.g. `books/<bookId>`) and every file under it; nothing happens when there is none.
   * Used when an account is deleted, so files no row records (left by a failed cleanup) go as well.
   */
  deleteFolder(prefix: string): Promise<void>;
}

/** Key segments: letters, digits, `.`, `_`, `-`; no empty, `.` or `..` segment. */
const SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._-]+$/;

/** @throws Error when `key` could escape the storage root or has unexpected characters. */
function checkKey(key: string): string[] {
  const parts = key.split('/');
  if (parts.length === 0 || !parts.every((p) => SEGMENT.test(p))) throw new Error(`Invalid storage key: ${key}`);
  return parts;
}

/** A {@link Storage} on the local disk under `rootDir` (created on first write). */
export function createLocalStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);
  const fileOf = (key: string) => path.join(root, ...checkKey(key));
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async get(key) {
      return new Uint8Array(await readFile(fileOf(key)));
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async deleteFolder(prefix) {
      await rm(fileOf(prefix), { recursive: true, force: true });
    },
  };
}
