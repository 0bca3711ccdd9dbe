/**
 * Typeset PDFs kept in memory for a while, by the key of what was typeset (workers/tasks.ts `typstKey`: a
 * SHA-256 of the Typst source and the images). Formatting a book sets it whole to count its pages; the next PDF
 * export of the unchanged book and the whole-book preview use that PDF instead of typesetting it again
 * (War and Peace: 15 s). Safe by construction: a key names exactly what the compiler read.
 */

/** A typeset PDF and its page count. */
export interface CachedPdf {
  pdf: Uint8Array;
  pageCount: number;
}

/** Limits of a {@link PdfCache}. */
export interface PdfCacheOptions {
  /** Most bytes of PDF kept (default 256 MiB); the least recently used go first. */
  maxBytes?: number;
  /** How long an entry lives after its last use, ms (default 30 minutes). */
  ttlMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

/** An LRU of PDFs bounded by bytes and age. */
export class PdfCache {
  readonly #entries = new Map<string, CachedPdf & { usedAt: number }>();
  readonly #maxBytes: number;
  readonly #ttlMs: number;
  readonly #now: () => number;
  #bytes = 0;

  constructor(options: PdfCacheOptions = {}) {
    this.#maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
    this.#ttlMs = options.ttlMs ?? 30 * 60 * 1000;
    this.#now = options.now ?? Date.now;
  }

  /** The PDF typeset from `key`, or undefined; a hit makes it the most recently used. */
  get(key: string): CachedPdf | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#now() - entry.usedAt > this.#ttlMs) {
      this.#remove(key);
      return undefined;
    }
    this.#entries.delete(key);
    entry.usedAt = this.#now();
    this.#entries.set(key, entry);
    return { pdf: entry.pdf, pageCount: entry.pageCount };
  }

  /** Keeps a PDF under `key` (a PDF larger than the whole cache is not kept). */
  set(key: string, value: CachedPdf): void {
    this.#remove(key);
    if (value.pdf.byteLength > this.#maxBytes) return;
    this.#entries.set(key, { ...value, usedAt: this.#now() });
    this.#bytes += value.pdf.byteLength;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes && this.#now() - entry.usedAt <= this.#ttlMs) break;
      this.#remove(oldest);
    }
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= entry.pdf.byteLength;
    this.#entries.delete(key);
  }
}
