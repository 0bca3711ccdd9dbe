/**
 * The OCF ZIP container of an EPUB (EPUB 3.3 §4.2): `mimetype` is the first entry, stored (not compressed), with
 * no extra field, and contains exactly `application/epub+zip`; every other entry is deflated.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';

/**
 * A file of the container: path inside the zip (`/`-separated, no leading slash) and either UTF-8 `text`
 * (deflated) or raw `bytes` (stored: images are compressed already).
 */
export type ContainerFile = { path: string; text: string } | { path: string; bytes: Uint8Array };

/**
 * Zip the container.
 * @param files in the order they should appear after `mimetype` (`META-INF/container.xml` first by convention).
 * @param mtime modification time written on every entry (ZIP stores local DOS time, 1980–2107; the same date
 *   gives byte-identical output on the same machine time zone).
 * @returns the EPUB bytes.
 */
export function zipContainer(files: readonly ContainerFile[], mtime: Date): Uint8Array {
  // ZIP's DOS date cannot hold years before 1980; clamp so an early `modified` never throws.
  const min = new Date(1980, 0, 2);
  const time = mtime.getTime() < min.getTime() ? min : mtime;
  // Object insertion order is the entry order in fflate's output.
  const entries: Zippable = { mimetype: [strToU8('application/epub+zip'), { level: 0, mtime: time }] };
  for (const f of files) entries[f.path] = 'text' in f ? [strToU8(f.text), { level: 6, mtime: time }] : [f.bytes, { level: 0, mtime: time }];
  return zipSync(entries);
}
