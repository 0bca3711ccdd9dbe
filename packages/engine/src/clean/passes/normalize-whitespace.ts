/**
 * Pass `whitespace`: invisible characters that would confuse later passes.
 * - CR LF / CR line endings (DOS-era Gutenberg files are CRLF) -> LF; a stray BOM (U+FEFF) is removed.
 * - Tabs are expanded to spaces on 8-column stops (old files indent verse and prayers with tabs).
 * - Trailing spaces are removed (Gutenberg lines often end in a space, e.g. pg1342 2020s `    ` lines).
 * - Control characters other than LF (form feeds, the DOS end-of-file SUB 0x1A) are removed.
 * - The text ends with exactly one newline.
 * Count: lines changed.
 */
import type { CleanPass, PassContext } from '../pass.ts';
import { withoutTrailingNewlines } from '../text-ends.ts';

function expandTabs(line: string): string {
  let out = '';
  for (const ch of line) {
    if (ch === '\t') out += ' '.repeat(8 - (out.length % 8));
    else out += ch;
  }
  return out;
}

// Controls other than \n and \t, DEL, C1 controls, zero-width no-break space (BOM) inside the text.
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this rule
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufeff]/g;

/** The spaces removed at a line's end (tested on the last character first: most lines end otherwise). */
const TRAILING_SPACE = /[ \u00a0\u2000-\u200b\u3000]/u;

/** Whether some line of the text ends in a space {@link TRAILING_SPACE} removes (looked for before each line feed). */
function endsLineInSpace(text: string): boolean {
  for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', end + 1)) {
    if (end > 0 && TRAILING_SPACE.test(text[end - 1]!)) return true;
  }
  return text.length > 0 && TRAILING_SPACE.test(text[text.length - 1]!);
}

function normalizeWhitespace(text: string, ctx: PassContext): string {
  // Most books have no invisible character at all: one search of the whole text spares one a line.
  const invisible = INVISIBLE.test(text);
  INVISIBLE.lastIndex = 0;
  if (!invisible && !text.includes('\r') && !text.includes('\t') && !endsLineInSpace(text)) {
    // No line changes (a cleaned text, a tidy e-text): only the ends of the text may, and a text that starts with
    // a line and ends with one newline is given back as it is, not copied.
    ctx.count(0);
    const n = text.length;
    if (n >= 2 && text.charCodeAt(0) !== 10 && text.charCodeAt(n - 1) === 10 && text.charCodeAt(n - 2) !== 10) return text;
    const out = withoutTrailingNewlines(text.replace(/^\n+/, ''));
    return out === '' ? '' : `${out}\n`;
  }
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let changed = 0;
  for (let i = 0; i < lines.length; i++) {
    const before = lines[i]!;
    let line = invisible ? before.replace(INVISIBLE, '') : before;
    if (line.includes('\t')) line = expandTabs(line);
    if (TRAILING_SPACE.test(line.slice(-1))) line = line.replace(/[ \u00a0\u2000-\u200b\u3000]+$/u, '');
    if (line !== before) {
      lines[i] = line;
      changed++;
    }
  }
  let out = withoutTrailingNewlines(lines.join('\n').replace(/^\n+/, ''));
  out = out === '' ? '' : `${out}\n`;
  ctx.count(changed);
  return out;
}

export const normalizeWhitespacePass: CleanPass = {
  id: 'whitespace',
  label: 'Lines with stray whitespace or control characters tidied',
  run: normalizeWhitespace,
};
