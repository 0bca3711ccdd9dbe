/**
 * Word count of a text or of the cleaned Markdown: whitespace-separated tokens that contain at least one letter
 * or digit, so Markdown markup (`#`, `* * *`) and stray punctuation are not counted; container fences
 * (`::: verse`) and heading attribute blocks (`{.part}`, `{.front .preface}`) are markup too, not words.
 * Example: `countWords('# Chapter 1\n\nIt was — a dark night.')` is 7; `countWords('# One {.part}')` is 1.
 */
export function countWords(text: string): number {
  let count = 0;
  for (const line of text.split('\n')) {
    if (/^ {0,3}:::/.test(line)) continue;
    const words = /^ {0,3}#{1,6}\s/.test(line) ? line.replace(/\s\{[.#][^{}]*\}\s*$/, '') : line;
    for (const token of words.split(/\s+/)) {
      if (/[\p{L}\p{N}]/u.test(token)) count++;
    }
  }
  return count;
}
