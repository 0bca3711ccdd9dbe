/**
 * Byte-level decoding of uploaded text files: encoding sniffing, binary detection, line endings.
 *
 * Checklist:
 * - [X] UTF-8 / UTF-16LE / UTF-16BE byte-order marks (Unicode 15, section 23.8 "Specials")
 * - [X] BOM-less UTF-16 recognised by its NUL-byte pattern (every other byte 0x00 in Latin text)
 * - [X] strict UTF-8 validation, else Windows-1252 (a superset of ISO-8859-1's printable range; WHATWG
 *       Encoding maps the `latin1` label to windows-1252 for the same reason)
 * - [ ] other legacy code pages (MacRoman, CP437): decoded as Windows-1252
 */
import { EngineError } from '../errors.ts';

/** The encodings {@link decodeText} reports. */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** Result of {@link decodeText}: the decoded text (BOM removed, line endings as-is) and its encoding. */
export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

/** User-facing message for binary uploads (shown by the web app as written). */
export const NOT_TEXT_MESSAGE = 'This file does not look like text. Upload a plain-text (.txt) file.';

/** How many bytes the binary sniffing looks at (the start of the file is where binary formats show). */
const SNIFF_BYTES = 64 * 1024;

/**
 * Guesses BOM-less UTF-16 from the share of NUL bytes at even and odd offsets of the sample.
 * Latin-script UTF-16 has a NUL in (nearly) every other byte; binary formats have NULs scattered.
 * Returns undefined when the pattern is not UTF-16-like.
 */
function sniffUtf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const n = Math.min(bytes.length, SNIFF_BYTES) & ~1;
  if (n < 4) return undefined;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  if (oddNul / pairs > 0.6 && evenNul / pairs < 0.05) return 'utf-16le';
  if (evenNul / pairs > 0.6 && oddNul / pairs < 0.05) return 'utf-16be';
  return undefined;
}

/**
 * True when the bytes look like binary data rather than text: any NUL byte, or more than 2% C0 control
 * bytes other than tab, line feed, carriage return, form feed and SUB (0x1A, the DOS end-of-file mark
 * some old Gutenberg files still carry).
 */
function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, SNIFF_BYTES);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b === 0) return true;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1a) control++;
    else if (b === 0x7f) control++;
  }
  return n > 0 && control / n > 0.02;
}

/** Same check on decoded UTF-16 text (code units instead of bytes). */
function textLooksBinary(text: string): boolean {
  const n = Math.min(text.length, SNIFF_BYTES);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return true;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x1a) || c === 0x7f) control++;
  }
  return n > 0 && control / n > 0.02;
}

/**
 * Decodes the bytes of an uploaded text file.
 * Order: BOM (UTF-8, UTF-16LE, UTF-16BE), BOM-less UTF-16, strict UTF-8, else Windows-1252.
 * @throws EngineError('UNREADABLE_INPUT') when the bytes are binary (NUL bytes, many control bytes).
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return checked(decodeWith('utf-8', bytes.subarray(3), false), 'utf-8');
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return checked(decodeWith('utf-16le', bytes.subarray(2), false), 'utf-16le');
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return checked(decodeWith('utf-16be', bytes.subarray(2), false), 'utf-16be');
  }
  const utf16 = sniffUtf16WithoutBom(bytes);
  if (utf16) return checked(decodeWith(utf16, bytes, false), utf16);
  if (looksBinary(bytes)) throw new EngineError('UNREADABLE_INPUT', NOT_TEXT_MESSAGE);
  const utf8 = tryUtf8(bytes);
  if (utf8 !== undefined) return { text: utf8, encoding: 'utf-8' };
  return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
}

/**
 * Windows-1252 code points of bytes 0x80-0x9F (WHATWG Encoding, index-windows-1252); the five undefined
 * bytes map to the C1 control of the same value, as the WHATWG decoder does. Other bytes equal their
 * Latin-1 code point. Decoded here because Node 20's TextDecoder('windows-1252') decodes 0x80-0x9F as C1
 * controls (ISO-8859-1), which turns the curly quotes of cp1252 files (0x93/0x94) into invisible characters.
 */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/** Decodes Windows-1252 bytes (see {@link CP1252_HIGH}). */
export function decodeWindows1252(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    units[i] = b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : b;
  }
  let out = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < units.length; i += CHUNK) out += String.fromCharCode(...units.subarray(i, i + CHUNK));
  return out;
}

function checked(text: string, encoding: TextEncodingName): DecodedText {
  if (textLooksBinary(text)) throw new EngineError('UNREADABLE_INPUT', NOT_TEXT_MESSAGE);
  return { text, encoding };
}

function decodeWith(label: 'utf-8' | 'utf-16le' | 'utf-16be', bytes: Uint8Array, fatal: boolean): string {
  return new TextDecoder(label, { fatal, ignoreBOM: true }).decode(bytes);
}

function tryUtf8(bytes: Uint8Array): string | undefined {
  try {
    return decodeWith('utf-8', bytes, true);
  } catch {
    return undefined;
  }
}

/** Normalises CRLF and lone CR line endings to LF and removes a leading U+FEFF (BOM) if one is left. */
export function normalizeLineEndings(text: string): string {
  const noBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return noBom.includes('\r') ? noBom.replace(/\r\n?/g, '\n') : noBom;
}
