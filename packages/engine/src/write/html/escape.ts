/**
 * The one place where user text meets HTML/XHTML markup (STYLE.md rule 7). The HTML writer and the EPUB
 * writer (which reuses the HTML handlers) call only these functions for text, attribute values and URLs.
 *
 * Each rule below names the test in `test/epub-docx-html/escape.test.ts` that pins it.
 */

/**
 * Characters that may not appear in an XML 1.0 document or that the HTML parsing rules flag as errors:
 * - C0 controls except TAB, LF, CR (XML 1.0 §2.2 `Char`) — test "drops C0 control characters";
 * - DEL and C1 controls U+007F–U+009F (HTML "control" code points are parse errors; in Gutenberg texts they are
 *   Windows-1252 bytes decoded as Latin-1) — test "drops DEL and C1 controls";
 * - lone UTF-16 surrogates (not Unicode scalar values; XML 1.0 `Char` excludes them) — test "drops lone surrogates";
 * - U+FFFE, U+FFFF (excluded by XML 1.0 `Char`) and the noncharacters U+FDD0–U+FDEF (HTML parse errors) —
 *   test "drops noncharacters".
 */
const INVALID_XML_CHARS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the purpose of this pattern
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFDD0-\uFDEF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The five XML special characters and their references. `'` uses a numeric reference, valid in HTML and XML. */
const XML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Remove the characters listed in {@link INVALID_XML_CHARS}, leave everything else unchanged (no escaping).
 * Used by writers whose XML library escapes `&`, `<`, `>` and quotes itself (DOCX).
 */
export function removeInvalidXmlChars(text: string): string {
  return text.replace(INVALID_XML_CHARS, '');
}

/**
 * Escape user text for XML 1.0 / XHTML / HTML5 text content and double- or single-quoted attribute values.
 *
 * - `&`, `<`, `>`, `"`, `'` become character references (XML 1.0 §2.4) — test "escapes markup characters".
 *   Escaping `>` also defuses `]]>`, which may not appear literally in XML text — test "defuses ]]>".
 * - Characters that XML 1.0 forbids (and HTML5 treats as parse errors) are removed, see {@link INVALID_XML_CHARS}.
 *
 * @param text any string (user text, a title, an author, a URL already checked by {@link safeHref}).
 * @returns a string safe to place between tags or inside a quoted attribute. Never throws.
 */
export function escapeXml(text: string): string {
  return removeInvalidXmlChars(text).replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

/**
 * Check a link target from user text and return it normalised, or `undefined` when it must not become a link.
 *
 * Allowed (test "keeps http, https, mailto and fragment links"):
 * - `http:` and `https:` URLs with a host, normalised by the WHATWG URL parser (non-ASCII is percent-encoded, so
 *   EPUBCheck accepts the value as a URL);
 * - `mailto:` URLs;
 * - fragments `#id` (the writer then checks that the id exists).
 *
 * Dropped (test "drops javascript: and other schemes"): `javascript:`, `data:`, `vbscript:`, `file:`, any other
 * scheme, relative paths (they would point into the package or the server), and values that do not parse.
 * Browsers ignore TAB/LF/CR and other controls inside a scheme (`java\tscript:`), so controls are removed before
 * the check — test "drops javascript: hidden by control characters".
 *
 * The result is not escaped: pass it through {@link escapeXml} when writing it into an attribute.
 *
 * @param raw the `href` as written by the author.
 */
export function safeHref(raw: string): string | undefined {
  // Remove ASCII controls anywhere and surrounding whitespace, as the URL parser does (WHATWG URL §4.4).
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const href = raw.replace(/[\u0000-\u001F\u007F]/g, '').trim();
  if (href.startsWith('#')) {
    return href.length > 1 ? href : undefined;
  }
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    return url.host ? url.href : undefined;
  }
  if (url.protocol === 'mailto:') return url.href;
  return undefined;
}

/**
 * An image source the HTML outputs may load: an absolute `http:`/`https:` URL (same rules as {@link safeHref}).
 * `data:` URLs, relative paths and other schemes are refused (test "image sources").
 */
export function safeImageSrc(raw: string): string | undefined {
  const href = safeHref(raw);
  return href && !href.startsWith('#') && !href.startsWith('mailto:') ? href : undefined;
}

/**
 * Turn a model id into a value valid as an XML `ID` (an NCName, XML Namespaces §3) and as an HTML id:
 * characters other than ASCII letters, digits, `-`, `_`, `.` become `-`, and a leading character that may not
 * start a name gets the prefix `id-` — test "xmlId makes NCNames".
 * Model ids are documented as XML-id-safe already; this guards against readers that break the promise.
 */
export function xmlId(raw: string): string {
  const cleaned = raw.replace(/[^A-Za-z0-9._-]/g, '-');
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `id-${cleaned}`;
}

/**
 * Escape a string for a double-quoted CSS string (CSS Syntax Level 3 §4.3.5), as style sheets use it for
 * running heads and ornaments (`content: "..."`): `\` and `"` are escaped; line ends, `<`, `>` and `&` become
 * hex escapes (`\A `, `\3C `, `\3E `, `\26 `), so a value can neither end the string, the declaration, nor the
 * `<style>` element around it, and the document stays well-formed XML — test "cssString". XML-invalid
 * characters are removed as in {@link escapeXml}.
 * @returns the string with its quotes, e.g. `"Carroll"`.
 */
export function cssString(text: string): string {
  const body = removeInvalidXmlChars(text).replace(/[\\"<>&\r\n\f]/g, (c) => {
    if (c === '\\' || c === '"') return `\\${c}`;
    return `\\${c.charCodeAt(0).toString(16).toUpperCase()} `;
  });
  return `"${body}"`;
}
