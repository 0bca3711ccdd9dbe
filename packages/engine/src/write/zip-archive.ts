/**
 * The ZIP archives of the EPUB (OCF container, EPUB 3.3 §4.2) and the DOCX (OPC package, ECMA-376 Part 2), written
 * by yazl: every entry from a buffer, so sizes and CRC-32 stand in the local header (no data descriptors), deflated
 * by Node's native zlib (several times faster than a JavaScript deflate on a whole book: `npm run bench`), with DOS
 * timestamps only (no extended-timestamp extra field: OCF wants none on `mimetype`, and a fixed time gives the same
 * bytes for the same book).
 */
import { ZipFile } from 'yazl';

/** One entry of an archive: its path (`/`-separated, no leading slash), its bytes and zlib's level (0: stored). */
export interface ArchiveEntry {
  path: string;
  bytes: Uint8Array;
  /** zlib level 1-9, or 0 to store the bytes as they are (`mimetype`; images, compressed already). */
  level: number;
}

/**
 * A ZIP archive of `entries`, in their order, every one dated `mtime` (ZIP's DOS time holds 1980-2107; earlier
 * dates are clamped to 2 January 1980).
 * @returns the archive's bytes.
 * @throws Error when zlib fails (not expected for in-memory buffers).
 */
export function zipArchive(entries: readonly ArchiveEntry[], mtime: Date): Promise<Uint8Array> {
  const earliest = new Date(1980, 0, 2);
  const time = mtime.getTime() < earliest.getTime() ? earliest : mtime;
  const zip = new ZipFile();
  for (const entry of entries) {
    const bytes = Buffer.from(entry.bytes.buffer, entry.bytes.byteOffset, entry.bytes.byteLength);
    zip.addBuffer(bytes, entry.path, { mtime: time, compressionLevel: entry.level, forceDosTimestamp: true });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => {
      const all = Buffer.concat(chunks);
      resolve(new Uint8Array(all.buffer, all.byteOffset, all.byteLength));
    });
  });
}
