/**
 * Names, limits and checks of a book's images (issue 3, "Import": images of DOCX and EPUB files are kept with the
 * book and given to every export). Pure functions, used on the event loop and in the worker pool alike.
 *
 * An image is named in the book's Markdown as `images/<name>` (engine `BookAsset.path`) and stored under
 * `books/<bookId>/images/<name>` (storage keys, services/storage.ts). Names are delete-safe: only
 * `[A-Za-z0-9._-]`, never `.` or `..`, so a name can never reach outside its book's folder.
 */
import { AppError } from '../errors.ts';

/** Media types a book's image may have, with the file extensions each allows (raster only: SVG can carry scripts). */
export const ASSET_MEDIA_TYPES = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
} as const satisfies Record<string, readonly string[]>;

/** One of {@link ASSET_MEDIA_TYPES}. */
export type AssetMediaType = keyof typeof ASSET_MEDIA_TYPES;

/** An image as the engine hands it over (engine `BookAsset`): `images/<name>`, its media type and its bytes. */
export interface AssetFile {
  path: string;
  mediaType: string;
  bytes: Uint8Array;
}

/**
 * Most image bytes one imported file may bring, in bytes (64 MiB, the engine readers' own bound, checked again
 * here before anything is stored). A 10 MB upload of already-compressed images holds about 10 MB of them.
 */
export const MAX_FILE_ASSET_BYTES = 64 * 1024 * 1024;

/** Most image bytes one book may hold, in bytes (128 MiB): the bound for a collection of several files. */
export const MAX_BOOK_ASSET_BYTES = 128 * 1024 * 1024;

/** Most images one book may hold: 10 texts of a collection with the engine's 500 each. */
export const MAX_BOOK_ASSETS = 5_000;

/** Folder of a book's images, in Markdown paths and in storage keys. */
const FOLDER = 'images/';

/** A delete-safe file name: 1-200 of `[A-Za-z0-9._-]`, not `.` or `..`. */
const SAFE_NAME = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,200}$/;

/** True when `name` is a delete-safe image file name (see the module comment). */
export function isSafeAssetName(name: string): boolean {
  return SAFE_NAME.test(name);
}

/** The file name of an asset path (`images/img-1.png` -> `img-1.png`); null when the path is not of that shape. */
export function assetNameOf(path: string): string | null {
  if (!path.startsWith(FOLDER)) return null;
  const name = path.slice(FOLDER.length);
  return isSafeAssetName(name) ? name : null;
}

/** The Markdown path of an image file name (`img-1.png` -> `images/img-1.png`). */
export function assetPathOf(name: string): string {
  return FOLDER + name;
}

/** Storage key of a book's image: `books/<bookId>/images/<name>` (under `$QUIRE_DATA_DIR/files`). */
export function assetStorageKey(bookId: string, name: string): string {
  return `books/${bookId}/${FOLDER}${name}`;
}

/** True when `type` is one of {@link ASSET_MEDIA_TYPES}. */
export function isAssetMediaType(type: string): type is AssetMediaType {
  return Object.hasOwn(ASSET_MEDIA_TYPES, type);
}

/** Total size of `assets` in bytes. */
export function assetBytes(assets: readonly { bytes: Uint8Array }[]): number {
  return assets.reduce((sum, a) => sum + a.bytes.byteLength, 0);
}

/**
 * Checks the images of one book before anything is written: every path delete-safe, every media type allowed
 * and matching the file's extension, no path twice, at most {@link MAX_BOOK_ASSETS} images and `maxBytes` bytes.
 * @throws AppError `INTERNAL` (500) for a bad name, type or duplicate: the engine's readers never produce one,
 *   so it is a bug, and nothing is stored; AppError `ARCHIVE_TOO_LARGE` (413) over the count or size limits.
 */
export function checkAssets(assets: readonly AssetFile[], maxBytes = MAX_BOOK_ASSET_BYTES): void {
  const seen = new Set<string>();
  for (const asset of assets) {
    const name = assetNameOf(asset.path);
    const extensions: readonly string[] | undefined = isAssetMediaType(asset.mediaType) ? ASSET_MEDIA_TYPES[asset.mediaType] : undefined;
    const extension = name?.slice(name.lastIndexOf('.')).toLowerCase();
    if (name === null || !extensions || !extension || !extensions.includes(extension) || seen.has(asset.path)) {
      throw new AppError('INTERNAL', undefined, {
        cause: new Error(`Refused book image ${JSON.stringify(asset.path)} (${JSON.stringify(asset.mediaType)})`),
      });
    }
    seen.add(asset.path);
  }
  if (assets.length > MAX_BOOK_ASSETS || assetBytes(assets) > maxBytes) {
    throw new AppError('ARCHIVE_TOO_LARGE', 'The images of this book are too large once unpacked.');
  }
}

/**
 * New paths for the images of a collection's texts (issue 3, "Collections"). Every imported file numbers its
 * images from 1 (`images/img-1.png`), so the texts' images are numbered on through the collection, in the
 * collection's order: the first text keeps `img-1` .. `img-k`, the second text's `img-1.png` becomes
 * `images/img-<k+1>.png`, and so on; the extension stays. Numbering on (rather than a per-text prefix such as
 * `t2-img-1.png`) keeps the one name shape the engine's writers embed (`images/img-<n>.<ext>`, engine
 * `isAssetPath`). Paths that are not image paths are left out of the maps.
 * @param texts the image paths of each text, in the text's own order.
 * @returns one map per text, old path -> new path.
 */
export function collectionAssetRenames(texts: readonly (readonly string[])[]): Map<string, string>[] {
  let next = 1;
  return texts.map((paths) => {
    const renames = new Map<string, string>();
    for (const path of paths) {
      const name = assetNameOf(path);
      if (name === null || renames.has(path)) continue;
      const dot = name.lastIndexOf('.');
      renames.set(path, assetPathOf(`img-${next++}${dot > 0 ? name.slice(dot) : ''}`));
    }
    return renames;
  });
}

/**
 * Rewrites the image references of a line of Markdown (`![alt](images/img-1.png)`, also `<images/img-1.png>` and
 * a reference definition `[id]: images/img-1.png`) by `renames`; other links and paths are left as they are.
 */
export function renameImageReferences(line: string, renames: ReadonlyMap<string, string>): string {
  if (renames.size === 0 || !line.includes(FOLDER)) return line;
  return line.replace(/(\]\(\s*<?|^ {0,3}\[[^\]]+\]:\s*<?)(images\/[A-Za-z0-9._-]+)(?=[\s)>]|$)/g, (all, head: string, path: string) => {
    const renamed = renames.get(path);
    return renamed === undefined ? all : head + renamed;
  });
}
