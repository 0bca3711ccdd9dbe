/**
 * Project Gutenberg URLs (issue 3, "URLs"): a book page (`https://www.gutenberg.org/ebooks/<n>`), one of its
 * format links (`/ebooks/<n>.txt.utf-8`, `/ebooks/<n>.html.images`) or a file of the book (`/files/<n>/...`,
 * `/cache/epub/<n>/...`) resolves to the book's UTF-8 plain-text file, with the HTML edition as the fallback
 * when the text file is missing. The book page itself is an HTML catalogue page with links and no book text;
 * `/cache/epub/<n>/pg<n>.txt` and `pg<n>-images.html` are the file names Gutenberg's own "Plain Text UTF-8" and
 * "Read online (web)" links point to (gutenberg.org/help/mirroring.html lists `/cache/epub/` as the generated
 * files' path).
 */

/** The public Project Gutenberg origin (config `QUIRE_GUTENBERG_ORIGIN` replaces it, e.g. with a test server). */
export const GUTENBERG_ORIGIN = 'https://www.gutenberg.org';

/** Host names of Project Gutenberg that always resolve, whatever origin the files are fetched from. */
const GUTENBERG_HOSTS = new Set(['gutenberg.org', 'www.gutenberg.org']);

/** Paths that name a book by its number: a book page or format link, `/files/<n>/...`, `/cache/epub/<n>/...`. */
const BOOK_PATHS = [/^\/ebooks\/(\d{1,7})(?:\.[^/]*)?\/?$/, /^\/files\/(\d{1,7})(?:\/.*)?$/, /^\/cache\/epub\/(\d{1,7})(?:\/.*)?$/];

/**
 * The files to try, in order, for a Project Gutenberg URL: the UTF-8 plain text, then the HTML edition.
 * @param url any absolute URL (a string that is not one answers null).
 * @param origin where Gutenberg's files are fetched from, e.g. `https://www.gutenberg.org` (no trailing slash
 *   needed); a URL on this origin's host is recognised too.
 * @returns `[textUrl, htmlUrl]` on `origin`, or null when `url` is not a Gutenberg book URL (then it is fetched
 *   as it is).
 * @example resolveGutenbergUrl('https://gutenberg.org/ebooks/1342', GUTENBERG_ORIGIN)
 *   // ['https://www.gutenberg.org/cache/epub/1342/pg1342.txt', 'https://www.gutenberg.org/cache/epub/1342/pg1342-images.html']
 */
export function resolveGutenbergUrl(url: string, origin: string = GUTENBERG_ORIGIN): [string, string] | null {
  let u: URL;
  let base: URL;
  try {
    u = new URL(url);
    base = new URL(origin);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (!GUTENBERG_HOSTS.has(u.hostname.toLowerCase()) && u.host !== base.host) return null;
  for (const pattern of BOOK_PATHS) {
    const match = pattern.exec(u.pathname);
    if (!match) continue;
    const id = String(Number(match[1]));
    if (id === '0') return null;
    const root = base.origin;
    return [`${root}/cache/epub/${id}/pg${id}.txt`, `${root}/cache/epub/${id}/pg${id}-images.html`];
  }
  return null;
}
