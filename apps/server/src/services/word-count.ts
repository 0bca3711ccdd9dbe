/**
 * Word count of a text or of the cleaned Markdown: whitespace-separated tokens that contain at least one letter
 * or digit, so Markdown markup (`#`, `* * *`, `:::`) and stray punctuation are not counted.
 * Example: `countWords('# Chapter 1\n\nIt was — a dark night.')` is 7.
 */
export function countWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/)) {
    if (/[\p{L}\p{N}]/u.test(token)) count++;
  }
  return count;
}
