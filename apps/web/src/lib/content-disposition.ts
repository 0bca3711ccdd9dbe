/**
 * The file name a server gives in a `Content-Disposition` header (RFC 6266): the UTF-8 `filename*` when present,
 * else the plain `filename`, quoted or not. Path separators are dropped, as a browser would.
 * @returns the name, e.g. `Books_EPUB_2026-11-27.zip`, or null when the header names no file.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return cleanName(decodeURIComponent(extended[2].trim().replace(/^"|"$/g, '')));
    } catch {
      // A malformed percent-encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name ? cleanName(name) : null;
}

function cleanName(name: string): string | null {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base.length > 0 ? base : null;
}
