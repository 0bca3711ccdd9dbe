/**
 * Safe reading of ZIP containers (DOCX and EPUB are ZIP files), for files that come from strangers.
 *
 * The central directory is read and checked BEFORE anything is inflated: entry count, declared sizes,
 * entry names and kinds. While an entry is inflated, its ACTUAL size is counted against the same limits
 * in small steps, so a header that lies about an entry's size (a zip bomb that declares 1 KB and
 * inflates to gigabytes) is stopped within one step of the limit.
 *
 * Format: PKWARE APPNOTE.TXT 6.3.10 (section 4.3: local file header 4.3.7, central directory header
 * 4.3.12, end of central directory 4.3.16, ZIP64 end record and locator 4.3.14-15, ZIP64 extra field
 * 4.5.3; general purpose flag bit 0 = encrypted, bit 11 = UTF-8 names; external attributes' high 16
 * bits = Unix mode when "version made by" names host 3 = Unix).
 *
 * Checklist:
 * - [X] limits by declared size before inflating, by actual size while inflating
 * - [X] refuse `..` segments, absolute paths (`/x`, `\x`, `C:x`), NUL in names, symlinks, duplicates
 * - [X] stored (0) and deflated (8) entries; ZIP64 sizes and offsets
 * - [X] the local header must agree with the central directory (name), data must lie inside the file
 * - [ ] CRC-32 check of inflated data (not a safety matter: the limits bound the work either way)
 * - [ ] other methods (bzip2, LZMA, zstd): refused as unreadable
 */
import { Inflate } from 'fflate';
import { EngineError } from '../../errors.ts';

/** Limits applied to one archive; sizes in bytes. */
export interface ZipLimits {
  /** Most entries the central directory may list. */
  maxEntries: number;
  /** Largest size one entry may have once inflated (declared and actual). */
  maxEntryBytes: number;
  /** Largest sum of entry sizes once inflated (declared and actual). */
  maxTotalBytes: number;
}

/** The limits of the import rules: 5,000 entries, 128 MiB per entry, 256 MiB in all. */
export const DEFAULT_ZIP_LIMITS: Readonly<ZipLimits> = {
  maxEntries: 5_000,
  maxEntryBytes: 128 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
};

/** One entry of the central directory, after the checks. Sizes in bytes. */
export interface ZipEntryInfo {
  /** Entry name as stored (forward slashes), e.g. `word/document.xml`. */
  name: string;
  /** Compression method: 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** Declared inflated size. */
  size: number;
  /** Offset of the local file header from the start of the file. */
  localHeaderOffset: number;
  /** True when the entry is a directory (name ends with `/`). */
  directory: boolean;
}

/** How many compressed bytes are pushed to the inflater at a time (bounds the overshoot past a limit). */
const INFLATE_STEP = 2048;

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const SIG_EOCD64 = 0x06064b50;
const SIG_EOCD64_LOCATOR = 0x07064b50;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function damaged(detail: string): EngineError {
  return new EngineError('UNREADABLE_INPUT', `This file is damaged: its ZIP container cannot be read (${detail}).`);
}

function tooLarge(detail: string): EngineError {
  return new EngineError(
    'ARCHIVE_TOO_LARGE',
    `This file unpacks to more than Quire accepts (${detail}). It may be a "zip bomb"; it was not opened.`,
  );
}

function mib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${bytes} bytes`;
}

/** Little-endian reads that fail as "damaged" instead of returning undefined past the end. */
class Reader {
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  u16(at: number): number {
    if (at < 0 || at + 2 > this.bytes.length) throw damaged('a record runs past the end of the file');
    return this.view.getUint16(at, true);
  }
  u32(at: number): number {
    if (at < 0 || at + 4 > this.bytes.length) throw damaged('a record runs past the end of the file');
    return this.view.getUint32(at, true);
  }
  u64(at: number): number {
    const lo = this.u32(at);
    const hi = this.u32(at + 4);
    if (hi > 0x1fffff) throw damaged('a 64-bit size is out of range');
    return hi * 0x1_0000_0000 + lo;
  }
  slice(at: number, length: number): Uint8Array {
    if (at < 0 || length < 0 || at + length > this.bytes.length) throw damaged('a record runs past the end of the file');
    return this.bytes.subarray(at, at + length);
  }
}

/** Offset of the end-of-central-directory record (searched backwards over the maximum comment length). */
function findEocd(r: Reader): number {
  const n = r.bytes.length;
  const stop = Math.max(0, n - 22 - 0xffff);
  for (let i = n - 22; i >= stop; i--) {
    if (r.bytes[i] === 0x50 && r.bytes[i + 1] === 0x4b && r.u32(i) === SIG_EOCD) return i;
  }
  throw damaged('no end-of-archive record');
}

/**
 * Why a name is refused, or undefined when it is safe: path traversal (`..` segments, with `/` or `\`
 * as separators, since Windows tools treat `\` as one), absolute paths, drive letters, NUL bytes.
 */
export function unsafeEntryName(name: string): string | undefined {
  if (name.includes('\0')) return 'a NUL byte';
  if (/^[/\\]/.test(name) || /^[A-Za-z]:/.test(name)) return 'an absolute path';
  if (name.split(/[/\\]/).some((seg) => seg === '..')) return 'a ".." path segment';
  return undefined;
}

/** Reads the ZIP64 extended-information extra field (header id 0x0001) for the fields set to all ones. */
function zip64Fields(
  extra: Uint8Array,
  need: { size: boolean; compressed: boolean; offset: boolean },
): { size?: number; compressed?: number; offset?: number } {
  const r = new Reader(extra);
  let p = 0;
  while (p + 4 <= extra.length) {
    const id = r.u16(p);
    const len = r.u16(p + 2);
    if (id === 0x0001) {
      let q = p + 4;
      const out: { size?: number; compressed?: number; offset?: number } = {};
      if (need.size) {
        out.size = r.u64(q);
        q += 8;
      }
      if (need.compressed) {
        out.compressed = r.u64(q);
        q += 8;
      }
      if (need.offset) out.offset = r.u64(q);
      return out;
    }
    p += 4 + len;
  }
  throw damaged('a ZIP64 entry without its size field');
}

/**
 * Reads and checks the central directory; inflates nothing.
 * @param bytes the whole file.
 * @param limits defaults to {@link DEFAULT_ZIP_LIMITS}.
 * @returns the entries in directory order.
 * @throws EngineError('ARCHIVE_TOO_LARGE') for more entries, or larger declared sizes, than the limits.
 * @throws EngineError('UNREADABLE_INPUT') for a broken container, an unsafe entry name, a symbolic link,
 *   a duplicate name, an encrypted entry or a compression method other than stored and deflate.
 */
export function inspectZip(bytes: Uint8Array, limits: Readonly<ZipLimits> = DEFAULT_ZIP_LIMITS): ZipEntryInfo[] {
  const r = new Reader(bytes);
  if (bytes.length < 22) throw damaged('too short');
  const eocd = findEocd(r);
  let count = r.u16(eocd + 10);
  let cdSize = r.u32(eocd + 12);
  let cdOffset = r.u32(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const loc = eocd - 20;
    if (loc < 0 || r.u32(loc) !== SIG_EOCD64_LOCATOR) throw damaged('a ZIP64 archive without its locator');
    const rec = r.u64(loc + 8);
    if (r.u32(rec) !== SIG_EOCD64) throw damaged('a broken ZIP64 end record');
    count = r.u64(rec + 32);
    cdSize = r.u64(rec + 40);
    cdOffset = r.u64(rec + 48);
  }
  if (count > limits.maxEntries) throw tooLarge(`${count} entries; the limit is ${limits.maxEntries}`);
  if (cdOffset + cdSize > bytes.length) throw damaged('the directory lies outside the file');

  const entries: ZipEntryInfo[] = [];
  const seen = new Set<string>();
  let total = 0;
  let p = cdOffset;
  const decoder = new TextDecoder('utf-8');
  for (let k = 0; k < count; k++) {
    if (r.u32(p) !== SIG_CENTRAL) throw damaged('a broken directory entry');
    const madeBy = r.u16(p + 4);
    const flags = r.u16(p + 8);
    const method = r.u16(p + 10);
    let compressedSize = r.u32(p + 20);
    let size = r.u32(p + 24);
    const nameLen = r.u16(p + 28);
    const extraLen = r.u16(p + 30);
    const commentLen = r.u16(p + 32);
    const external = r.u32(p + 38);
    let localHeaderOffset = r.u32(p + 42);
    const nameBytes = r.slice(p + 46, nameLen);
    const extra = r.slice(p + 46 + nameLen, extraLen);
    if (size === 0xffffffff || compressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
      const z = zip64Fields(extra, {
        size: size === 0xffffffff,
        compressed: compressedSize === 0xffffffff,
        offset: localHeaderOffset === 0xffffffff,
      });
      size = z.size ?? size;
      compressedSize = z.compressed ?? compressedSize;
      localHeaderOffset = z.offset ?? localHeaderOffset;
    }
    // Names are CP437 unless flag bit 11 says UTF-8; the checks below only look at ASCII, so UTF-8
    // decoding serves both.
    const name = decoder.decode(nameBytes);
    const unsafe = unsafeEntryName(name);
    if (unsafe) {
      throw new EngineError('UNREADABLE_INPUT', `This file contains an entry with ${unsafe} in its name; Quire does not open it.`);
    }
    if (madeBy >> 8 === 3 && ((external >>> 16) & S_IFMT) === S_IFLNK) {
      throw new EngineError('UNREADABLE_INPUT', 'This file contains a symbolic link; Quire does not open it.');
    }
    if (seen.has(name)) throw damaged(`the entry "${name}" appears twice`);
    seen.add(name);
    if (flags & 0x1) {
      throw new EngineError('UNREADABLE_INPUT', 'This file is password-protected (encrypted). Remove the protection and upload it again.');
    }
    const directory = name.endsWith('/');
    if (!directory && method !== 0 && method !== 8) throw damaged(`compression method ${method} is not supported`);
    if (size > limits.maxEntryBytes) throw tooLarge(`"${name}" declares ${mib(size)}; the limit is ${mib(limits.maxEntryBytes)} per entry`);
    total += size;
    if (total > limits.maxTotalBytes) throw tooLarge(`the entries declare more than ${mib(limits.maxTotalBytes)} in all`);
    entries.push({ name, method, compressedSize, size, localHeaderOffset, directory });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/**
 * An opened archive: the checked directory, and entries inflated on demand under the limits.
 * Create with {@link openZip}.
 */
export class SafeZip {
  /** Every entry of the directory, in order. */
  readonly entries: readonly ZipEntryInfo[];
  private readonly byName: Map<string, ZipEntryInfo>;
  private inflatedTotal = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly limits: Readonly<ZipLimits>,
  ) {
    this.entries = inspectZip(bytes, limits);
    this.byName = new Map(this.entries.map((e) => [e.name, e]));
  }

  /** True when the archive has an entry of exactly this name. */
  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The entry of this name, looked up exactly, then without regard to case (Windows tools vary case). */
  find(name: string): ZipEntryInfo | undefined {
    const exact = this.byName.get(name);
    if (exact) return exact;
    const lower = name.toLowerCase();
    return this.entries.find((e) => e.name.toLowerCase() === lower);
  }

  /**
   * Inflates one entry.
   * @throws EngineError('ARCHIVE_TOO_LARGE') as soon as the inflated bytes pass the declared size, the
   *   per-entry limit, or (with the entries read before) the total limit.
   * @throws EngineError('UNREADABLE_INPUT') when the entry is missing or its data is broken.
   */
  read(name: string): Uint8Array {
    const entry = this.find(name);
    if (!entry) throw damaged(`the entry "${name}" is missing`);
    const r = new Reader(this.bytes);
    const at = entry.localHeaderOffset;
    if (r.u32(at) !== SIG_LOCAL) throw damaged(`"${entry.name}" has no local header`);
    const nameLen = r.u16(at + 26);
    const extraLen = r.u16(at + 28);
    // The local name must be the directory's name: readers that trust one or the other must not differ.
    const localName = new TextDecoder('utf-8').decode(r.slice(at + 30, nameLen));
    if (localName !== entry.name) throw damaged(`"${entry.name}" is named differently in its local header`);
    const data = r.slice(at + 30 + nameLen + extraLen, entry.compressedSize);
    const budget = Math.min(entry.size, this.limits.maxEntryBytes, this.limits.maxTotalBytes - this.inflatedTotal);
    let out: Uint8Array;
    if (entry.method === 0) {
      if (data.length > budget) throw tooLarge(`"${entry.name}" is larger than it declares`);
      out = data.slice();
    } else {
      out = inflateBounded(data, budget, entry);
    }
    if (out.length !== entry.size) throw damaged(`"${entry.name}" is shorter than it declares`);
    this.inflatedTotal += out.length;
    return out;
  }

  /** Inflates one entry and decodes it as UTF-8 (a BOM is dropped). Same errors as {@link read}. */
  text(name: string): string {
    return new TextDecoder('utf-8').decode(this.read(name));
  }
}

/** Inflates raw deflate data in small steps, failing as soon as the output passes `budget` bytes. */
function inflateBounded(data: Uint8Array, budget: number, entry: ZipEntryInfo): Uint8Array {
  const chunks: Uint8Array[] = [];
  let produced = 0;
  let finished = false;
  const inflater = new Inflate((chunk, final) => {
    produced += chunk.length;
    if (produced > budget) {
      throw produced > entry.size
        ? tooLarge(`"${entry.name}" inflates to more than the ${entry.size} bytes it declares`)
        : tooLarge(`"${entry.name}" passes the size limits`);
    }
    chunks.push(chunk);
    if (final) finished = true;
  });
  try {
    for (let i = 0; i < data.length; i += INFLATE_STEP) {
      const end = Math.min(data.length, i + INFLATE_STEP);
      inflater.push(data.subarray(i, end), end === data.length);
    }
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (err) {
    if (err instanceof EngineError) throw err;
    throw damaged(`"${entry.name}" has broken compressed data`);
  }
  if (!finished && produced < entry.size) throw damaged(`"${entry.name}" is cut short`);
  const out = new Uint8Array(produced);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

/**
 * Opens an archive for reading: checks the directory (see {@link inspectZip}) and returns a
 * {@link SafeZip} that inflates entries under the limits.
 * @throws EngineError as {@link inspectZip}.
 */
export function openZip(bytes: Uint8Array, limits: Readonly<ZipLimits> = DEFAULT_ZIP_LIMITS): SafeZip {
  return new SafeZip(bytes, limits);
}

/** True when the bytes start like a ZIP file (`PK\x03\x04`, or `PK\x05\x06` for an empty archive). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06))
  );
}
