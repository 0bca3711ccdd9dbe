/**
 * The ends of a whole text. Cleanup trims a book's text of blank lines at its start and end, and several passes only
 * look at a book's first lines; on a text of several megabytes a regex anchored at the end (`/\n*$/`) is tried at
 * every position, and a split into lines makes a string of every line: these look at the end, or the start, only.
 */

/** `text` without the line feeds at its end (what `text.replace(/\n*$/, '')` gives). */
export function withoutTrailingNewlines(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** The start of `text` up to the end of its line `count` (all of `text` when it has fewer lines), without that line feed. */
export function firstLines(text: string, count: number): string {
  let end = -1;
  for (let k = 0; k < count; k++) {
    end = text.indexOf('\n', end + 1);
    if (end < 0) return text;
  }
  return text.slice(0, end);
}
