/**
 * File storage behind a small interface (DESIGN.md section 3, "Files"): exports live under
 * `$QUIRE_DATA_DIR/files` on disk; at scale the same interface points at S3-compatible object storage.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where files are kept. Keys are relative, `/`-separated paths such as `exports/<bookId>/<exportId>.pdf` or
 * `books/<bookId>/images/img-1.png`.
 */
export interface Storage {
  /**
   * Writes `bytes` under `key`, replacing any earlier file. A reader sees the earlier file or the whole new one, never
   * a part (issue 14, "Faults": written to a temporary name, flushed to disk, then renamed).
   */
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

/**
 * The name prefix of a file being written ({@link createLocalStorage} `put`): no key the app makes starts with it, so
 * the startup sweep ({@link sweepTemporaryFiles}) can tell a write a crash cut short from a stored file.
 */
export const TEMPORARY_FILE_PREFIX = '.quire-tmp-';

/** Writes `bytes` to `file` through a temporary file beside it, flushed (fsync) before it takes the file's name. */
async function writeWhole(file: string, bytes: Uint8Array): Promise<void> {
  const temporary = path.join(path.dirname(file), `${TEMPORARY_FILE_PREFIX}${randomUUID()}`);
  try {
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (err) {
    await rm(temporary, { force: true });
    throw err;
  }
}

/**
 * Removes the temporary files under `rootDir` older than `olderThanMs` milliseconds: writes a crash (a `kill -9`, a
 * power cut) left half done. Younger ones may belong to another process writing to the same storage now.
 * @returns how many files were removed; 0 when `rootDir` does not exist yet.
 */
export async function sweepTemporaryFiles(rootDir: string, olderThanMs: number, now: Date = new Date()): Promise<number> {
  const entries = await readdir(rootDir, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.startsWith(TEMPORARY_FILE_PREFIX)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Number.POSITIVE_INFINITY }));
    if (now.getTime() - mtimeMs < olderThanMs) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/** A {@link Storage} on the local disk under `rootDir` (created on first write). */
export function createLocalStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);
  const fileOf = (key: string) => path.join(root, ...checkKey(key));
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeWhole(file, bytes);
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
