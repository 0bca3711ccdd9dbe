/**
 * File storage behind a small interface (DESIGN.md section 3, "Files"): files live under `$QUIRE_DATA_DIR/files` on
 * disk ({@link createLocalStorage}), or in a bucket of S3 or an S3-compatible service ({@link createS3Storage}, issue 14)
 * when `S3_BUCKET` is set.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';

/** A stored file opened for reading: its bytes as a stream, and how many there are. */
export interface StoredFileStream {
  /** The file's bytes; read it to the end or destroy it (an unread stream holds a file handle or a connection). */
  stream: Readable;
  sizeBytes: number;
}

/**
 * Where files are kept. Keys are relative, `/`-separated paths such as `exports/<bookId>/<exportId>.pdf` or
 * `books/<bookId>/images/img-1.png`.
 */
export interface Storage {
  /**
   * Writes `bytes` under `key`, replacing any earlier file. A reader sees the earlier file or the whole new one, never
   * a part (issue 14, "Faults": written to a temporary name, flushed to disk, then renamed; an S3 object is replaced
   * whole by the service).
   */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes stored under `key`, all in memory: for small files. @throws an ENOENT error when there is none. */
  get(key: string): Promise<Uint8Array>;
  /**
   * The file under `key` as a stream, for answering a download without holding the file in memory (issue 14:
   * "Downloads of large files stream"). The stream reads one version of the file even when it is replaced meanwhile.
   * @throws an ENOENT error when there is none (as {@link Storage.get}), before any byte is read.
   */
  getStream(key: string): Promise<StoredFileStream>;
  /** Removes the file under `key`; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /**
   * Removes the folder `prefix` (e.g. `books/<bookId>`) and every file under it; nothing happens when there is none.
   * Used when an account is deleted, so files no row records (left by a failed cleanup) go as well.
   */
  deleteFolder(prefix: string): Promise<void>;
  /**
   * The files under the folder `prefix` (at any depth), with their sizes and when each was last written, in no set
   * order; empty when there is none. A write not yet finished is not listed.
   */
  list(prefix: string): Promise<StoredFileInfo[]>;
}

/** A stored file as {@link Storage.list} answers it. */
export interface StoredFileInfo {
  key: string;
  sizeBytes: number;
  modifiedAt: Date;
}

/** Key segments: letters, digits, `.`, `_`, `-`; no empty, `.` or `..` segment. */
const SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._-]+$/;

/** @throws Error when `key` could escape the storage root or has unexpected characters. */
function checkKey(key: string): string[] {
  const parts = key.split('/');
  if (parts.length === 0 || !parts.every((p) => SEGMENT.test(p))) throw new Error(`Invalid storage key: ${key}`);
  return parts;
}

/** The error {@link Storage.get} and {@link Storage.getStream} throw for a missing file: `code` is `ENOENT`, as the disk's. */
function missingFile(key: string, cause?: unknown): NodeJS.ErrnoException {
  return Object.assign(new Error(`No file is stored under ${key}`, { cause }), { code: 'ENOENT' });
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
    async getStream(key) {
      // The open handle keeps reading the file it opened when a `put` renames a new one over it.
      const handle = await open(fileOf(key), 'r');
      try {
        const info = await handle.stat();
        if (!info.isFile()) throw Object.assign(new Error(`Not a file: ${key}`), { code: 'EISDIR' });
        return { stream: handle.createReadStream(), sizeBytes: info.size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async deleteFolder(prefix) {
      await rm(fileOf(prefix), { recursive: true, force: true });
    },
    async list(prefix) {
      const folder = fileOf(prefix);
      const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return [];
        throw err;
      });
      const files: StoredFileInfo[] = [];
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.startsWith(TEMPORARY_FILE_PREFIX)) continue;
        const file = path.join(entry.parentPath, entry.name);
        // A file removed since the listing is simply not listed.
        const info = await stat(file).catch(() => null);
        if (!info) continue;
        const key = path.relative(root, file).split(path.sep).join('/');
        files.push({ key, sizeBytes: info.size, modifiedAt: info.mtime });
      }
      return files;
    },
  };
}

/** Where {@link createS3Storage} keeps the files (config.ts `s3`, from the `S3_*` variables). */
export interface S3StorageSettings {
  /** Address of an S3-compatible service (MinIO, Ceph, R2, ...); unset for AWS S3 itself. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Address the bucket as `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>`. */
  forcePathStyle: boolean;
  /** A folder of the bucket the keys go under (`quire` keeps `quire/exports/...`); unset: the bucket's top. */
  prefix?: string | undefined;
}

/** An S3 {@link Storage}, and how to release its connections. */
export interface S3Storage extends Storage {
  /** Closes the client's idle connections (the app's `onClose`). */
  destroy(): void;
}

/**
 * True when an S3 error says the object does not exist. A missing bucket is a 404 too, but a configuration error
 * that must not pass for a missing file.
 */
function isNoSuchKey(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || (e?.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket');
}

/** The Node stream of a GetObject body (the SDK answers a Node `Readable` on Node; a web stream is converted). */
function nodeStreamOf(body: GetObjectCommandOutput['Body']): Readable {
  if (body instanceof Readable) return body;
  if (body && 'getReader' in body) return Readable.fromWeb(body as WebReadableStream);
  throw new Error('The S3 service answered an object without a readable body');
}

/** Keys ListObjectsV2 answers per page and DeleteObjects takes per call, at most (S3's limit for both). */
const S3_PAGE = 1000;

/**
 * A {@link Storage} in an S3 bucket (issue 14), through `@aws-sdk/client-s3`: keys are checked as on disk and become
 * object keys under `prefix`. A folder is every object whose key starts with `<folder>/`; `deleteFolder` lists them
 * page by page (ListObjectsV2) and deletes each page in one call (DeleteObjects). With an `endpoint` (an
 * S3-compatible service) checksums are sent only where S3 requires them, since not every such service knows the
 * newer checksum headers.
 */
export function createS3Storage(settings: S3StorageSettings): S3Storage {
  const { bucket } = settings;
  const base = settings.prefix ? checkKey(settings.prefix.replace(/^\/+|\/+$/g, '')) : [];
  const objectKey = (key: string) => [...base, ...checkKey(key)].join('/');
  const client = new S3Client({
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint
      ? { endpoint: settings.endpoint, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
    // A service that does not answer the connection fails the request instead of hanging it. No socket timeout: a
    // download to a slow client pauses the object's stream for as long as the client takes.
    requestHandler: { connectionTimeout: 10_000 },
  });

  /** GetObject of `key`. @throws an ENOENT error when there is no such object. */
  async function getObject(key: string): Promise<GetObjectCommandOutput> {
    const Key = objectKey(key);
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
    } catch (err) {
      if (isNoSuchKey(err)) throw missingFile(key, err);
      throw err;
    }
  }

  return {
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: bytes, ContentLength: bytes.byteLength }));
    },
    async get(key) {
      const object = await getObject(key);
      if (!object.Body) throw new Error(`The S3 service answered ${key} without a body`);
      return object.Body.transformToByteArray();
    },
    async getStream(key) {
      const object = await getObject(key);
      const stream = nodeStreamOf(object.Body);
      if (object.ContentLength === undefined) {
        stream.destroy();
        throw new Error(`The S3 service answered ${key} without its length`);
      }
      return { stream, sizeBytes: object.ContentLength };
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async deleteFolder(prefix) {
      const folder = objectKey(prefix);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: `${folder}/`, MaxKeys: S3_PAGE, ContinuationToken }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length > 0) {
          const result = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
          const failed = result.Errors ?? [];
          if (failed.length > 0) {
            const first = failed[0]!;
            throw new Error(`Could not delete ${failed.length} file(s) under ${prefix}: ${first.Key}: ${first.Code} ${first.Message ?? ''}`.trim());
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      // A file stored under the folder's own name goes too, as on disk.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: folder }));
    },
    async list(prefix) {
      const folder = `${objectKey(prefix)}/`;
      const strip = base.length > 0 ? base.join('/').length + 1 : 0;
      const files: StoredFileInfo[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: folder, MaxKeys: S3_PAGE, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          files.push({ key: object.Key.slice(strip), sizeBytes: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return files;
    },
    destroy() {
      client.destroy();
    },
  };
}
