/**
 * Unicode character classes told at a place in a text, for scans that read a whole book character by character:
 * ASCII by a comparison, other code units of the Basic Multilingual Plane through a table per class filled on first
 * use (a book's curly quotes and accented letters cost one regex test each a process, not one an occurrence), a
 * surrogate pair by the regex. Each measure gives the code units of the character at `text[i]` when it is of the
 * class (1, or 2 for a surrogate pair), 0 when it is not or no character starts there (a lone surrogate).
 */

/** A measure of one class (`pattern`: one code point, `u` flag; `ascii`: the same test for a code unit below 128). */
function classLength(pattern: RegExp, ascii: (c: number) => boolean): (text: string, i: number) => number {
  /** Per code unit: 1 of the class, 2 not, 0 not yet asked. */
  const known = new Uint8Array(0x10000);
  return (text, i) => {
    const c = text.charCodeAt(i);
    if (c < 128) return ascii(c) ? 1 : 0;
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      return d >= 0xdc00 && d <= 0xdfff && pattern.test(text.slice(i, i + 2)) ? 2 : 0;
    }
    let k = known[c]!;
    if (k === 0) known[c] = k = pattern.test(String.fromCharCode(c)) ? 1 : 2;
    return k === 1 ? 1 : 0;
  };
}

/** Code units of the letter (`\p{L}`) at `text[i]`: 1, 2 for a surrogate pair, 0 when none starts there. */
export const letterLength = classLength(/^\p{L}$/u, (c) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90));

/** Code units of the capital letter (`\p{Lu}`) at `text[i]`: 1, 2 for a surrogate pair, 0 when none starts there. */
export const capitalLength = classLength(/^\p{Lu}$/u, (c) => c >= 65 && c <= 90);

/** Code units of the lower-case letter (`\p{Ll}`) at `text[i]`: 1, 2 for a surrogate pair, 0 when none starts there. */
export const lowerLength = classLength(/^\p{Ll}$/u, (c) => c >= 97 && c <= 122);
