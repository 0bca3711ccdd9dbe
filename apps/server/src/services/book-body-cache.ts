/**
 * The answers of GET /api/books/:id kept in memory, encoded: the JSON bytes of a book and, made the first time a
 * client asks for them, their Brotli and gzip forms. A book's answer is most of what the API sends (a novel's three
 * texts: megabytes), and the same book is read again and again while its owner works on it; serialising and
 * compressing it once per revision instead of once per read is what lets one process serve thousands of reads a
 * second (issue 14, "Load").
 *
 * Safe across processes: an entry is keyed by the book's id and its `revision` (db/schema/books.ts), which the
 * database raises on every update, and each read asks the database for the revision first. What is cached is only
 * derived from the row; no process ever answers a revision it did not read.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** The content codings a body is kept in (RFC 9110 section 8.4.1), in the server's order of preference. */
export const BODY_ENCODINGS = ['br', 'gzip', 'identity'] as const;

/** One of {@link BODY_ENCODINGS}. */
export type BodyEncoding = (typeof BODY_ENCODINGS)[number];

/**
 * Brotli quality 4, as the compression plugin uses: War and Peace's answer (10.5 MB of JSON, three near-same texts)
 * to 1.1 MB in about 0.1 s on the thread pool; quality 5 saves 2 % more in twice the time.
 */
const BROTLI_QUALITY = 4;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * What the compressed forms take together, as a share of the JSON's size, counted up front in an entry's size (lru-cache
 * fixes a size when it keeps a value): gzip makes War and Peace's answer 35 %, Brotli 11 %; 0.5 leaves room.
 */
const COMPRESSED_SHARE = 0.5;

/** A book's answer: its JSON bytes and the compressed forms made so far (each compressed once, on the thread pool). */
class EncodedBody {
  readonly #compressed = new Map<Exclude<BodyEncoding, 'identity'>, Promise<Buffer>>();

  constructor(readonly json: Buffer) {}

  /** Its JSON made from `value` (the book as the API answers it). */
  static of(value: unknown): EncodedBody {
    return new EncodedBody(Buffer.from(JSON.stringify(value)));
  }

  /** The body in `encoding`. Compression runs on libuv's thread pool, never on the event loop. */
  in(encoding: BodyEncoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(this.json);
    let made = this.#compressed.get(encoding);
    if (!made) {
      made =
        encoding === 'br'
          ? brotli(this.json, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.json.length,
              },
            })
          : gzipAsync(this.json);
      // A failed compression is not kept: the next read tries again.
      made.catch(() => this.#compressed.delete(encoding));
      this.#compressed.set(encoding, made);
    }
    return made;
  }
}

/** Limits of a {@link BookBodyCache}. */
export interface BookBodyCacheOptions {
  /**
   * Most bytes kept, JSON and compressed forms together (default 64 MiB); the least recently read go first. One answer
   * may take half: a book at the text limit (three texts of 5 MiB, contracts MAX_TEXT_BYTES) is about 22 MiB counted.
   */
  maxBytes?: number;
}

/** Book answers by `bookId@revision`, least recently used first out. */
export class BookBodyCache {
  readonly #entries: LRUCache<string, EncodedBody, () => Promise<unknown>>;

  constructor(options: BookBodyCacheOptions = {}) {
    const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.#entries = new LRUCache<string, EncodedBody, () => Promise<unknown>>({
      maxSize: maxBytes,
      // A bigger answer is made for each read and not kept.
      maxEntrySize: Math.floor(maxBytes / 2),
      sizeCalculation: (body) => Math.max(1, Math.ceil(body.json.length * (1 + COMPRESSED_SHARE))),
      // Concurrent reads of a book that is not kept yet share one load and one serialisation (lru-cache `fetch`).
      fetchMethod: async (_key, _stale, { context }) => EncodedBody.of(await context()),
    });
  }

  /**
   * The answer of revision `revision` of book `bookId` in `encoding`: kept, or made from what `load` resolves (the
   * book as the API answers it, already checked against its schema) and kept.
   * @throws whatever `load` throws (nothing is kept then); zlib errors.
   */
  async body(bookId: string, revision: number, encoding: BodyEncoding, load: () => Promise<unknown>): Promise<Buffer> {
    const key = `${bookId}@${revision}`;
    const entry = await this.#entries.fetch(key, { context: load });
    // `fetch` answers undefined only when a fetch is aborted, which this cache never does.
    return (entry ?? EncodedBody.of(await load())).in(encoding);
  }

  /** How many answers are kept (tests). */
  get size(): number {
    return this.#entries.size;
  }
}
