/**
 * Image files of an imported book: every reader hands the bytes of an image it meets to one
 * {@link ImageCollector}, which decides what the book keeps.
 *
 * Safety, because every file comes from a stranger:
 * - only PNG, JPEG, GIF and WebP are kept, checked by magic bytes and a readable header
 *   (`model/image-bytes.ts`); SVG never (it can carry scripts), nor a file whose name or declared type
 *   says image but whose bytes do not;
 * - the book's own file names are never used: images are named `images/img-<n>.<ext>` in the order met;
 * - an image of more than 50 megapixels (`MAX_IMAGE_PIXELS`, judged from its header before anything decodes
 *   it: issue 32, an image bomb) is refused, its caption kept;
 * - at most 500 images, 64 MiB of image bytes and 400 megapixels (from the headers) per book; past any limit an
 *   image keeps only its caption and is counted as dropped. The pixels bound the decoding an import may cause (a
 *   picture larger than print needs is decoded to be scaled down): an upload of highly compressed large pictures
 *   would otherwise hold a reading thread for minutes;
 * - remote images (`http:`) are never fetched: only bytes inside the uploaded file are read.
 */
import type { BookAsset } from '../model/book-document.ts';
import { IMAGE_EXTENSIONS, MAX_IMAGE_PIXELS, imageDimensions, sniffImageType } from '../model/image-bytes.ts';
import type { Report } from './html/dom.ts';

/** Limits of {@link ImageCollector}: count of images and total bytes per book, pixels per image. */
export interface ImageLimits {
  maxImages: number;
  maxTotalBytes: number;
  /** Most pixels (width x height, from the header) of one image; default {@link MAX_IMAGE_PIXELS}. */
  maxPixels?: number;
  /** Most pixels of all the book's images together; default {@link MAX_BOOK_PIXELS}. */
  maxTotalPixels?: number;
}

/**
 * Most pixels of a book's images together, from their headers: 400 megapixels, eight pictures at the limit of one,
 * 44 at the largest page's 300 dpi (2550 x 3507 px). A 10 MB upload of photographs or scans holds far fewer.
 */
export const MAX_BOOK_PIXELS = 400_000_000;

/** 500 images, 64 MiB and 400 megapixels in all per book, 50 megapixels an image. */
export const DEFAULT_IMAGE_LIMITS: Readonly<ImageLimits> = {
  maxImages: 500,
  maxTotalBytes: 64 * 1024 * 1024,
  maxPixels: MAX_IMAGE_PIXELS,
  maxTotalPixels: MAX_BOOK_PIXELS,
};

/** Report lines of the image readers (id, label the Clean tab shows). */
export const IMAGE_REPORT = {
  imported: { id: 'imagesImported', label: 'Images imported' },
  refused: { id: 'imagesRefused', label: 'Images refused (not a PNG, JPEG, GIF or WebP file): captions kept' },
  dropped: { id: 'imagesDropped', label: 'Images dropped over the limit of 500 images, 64 MiB or 400 megapixels per book: captions kept' },
  tooLarge: { id: 'imagesTooLarge', label: 'Images refused over 50 megapixels: captions kept' },
} as const;

/**
 * Collects a book's images. `add` returns the asset path a figure should reference, or undefined when the
 * image is not kept (see the module comment); the same `key` (an archive path) gives the same asset.
 */
export class ImageCollector {
  readonly #limits: ImageLimits;
  readonly #assets: BookAsset[] = [];
  readonly #byKey = new Map<string, string | undefined>();
  #totalBytes = 0;
  #totalPixels = 0;
  #refused = 0;
  #dropped = 0;
  #tooLarge = 0;

  constructor(limits: Readonly<ImageLimits> = DEFAULT_IMAGE_LIMITS) {
    this.#limits = { ...limits };
  }

  /**
   * Takes an image in.
   * @param bytes the file's bytes, as found in the upload.
   * @param key where it came from (an archive path); a second `add` with the same key returns the first
   *   answer without counting again.
   * @returns the asset path (`images/img-3.png`), or undefined when the image is refused or over the limits.
   */
  add(bytes: Uint8Array, key?: string): string | undefined {
    if (key !== undefined && this.#byKey.has(key)) return this.#byKey.get(key);
    const path = this.#take(bytes);
    if (key !== undefined) this.#byKey.set(key, path);
    return path;
  }

  /** Counts an image that could not be read at all (a missing archive entry, a broken `data:` URI). */
  refuse(key?: string): undefined {
    if (key !== undefined && this.#byKey.has(key)) return undefined;
    if (key !== undefined) this.#byKey.set(key, undefined);
    this.#refused++;
    return undefined;
  }

  #take(bytes: Uint8Array): string | undefined {
    const mediaType = sniffImageType(bytes);
    const dims = mediaType ? imageDimensions(bytes) : undefined;
    if (!mediaType || !dims) {
      this.#refused++;
      return undefined;
    }
    // Judged by the header, before anything decodes it: a few bytes can declare 400 megapixels.
    if (dims.width * dims.height > this.maxPixels) {
      this.#tooLarge++;
      return undefined;
    }
    const pixels = dims.width * dims.height;
    if (
      this.#assets.length >= this.#limits.maxImages ||
      this.#totalBytes + bytes.length > this.#limits.maxTotalBytes ||
      this.#totalPixels + pixels > (this.#limits.maxTotalPixels ?? MAX_BOOK_PIXELS)
    ) {
      this.#dropped++;
      return undefined;
    }
    const path = `images/img-${this.#assets.length + 1}.${IMAGE_EXTENSIONS[mediaType]}`;
    this.#assets.push({ path, mediaType, bytes: bytes.slice() });
    this.#totalBytes += bytes.length;
    this.#totalPixels += pixels;
    return path;
  }

  /** The most pixels one image may have (width x height). */
  get maxPixels(): number {
    return this.#limits.maxPixels ?? MAX_IMAGE_PIXELS;
  }

  /** True when `path` is the path of a kept image. */
  holds(path: string): boolean {
    return this.#assets.some((a) => a.path === path);
  }

  /** The kept images, in the order first met. */
  assets(): BookAsset[] {
    return [...this.#assets];
  }

  /** Adds the counts (imported, refused, dropped) to a reader's report. */
  reportTo(report: Report): void {
    report.add(IMAGE_REPORT.imported.id, IMAGE_REPORT.imported.label, this.#assets.length);
    report.add(IMAGE_REPORT.refused.id, IMAGE_REPORT.refused.label, this.#refused);
    report.add(IMAGE_REPORT.dropped.id, IMAGE_REPORT.dropped.label, this.#dropped);
    report.add(IMAGE_REPORT.tooLarge.id, IMAGE_REPORT.tooLarge.label, this.#tooLarge);
  }
}

/** `data:[<type>][;base64],<data>` (RFC 2397). */
const DATA_URI = /^data:([^,;]*)((?:;[^,;]*)*?)(;base64)?,(.*)$/is;

/**
 * The bytes of a `data:` URI (RFC 2397), base64 or percent-encoded; the declared type is ignored (the
 * collector checks the bytes).
 * @returns undefined for anything that is not a well-formed `data:` URI. Never throws.
 */
export function decodeDataUri(uri: string): Uint8Array | undefined {
  const m = DATA_URI.exec(uri.trim());
  if (!m) return undefined;
  const data = m[4]!;
  try {
    if (m[3]) {
      const clean = data.replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) return undefined;
      return new Uint8Array(Buffer.from(clean, 'base64'));
    }
    // Percent-encoding stands for bytes (RFC 3986 §2.1), not UTF-8 characters: decode byte by byte.
    const out: number[] = [];
    for (let i = 0; i < data.length; i++) {
      const c = data.charCodeAt(i);
      if (c === 0x25 && /^[0-9A-Fa-f]{2}$/.test(data.slice(i + 1, i + 3))) {
        out.push(parseInt(data.slice(i + 1, i + 3), 16));
        i += 2;
      } else if (c > 0xff) {
        return undefined;
      } else {
        out.push(c);
      }
    }
    return new Uint8Array(out);
  } catch {
    return undefined;
  }
}
