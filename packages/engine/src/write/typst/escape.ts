/**
 * Escaping of user text for Typst markup (Typst 0.14 syntax, https://typst.app/docs/reference/syntax/).
 *
 * Every string that comes from a book (titles, authors, paragraph text, captions) goes through
 * {@link escapeTypst} before it is placed in markup, so no character of the author's text can turn
 * into Typst syntax. The generator never places user text anywhere else, except the PDF metadata
 * author, which is a code string literal written by {@link typstStringLiteral}.
 */

/**
 * Characters escaped with a backslash wherever they occur. In markup a backslash followed by any
 * non-space character stands for that character literally (Typst syntax reference, "Escape sequences").
 *
 * - `\` escape and line break (`\` + space);             - `#` starts embedded code;
 * - `$` math;  `*` strong;  `_` emphasis;  `` ` `` raw text;
 * - `<` `>` labels (`<name>`);  `@` references (`@name`);
 * - `=` headings at a line start;  `-` list items at a line start, and the shorthands `--` (en dash),
 *   `---` (em dash), `-?` (soft hyphen) and `-1` (minus sign);
 * - `+` numbered items at a line start;  `/` term items at a line start, `//` and `/*` comments, and
 *   `http://` / `https://` automatic links;
 * - `[` `]` content blocks (a stray `]` would close the generator's block);
 * - `~` no-break space shorthand;  `"` `'` smart quotes (escaped quotes stay straight, as typed);
 * - `.` the `...` ellipsis shorthand and `1.` numbered items at a line start;
 * - `.` `(` `;` directly after an embedded expression such as `#emph[...]` would continue it as a field
 *   access, a call, or be swallowed as its terminator; escaping makes the text safe in any position.
 */
const ESCAPED = new Set(['\\', '#', '$', '*', '_', '`', '<', '>', '@', '=', '-', '+', '/', '[', ']', '~', '"', "'", '.', '(', ';']);

/** One character of {@link ESCAPED} (a regular expression: a book's text is megabytes, escaped in one pass). */
const ESCAPED_CHAR = new RegExp(`[${[...ESCAPED].map((c) => `\\${c}`).join('')}]`, 'g');

/**
 * Line terminators in Typst source (`\n`, `\r`, vertical tab, form feed, NEL, LS, PS). A line start
 * inside user text could begin a heading or list, and a blank line would end the paragraph; line
 * breaks the author meant are `lineBreak` inlines in the model, so these become spaces.
 */
const NEWLINES = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;

/**
 * C0 and C1 control characters other than tab and the newlines above: they are not text, have no
 * glyph and some PDF readers choke on them. A tab becomes a space (markup collapses spaces anyway).
 */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g;

/**
 * Escapes user text so that Typst markup shows it literally.
 *
 * The result is safe in every markup position the generator uses: at the start of a line, inside a
 * content block `[...]`, and directly after an embedded expression like `#emph[...]`.
 * Input: any string (Unicode). Output: markup text without newlines. Never throws.
 * Rules (each pinned by a test in `test/pdf/escape.test.ts`): see the `ESCAPED` table above;
 * newlines become spaces; tabs become spaces; other control characters are dropped.
 *
 * @example escapeTypst('#let x = 1') === '\\#let x \\= 1'
 */
export function escapeTypst(text: string): string {
  return text.replace(NEWLINES, ' ').replace(/\t/g, ' ').replace(CONTROLS, '').replace(ESCAPED_CHAR, '\\$&');
}


// eslint-disable-next-line no-control-regex
const STRING_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * A Typst code string literal (`"..."`) holding `value` exactly: backslash and double quote are
 * escaped, newlines and other control characters are written as `\u{...}` escapes
 * (Typst syntax reference, "Strings"). Used for PDF metadata and font family names, which Typst takes as `str`.
 */
export function typstStringLiteral(value: string): string {
  let out = '"';
  for (const ch of value) {
    if (ch === '\\' || ch === '"') out += `\\${ch}`;
    else if (STRING_CONTROLS.test(ch)) out += `\\u{${ch.codePointAt(0)!.toString(16)}}`;
    else out += ch;
  }
  return `${out}"`;
}
