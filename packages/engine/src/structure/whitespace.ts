/**
 * White space as JavaScript reads it (`\s` of a regular expression, `trim()`, `split(/\s+/)`): the WhiteSpace and
 * LineTerminator code points of ECMA-262 (tab, line tabulation, form feed, space, no-break space, the byte order mark,
 * the other space separators of Unicode's Zs category; line feed, carriage return, line and paragraph separators).
 * Told by code unit, so that a scan of a whole book makes no string and runs no regex for it.
 */

/** Whether the UTF-16 code unit `c` is JavaScript white space (what `/\s/` matches). */
export function isWhiteSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Code units of white space at the start of `line`: `line.length - line.trimStart().length`, with no copy made. */
export function leadingWhiteSpace(line: string): number {
  let i = 0;
  while (i < line.length && isWhiteSpace(line.charCodeAt(i))) i++;
  return i;
}

/** The length of `line` without the white space at its end: `line.trimEnd().length`, with no copy made. */
export function trimmedEndLength(line: string): number {
  let end = line.length;
  while (end > 0 && isWhiteSpace(line.charCodeAt(end - 1))) end--;
  return end;
}
