/**
 * The OCF ZIP container of an EPUB (EPUB 3.3 §4.2): `mimetype` is the first entry, stored (not compressed), with
 * no extra field, and contains exactly `application/epub+zip`; every other text entry is deflated, images stored
 * (they are compressed already). The archive itself is `../zip-archive.ts`.
 */
import { zipArchive } from '../zip-archive.ts';

/**
 * A file of the container: path inside the zip (`/`-separated, no leading slash) and either UTF-8 `text`
 * (deflated) or raw `bytes` (stored: images are compressed already).
 */
export type ContainerFile = { path: string; text: string } | { path: string; bytes: Uint8Array };

/** zlib's compression level for text entries (its default: the usual balance of size and time). */
const DEFLATE_LEVEL = 6;

/**
 * Zip the container.
 * @param files in the order they should appear after `mimetype` (`META-INF/container.xml` first by convention).
 * @param mtime modification time written on every entry (ZIP stores local DOS time, 1980–2107; the same date
 *   gives byte-identical output on the same machine time zone and zlib version).
 * @returns the EPUB bytes.
 */
export function zipContainer(files: readonly ContainerFile[], mtime: Date): Promise<Uint8Array> {
  return zipArchive(
    [
      { path: 'mimetype', bytes: Buffer.from('application/epub+zip'), level: 0 },
      ...files.map((f) => ('text' in f ? { path: f.path, bytes: Buffer.from(f.text, 'utf8'), level: DEFLATE_LEVEL } : { path: f.path, bytes: f.bytes, level: 0 })),
    ],
    mtime,
  );
}
