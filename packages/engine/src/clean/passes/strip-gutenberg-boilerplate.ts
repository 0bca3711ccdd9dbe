/**
 * Pass `boilerplate`: the Project Gutenberg header before the book and the licence after it.
 *
 * Generations handled (line numbers refer to the corpus files described in `../shared/corpus/SOURCES.md`):
 * - [X] modern START/END markers `*** START OF THE|THIS PROJECT GUTENBERG EBOOK ... ***`, including the
 *       no-space form `***START OF...***` (pg844) and markers wrapped over two lines (pg11760)
 * - [X] an END marker indented with spaces (pg1342 2020s re-encoded upload)
 * - [X] `End of (the) Project Gutenberg EBook ...` lines just before END (2000s/2010s files)
 * - [X] the 2020s form with no "End of" line and the licence right after END (pg2701)
 * - [X] 1990s headers ending in `*END*THE SMALL PRINT! ...*END*` or `*END THE SMALL PRINT! ...` (alice30,
 *       moby10b, pg1653), footers `End of this Project Gutenberg etext ...` (moby10b) or the header's title
 *       line repeated (`Project Gutenberg Etext Imitation of Christ, by ...`, pg1653); alice30 has no footer
 * - [X] a `*** START: FULL LICENSE ***` line with no END before it
 * Everything from the footer on is removed (the full licence). Count: non-blank lines removed.
 */
import { SMALL_PRINT_END, START_MARKER } from '../../read/gutenberg-header.ts';
import { isWhiteSpace } from '../../structure/whitespace.ts';
import type { CleanPass, PassContext } from '../pass.ts';
import { firstLines, withoutTrailingNewlines } from '../text-ends.ts';

const END_MARKER = /^\s*\*{2,}\s*END\s+OF\s+(?:THE|THIS)\s+PROJECT\s+GUTENBERG/i;
const END_OF_LINE = /^\s*\**\s*End\s+of\s+(?:the\s+|this\s+)?Project\s+Gutenberg/i;
const FULL_LICENSE = /^\s*\*{2,}\s*START:\s*FULL\s+LICENSE/i;
/** The 1990s footer repeats the header's first line: `Project Gutenberg Etext <title>, by <author>`. */
const OLD_TITLE_LINE = /^\s*\**\s*(?:This is\s+)?(?:The\s+)?Project\s+Gutenberg(?:['’]s)?\s+E-?text\b/i;

/** How far into the file a header may reach (1990s headers run to about 300 lines). */
const HEADER_SCAN_LINES = 1500;

/**
 * Index of the first body line, or 0 when the text has no recognisable header: the line after the last START marker
 * of the header's reach (a second marker would otherwise survive one cleaning and be cut on the next; real files
 * have one), else after an old-style small-print end.
 */
function findBodyStart(lines: readonly string[]): { start: number; oldStyle: boolean } {
  const limit = Math.min(lines.length, HEADER_SCAN_LINES);
  let start: number | undefined;
  for (let i = 0; i < limit; i++) {
    const line = lines[i]!;
    if (START_MARKER.test(line)) {
      // A wrapped marker (pg11760) closes with `***` on a following line.
      let end = i;
      const closed = (s: string) => /\*{3}\s*$/.test(s);
      if (!closed(line)) {
        for (let j = i + 1; j <= i + 3 && j < lines.length; j++) {
          if (lines[j]!.trim() === '') break;
          if (closed(lines[j]!)) {
            end = j;
            break;
          }
        }
      }
      start = end + 1;
      i = end;
      continue;
    }
    if (start === undefined && SMALL_PRINT_END.test(line)) return { start: i + 1, oldStyle: true };
  }
  return { start: start ?? 0, oldStyle: false };
}

/** Whether `line` opens a footer (`oldStyle`: the 1990s title line counts too). */
function isFooterLine(line: string, oldStyle: boolean): boolean {
  if (END_MARKER.test(line) || END_OF_LINE.test(line) || FULL_LICENSE.test(line)) return true;
  return oldStyle && OLD_TITLE_LINE.test(line);
}

/**
 * Whether a line whose first character other than white space is `c` can open a footer: every footer pattern has
 * `*` or the `E` of `End` there, or (old style) the `T` of `This`/`The` or the `P` of `Project`, in either case.
 */
function mayOpenFooter(c: number, oldStyle: boolean): boolean {
  const upper = c & ~0x20;
  return c === 42 || upper === 69 || (oldStyle && (upper === 84 || upper === 80));
}

/**
 * Where the footer starts: the offset in `text` of the first footer line at or after the line starting at `from`,
 * or -1 when there is none. The lines are read in place (a book's lines are not split out to look at their first
 * characters).
 */
function findFooterStart(text: string, from: number, oldStyle: boolean): number {
  for (let start = from; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let first = start;
    while (first < end && isWhiteSpace(text.charCodeAt(first))) first++;
    if (first < end && mayOpenFooter(text.charCodeAt(first), oldStyle) && isFooterLine(text.slice(start, end), oldStyle)) return start;
    start = end + 1;
  }
  return -1;
}

/** Lines of the header's reach: the text's first lines, the most {@link findBodyStart} reads. */
const HEAD_LINES = HEADER_SCAN_LINES + 4;

function countNonBlank(lines: readonly string[]): number {
  let n = 0;
  for (const line of lines) if (line.trim() !== '') n++;
  return n;
}

function stripGutenbergBoilerplate(text: string, ctx: PassContext): string {
  const head = firstLines(text, HEAD_LINES).split('\n');
  const { start, oldStyle } = findBodyStart(head);
  let bodyStart = 0;
  for (let i = 0; i < start; i++) bodyStart += head[i]!.length + 1;
  const footer = findFooterStart(text, bodyStart, oldStyle);
  if (start === 0 && footer < 0) return text;
  // The body is the text between, taken as one slice (not its lines joined again).
  const removed = countNonBlank(head.slice(0, start)) + (footer < 0 ? 0 : countNonBlank(text.slice(footer).split('\n')));
  ctx.count(removed);
  const body = withoutTrailingNewlines((footer < 0 ? text.slice(bodyStart) : text.slice(bodyStart, footer - 1)).replace(/^\n+/, ''));
  return body === '' ? '' : `${body}\n`;
}

export const stripGutenbergBoilerplatePass: CleanPass = {
  id: 'boilerplate',
  label: 'Lines of Project Gutenberg boilerplate removed',
  run: stripGutenbergBoilerplate,
};
