/**
 * The charset a server declares in `Content-Type` (RFC 9110 section 8.3.1; `text/plain; charset=ISO-8859-1`) and
 * how it applies to the fetched bytes before the engine reads them: a declared charset wins over sniffing
 * (WHATWG Encoding "BOM sniff, then the transport layer's charset, then content sniffing"), so the bytes are
 * transcoded to UTF-8 with a byte-order mark, which the engine's decoder takes as final.
 *
 * Two declarations are not trusted, because servers get them wrong in practice:
 * - `charset=utf-8` on bytes that are not valid UTF-8 (old Latin-1 files behind a server-wide default): the
 *   bytes are left for the engine to sniff, which falls back to Windows-1252;
 * - a Latin-1 family charset (`iso-8859-1`, `windows-1252`, `us-ascii`) on bytes that are valid UTF-8 (Apache's
 *   `AddDefaultCharset ISO-8859-1` on a UTF-8 file): multi-byte UTF-8 sequences almost never occur by chance in
 *   Latin-1 text, so the bytes are kept as UTF-8.
 */

/** Charsets of the Latin-1 family whose declaration is overruled by valid UTF-8 bytes (WHATWG labels). */
const LATIN1_FAMILY = new Set(['iso-8859-1', 'iso8859-1', 'latin1', 'l1', 'windows-1252', 'cp1252', 'us-ascii', 'ascii']);

/**
 * The charset parameter of a Content-Type header value, lower-cased and unquoted, or null when absent.
 * Example: `charsetOf('text/plain; Charset="ISO-8859-1"')` is `'iso-8859-1'`.
 */
export function charsetOf(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  const match = /;\s*charset\s*=\s*("?)([^";\s]+)\1/i.exec(contentType);
  return match?.[2]?.toLowerCase() ?? null;
}

/** True when `bytes` are valid UTF-8. */
function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Applies a declared charset to text bytes (see the module comment).
 * @param bytes the fetched body of a text format (plain text, Markdown, HTML), any size.
 * @param charset from {@link charsetOf}, or null.
 * @returns UTF-8 bytes starting with a BOM when the declaration was applied; otherwise `bytes` unchanged
 *   (no charset, a UTF-8 declaration, an unknown label, a BOM already present, or an overruled declaration).
 *   Never throws.
 */
export function applyDeclaredCharset(bytes: Uint8Array, charset: string | null): Uint8Array {
  if (!charset) return bytes;
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    return bytes; // a label Node's TextDecoder does not know: let the engine sniff
  }
  if (decoder.encoding === 'utf-8') return bytes;
  // A byte-order mark outranks the transport layer's charset (WHATWG Encoding, "decode").
  const [b0, b1, b2] = bytes;
  if ((b0 === 0xef && b1 === 0xbb && b2 === 0xbf) || (b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff)) return bytes;
  if (LATIN1_FAMILY.has(charset) && isValidUtf8(bytes)) return bytes;
  const text = decoder.decode(bytes);
  return new TextEncoder().encode(`\ufeff${text}`);
}
