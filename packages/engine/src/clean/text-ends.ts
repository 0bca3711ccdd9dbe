/**
 * The ends of a whole text. Cleanup trims a book's text of blank lines at its start and end; on a text of
 * several megabytes a regex anchored at the end (`/\n*$/`) is tried at every position, this looks at the end
 * only.
 */

/** `text` without the line feeds at its end (what `text.replace(/\n*$/, '')` gives). */
export function withoutTrailingNewlines(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  return end === text.length ? text : text.slice(0, end);
}
