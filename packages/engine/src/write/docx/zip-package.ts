/**
 * The ZIP container of a DOCX package (ECMA-376 Part 2 Annex C; PKWARE APPNOTE 6.3.x): each part deflated once,
 * by Node's native zlib, with its sizes and CRC-32 in the local header (no data descriptors, no ZIP64: a book's
 * parts stay far below 4 GiB).
 *
 * Why not fflate's `zipSync`, which the writer used before: its deflate runs in JavaScript, about three times
 * slower than zlib at the same level, and it was the larger part of writing War and Peace's DOCX (`npm run bench`,
 * stage 'cli docx').
 */
import zlib from 'node:zlib';

/** One part of the package: its name in the archive, its bytes and the deflate level (0: stored). */
export interface PackagePart {
  path: string;
  bytes: Uint8Array;
  /** zlib level 0-9; 0 stores the part uncompressed. */
  level: number;
}

/** CRC-32 (ISO 3309, the polynomial ZIP uses) table, for Node versions without `zlib.crc32` (before 20.15). */
let crcTable: Uint32Array | undefined;

/** CRC-32 of `bytes`, as ZIP stores it. */
function crc32(bytes: Uint8Array): number {
  const native = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
  if (native) return native(bytes) >>> 0;
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = (crcTable[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** MS-DOS time and date of `time` (UTC), as ZIP headers store them (2-second resolution). */
function dosDateTime(time: Date): { time: number; date: number } {
  return {
    time: (time.getUTCHours() << 11) | (time.getUTCMinutes() << 5) | (time.getUTCSeconds() >> 1),
    date: ((time.getUTCFullYear() - 1980) << 9) | ((time.getUTCMonth() + 1) << 5) | time.getUTCDate(),
  };
}

/**
 * A ZIP archive of `parts`, in their order, every entry dated `mtime`.
 * @param parts the package's parts; names are written as UTF-8 (flagged when not ASCII).
 * @param mtime the modification time of every entry (the writer's fixed time, so the same book gives the same bytes).
 * @returns the archive's bytes.
 */
export function zipPackage(parts: readonly PackagePart[], mtime: Date): Uint8Array {
  const { time, date } = dosDateTime(mtime);
  const chunks: Uint8Array[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.path, 'utf8');
    const data = part.level > 0 ? zlib.deflateRawSync(part.bytes, { level: part.level }) : part.bytes;
    const method = part.level > 0 ? 8 : 0;
    const crc = crc32(part.bytes);
    // Bit 11: the name is UTF-8 (APPNOTE 4.4.4).
    const flags = name.length !== part.path.length ? 0x0800 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(part.bytes.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(flags, 8);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt16LE(time, 12);
    entry.writeUInt16LE(date, 14);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(part.bytes.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    chunks.push(local, name, data);
    central.push(entry, name);
    offset += local.length + name.length + data.length;
  }
  const centralSize = central.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, ...central, end]);
}
