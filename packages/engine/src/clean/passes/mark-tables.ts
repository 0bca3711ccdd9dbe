/**
 * Pass `tables`: blocks whose words stand in aligned columns with figures in them (a census table, a price list)
 * become Markdown pipe tables instead of being joined into a paragraph (`structure/detect-tables.ts` weighs the
 * evidence; a contents list, verse and a title page are left alone). A title line above the columns (`RESUME OF
 * 1910 CENSUS`, set in the same block) stays a paragraph of its own before the table; runs of rows separated by
 * blank lines, with as many columns aligned alike and no header of their own, are one table (a list of towns set
 * letter by letter). Every word of the source lines is kept in a cell; dot leaders are dropped.
 *
 * A pipe table is kept line by line by the passes after this one, as a verse container is (`isVerseContainer` in
 * `../blocks.ts`); a block that is a pipe table already (this pass's output, cleaned again) is left as it is.
 * Count: tables made.
 */
import { detectTable, isPipeTable, mayBeTable, tableMarkdown, type PlainTable } from '../../structure/detect-tables.ts';
import { isHeadingLine, isSceneBreakLine } from '../../structure/markdown-syntax.ts';
import { isVerseContainer, joinBlocks, readBlocks, type ReadonlyTextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';

/** How many of a table's last source rows are read again with the next run of rows to tell whether it goes on. */
const TAIL_ROWS = 8;

/** A block made a table: the title line above it, if any, and the table. */
interface Found {
  title?: string;
  table: PlainTable;
}

/** The table a block of lines is (maybe under a title line in the same block), or undefined for none. */
function asTable(lines: readonly string[]): Found | undefined {
  const table = detectTable(lines);
  if (table) return { table };
  // A title line over the columns, in the same block (no gap inside it): a paragraph before the table.
  if (lines.length > 3 && !/\S {2,}\S/.test(lines[0]!)) {
    const below = detectTable(lines.slice(1));
    if (below) return { title: lines[0]!, table: below };
  }
  return undefined;
}

/**
 * The table `lines` (the source lines of the table just made) and `more` (the next block's) make together, when
 * `more` goes on with it: a long list set in runs of rows between blank lines (a list of towns letter by letter,
 * a run of one or two rows among them) read as one table with as many columns, aligned alike, under the same
 * header. Undefined otherwise.
 */
/** A line of a run of rows: words and a figure, with a gap between (`Quincy, Ill.          36,587`). */
function isRowOfFigures(line: string): boolean {
  return /\S(?: {2,}|\.{3,})\S/.test(line) && /\p{N}/u.test(line);
}

function continued(table: PlainTable, lines: readonly string[], more: readonly string[]): PlainTable | undefined {
  // The last rows of the table stand for it (a whole list of towns read again for each run would be slow); they
  // must read as rows of figures with no header, the run's rows after them.
  const tail = lines.slice(-TAIL_ROWS);
  if (more.filter(isRowOfFigures).length < Math.max(1, 0.9 * more.length)) return undefined;
  const joined = detectTable([...tail, ...more]);
  if (joined === undefined || joined.header !== undefined || joined.rows.length !== tail.length + more.length) return undefined;
  if (joined.align.length !== table.align.length || joined.align.some((a, k) => a !== table.align[k])) return undefined;
  return { ...table, rows: [...table.rows, ...joined.rows.slice(tail.length)] };
}

function markTables(text: string, ctx: PassContext): string {
  // Columns need a gap: two spaces or a dot leader somewhere in the book.
  if (!text.includes('  ') && !text.includes('...') && !text.includes('. .')) return text;
  const list = readBlocks(text);
  let made = 0;
  const out: ReadonlyTextBlock[] = [];
  /** The table just written (the last block of `out`) and its source lines, which the next run of rows may continue. */
  let last: { table: PlainTable; lines: string[] } | undefined;
  for (const block of list.blocks) {
    // A table, or a run of rows going on with one, has gaps in half of its lines at least (a run's rows are rows
    // of figures, each with a gap): most blocks of a book, its paragraphs, are told by that alone.
    // (A title line over the columns is not counted: `asTable`.)
    const lines = block.lines;
    if ((last === undefined && lines.length < 3) || !(mayBeTable(lines) || (lines.length > 3 && mayBeTable(lines, 1)))) {
      out.push(block);
      last = undefined;
      continue;
    }
    const first = block.lines[0]!;
    const plain = !isVerseContainer(block) && !isHeadingLine(first) && !isSceneBreakLine(first) && !isPipeTable(block.lines);
    // A run of rows goes on with the table above it across a blank line or two, not across a chapter's gap.
    const whole = plain && last !== undefined && block.blankBefore <= 2 ? continued(last.table, last.lines, block.lines) : undefined;
    if (whole !== undefined) {
      last = { table: whole, lines: [...last!.lines, ...block.lines] };
      out[out.length - 1] = { lines: tableMarkdown(whole), blankBefore: out[out.length - 1]!.blankBefore };
      continue;
    }
    const found = plain && block.lines.length >= 3 ? asTable(block.lines) : undefined;
    if (found === undefined) {
      out.push(block);
      last = undefined;
      continue;
    }
    if (found.title !== undefined) out.push({ lines: [found.title], blankBefore: block.blankBefore });
    last = { table: found.table, lines: found.title !== undefined ? block.lines.slice(1) : [...block.lines] };
    out.push({ lines: tableMarkdown(found.table), blankBefore: found.title !== undefined ? 1 : block.blankBefore });
    made++;
  }
  if (made === 0) return text;
  ctx.count(made);
  return joinBlocks({ blocks: out, blankAfter: list.blankAfter });
}

export const markTablesPass: CleanPass = {
  id: 'tables',
  label: 'Tables set in columns kept as tables',
  run: markTables,
};
