/**
 * Column-aligned tables of a plain-text book (a census table of an atlas, a price list of a cookbook) versus
 * everything else that is set in lines: verse, a title page, a contents list.
 *
 * A plain-text table is a block of lines whose words stand in columns: the columns are separated by runs of
 * spaces (a typist's tab stops) or by dot leaders (`Beef ........ 1s. 6d.`), and the gaps fall at the same
 * character positions in every row, so that reading down the block a column of blanks (a gutter) runs through
 * it. The evidence asked for is deliberately strong (a false table in a novel is worse than a lost column):
 * - at least {@link MIN_ROWS} rows and two columns, the gutters blank in every row, each gutter a gap of two
 *   spaces at least in most rows (one space is where words of prose meet);
 * - most rows have two cells or more, and a column of figures (numbers, money `£3 10s.`, `1s. 6d.`, fractions,
 *   percentages, dates) holds a figure in most rows;
 * - not a contents list or an index (text, then page numbers only: `CHAPTER I. .... 1`, `Races of Man (map)
 *   108`): the contents pass drops the book's own list (`clean/passes/drop-contents-list.ts`), and one it did not
 *   prove stays text.
 * Verse, whose gaps are its indentation, and centred title-page lines have no gutter inside their lines, so they
 * never pass the first test.
 *
 * The table is written as a Markdown pipe table (GFM; pandoc's `pipe_tables`), every word of the source lines
 * in a cell (dot leaders are dropped, `|` is escaped). A header row is written when the rows above the first
 * row of figures have no figure (`Name  Population  Area`; up to {@link MAX_HEADER_ROWS} lines, a label per
 * column joined), or when the first row leaves the row labels' column empty (`          1909.   1910.`);
 * otherwise the header row is empty, which is pandoc's documented way to write a pipe table without a header
 * ("include a header with blank cells").
 */

/** Fewest rows of a table (two lines in columns are as often an address or a signature). */
export const MIN_ROWS = 3;

/** Most lines at the top of a block read as one header row (column labels wrapped over lines). */
export const MAX_HEADER_ROWS = 3;

/** Fewest lines of a block in which a line may run across the columns ({@link MAX_SPANNING_SHARE} of them at most). */
const MIN_SPANNING_BLOCK = 20;
const MAX_SPANNING_SHARE = 0.02;

/** A letter or a digit: a cell with one holds words. */
const WORD_OR_FIGURE = /[\p{L}\p{N}]/u;

/** A gap inside a line: two spaces or more between words. */
const INNER_GAP = /\S {2,}\S/;

/** One table found in a block of lines. */
export interface PlainTable {
  /** Header cells, one per column (labels of several source lines joined with a space); absent when none. */
  header?: string[];
  /** Body rows, each with one cell a column (`''` for an empty cell); cells are trimmed source text. */
  rows: string[][];
  /** Per column: `right` for a column of figures (set flush right, as the source does), else `left`. */
  align: ('left' | 'right')[];
}

/** A dot leader: three dots or more (maybe spaced, `. . .`) between words of a line. */
const DOT_LEADER = /(?<=\S) ?(?:\.[ .]*){3,}(?= *\S)/g;

const PAGE = '(?:\\d{1,4}|[ivxlcdm]{1,7}|[IVXLCDM]{1,7})\\.?';
/** A contents or index entry's page numbers: one (Arabic or Roman), a range (`112 to 117`, `12-13`), a list (`12, 13`). */
const PAGE_NUMBER = new RegExp(`^${PAGE}(?:(?:\\s*(?:to|-|–|—|and|&)\\s*|,\\s+)${PAGE})*$`);

/** A word of a figure's cell other than a number: a unit or a currency abbreviation (`lb.`, `s.`, `per`, `cent.`). */
const UNIT_WORD = /^[(]?\p{L}{1,4}\.?[),;]?$/u;

/** A token holding a figure: a digit (any script's, `½`) maybe with signs, currency and separators. */
const FIGURE_TOKEN = /\p{N}/u;

/** Whether a cell reads as a figure: a number, money (`£3 10s. 6d.`), a fraction, a percentage, a date. */
export function isFigure(cell: string): boolean {
  const tokens = cell.split(/\s+/).filter((t) => t !== '');
  if (tokens.length === 0 || tokens.length > 5) return false;
  let figures = 0;
  for (const t of tokens) {
    if (FIGURE_TOKEN.test(t)) {
      // Mostly letters with a digit among them (`Chapter12`, `A4-paper`) is a word.
      const letters = t.replace(/[^\p{L}]/gu, '').length;
      const digits = t.replace(/[^\p{N}]/gu, '').length;
      if (letters > digits + 1) return false;
      figures++;
    } else if (!UNIT_WORD.test(t) && !/^[^\p{L}\p{N}]+$/u.test(t)) return false;
  }
  return figures > 0 && figures * 2 >= tokens.length - 1;
}

/** Whether a line is blank at `p` (a space, or past its end). */
function blankAt(line: string, p: number): boolean {
  return p >= line.length || line.charCodeAt(p) === 32;
}

/** The gutters of a block: runs `[start, end)` of positions blank in every line, with words on both sides. */
function gutters(lines: readonly string[]): [number, number][] {
  let width = 0;
  let indent = Infinity;
  for (const l of lines) {
    width = Math.max(width, l.length);
    indent = Math.min(indent, l.length - l.trimStart().length);
  }
  const out: [number, number][] = [];
  let start = -1;
  for (let p = indent; p < width; p++) {
    const blank = lines.every((l) => blankAt(l, p));
    if (blank && start < 0) start = p;
    else if (!blank && start >= 0) {
      out.push([start, p]);
      start = -1;
    }
  }
  return out;
}

/** The width of the gap of `line` around the gutter `[start, end)`: blanks from its last word before to its next. */
function gapWidth(line: string, start: number, end: number): number {
  let a = start;
  while (a > 0 && blankAt(line, a - 1)) a--;
  let b = end;
  while (b < line.length && line.charCodeAt(b) === 32) b++;
  return b - a;
}

/** The cells of `line` between the gutters (trimmed; `''` for an empty one). */
function cellsOf(line: string, cuts: readonly [number, number][]): string[] {
  const cells: string[] = [];
  let from = 0;
  for (const [start, end] of cuts) {
    cells.push(line.slice(from, start).trim());
    from = end;
  }
  cells.push(line.slice(from).trim());
  return cells;
}

/** Whether a row has a figure in a cell. */
function hasFigure(row: readonly string[]): boolean {
  return row.some((c) => c !== '' && isFigure(c));
}

/** Whether a line has a gap inside it: two spaces or a dot leader between words. */
function hasGap(line: string): boolean {
  // `includes` first: a native search, where the regex alone was 4 % of War and Peace's cleanup.
  return (line.includes('  ') || line.includes('...') || line.includes('. .')) && /\S(?: {2,}|\.{3}|\. \. )/.test(line);
}

/**
 * Whether `lines` may be a table: half of them at least have a gap inside ({@link detectTable}'s first test, which
 * most blocks of a book, its paragraphs, fail), from line `from` on. Stops reading once half of them have none.
 */
export function mayBeTable(lines: readonly string[], from = 0): boolean {
  let ungapped = 0;
  const half = (lines.length - from) / 2;
  for (let i = from; i < lines.length; i++) if (!hasGap(lines[i]!) && ++ungapped > half) return false;
  return true;
}

/**
 * The table a block of lines is, or undefined when the evidence is not clear (see the file's comment). `lines` are
 * the block's source lines, tabs expanded (the whitespace pass does it), none blank.
 */
export function detectTable(lines: readonly string[]): PlainTable | undefined {
  if (lines.length < MIN_ROWS) return undefined;
  // Most blocks of a book (its paragraphs) have no gap inside a line: told without the column scan.
  if (!mayBeTable(lines)) return undefined;
  // Dot leaders are gaps: replaced by spaces, the columns keep their positions.
  const plain = lines.map((l) => (l.includes('...') || l.includes('. .') ? l.replace(DOT_LEADER, (m) => ' '.repeat(m.length)) : l));
  // In a long table a line or two with no gap (a transcriber's note among a thousand towns, `[Transcriber's Note:
  // number missing in original]`) may run across the columns: it is a row of one cell, and no gutter is read off it.
  const spanning = new Set<number>();
  if (plain.length >= MIN_SPANNING_BLOCK) {
    plain.forEach((l, i) => {
      if (!INNER_GAP.test(l)) spanning.add(i);
    });
    if (spanning.size > MAX_SPANNING_SHARE * plain.length) spanning.clear();
  }
  const aligned = spanning.size === 0 ? plain : plain.filter((_, i) => !spanning.has(i));
  let cuts = gutters(aligned);
  // A gutter is a gap of two spaces at least in most rows (a gutter one column wide is where a long row label
  // meets its figure, `North Carolina 2,206,287`, and must be a wide gap in the other rows).
  cuts = cuts.filter(([s, e]) => e - s >= 2 || aligned.filter((l) => gapWidth(l, s, e) >= 2).length >= 0.75 * aligned.length);
  if (cuts.length === 0) return undefined;
  const split = (): string[][] => plain.map((l, i) => (spanning.has(i) ? [l.trim(), ...cuts.map(() => '')] : cellsOf(l, cuts)));
  let rows = split();
  // A column almost always empty is a stray word beside the table, not a column: it joins its neighbour.
  for (let k = 0; k < cuts.length + 1 && cuts.length > 0; ) {
    // Cells of brackets or marks only (the braces of Franklin's daily scheme, pg148) are no column of their own.
    const filled = rows.filter((r) => WORD_OR_FIGURE.test(r[k]!)).length;
    if (filled >= 0.4 * rows.length) {
      k++;
      continue;
    }
    cuts = cuts.filter((_, i) => i !== (k === 0 ? 0 : k - 1));
    rows = split();
    k = 0;
  }
  const columns = cuts.length + 1;
  if (columns < 2) return undefined;
  // Cells that hold a gap of their own are columns the gutters ran together (a header spanning two columns, a
  // row out of line): the block is not aligned well enough to be read as a table.
  const filledCells = rows.flat().filter((c) => c !== '');
  if (filledCells.filter((c) => c.includes('  ')).length > 0.1 * filledCells.length) return undefined;
  // Emphasis that opens in one cell and closes in another (`_January 1912_` split) is a phrase, not two cells.
  if (filledCells.some((c) => (c.match(/_/g)?.length ?? 0) % 2 === 1)) return undefined;
  rows = rows.map((r) => r.map((c) => c.replace(/\s+/g, ' ')));
  if (rows.filter((r) => r.filter((c) => c !== '').length >= 2).length < 0.75 * rows.length) return undefined;
  // Header rows: the lines above the first row of figures, when they hold none.
  let headerRows = 0;
  while (headerRows < rows.length && !hasFigure(rows[headerRows]!)) headerRows++;
  if (headerRows > MAX_HEADER_ROWS) return undefined;
  // Header labels stand apart as the columns do: one space between two of them is a title's words run on.
  for (let r = 0; r < headerRows; r++) {
    if (cuts.some(([s, e], k) => rows[r]![k] !== '' && rows[r]![k + 1] !== '' && gapWidth(plain[r]!, s, e) < 2)) return undefined;
  }
  let body = rows.slice(headerRows);
  // Column labels over the row labels' column: a first row whose first cell alone is empty.
  if (headerRows === 0 && rows[0]![0] === '' && rows.slice(1).every((r) => r[0] !== '')) headerRows = 1;
  body = rows.slice(headerRows);
  if (body.length < MIN_ROWS - (headerRows > 0 ? 1 : 0) || body.length < 2) return undefined;
  // Figures in most rows, and a column of figures.
  if (body.filter(hasFigure).length < (2 / 3) * body.length) return undefined;
  const figureColumn = Array.from({ length: columns }, (_, k) => {
    const filled = body.filter((r) => r[k] !== '');
    return filled.length > 0 && filled.filter((r) => isFigure(r[k]!)).length >= 0.6 * filled.length && filled.length >= 0.5 * body.length;
  });
  // Figures in the first column only are a numbered list (a contents list without page numbers, `1.   The
  // Cyclone`) or a chronology as often as a table: when in doubt, no table.
  if (!figureColumn.some((f, k) => f && k > 0)) return undefined;
  if (isContentsList(body, figureColumn)) return undefined;
  const header = headerRows === 0 ? undefined : Array.from({ length: columns }, (_, k) => rows.slice(0, headerRows).map((r) => r[k]!).filter((c) => c !== '').join(' '));
  return { header, rows: body, align: figureColumn.map((f) => (f ? 'right' : 'left')) };
}

/**
 * True when the rows are a contents list or an index, not a table: the last column holds page numbers (`1`, `xii`,
 * `112 to 117`, `12, 13`) in most rows, and no column but the first (chapter numbers, `I.`; a text cited, `Genesis
 * i., 27`) holds figures other than page numbers (money, decimals, thousands: `1s. 6d.`, `22.7`, `10,753`). A
 * table of small whole numbers only is given up with it: when in doubt, no table.
 */
function isContentsList(body: readonly string[][], figureColumn: readonly boolean[]): boolean {
  const last = figureColumn.length - 1;
  const pages = body.filter((r) => r[last] !== '');
  if (pages.filter((r) => PAGE_NUMBER.test(r[last]!)).length < 0.8 * pages.length) return false;
  return !figureColumn.some((f, k) => {
    if (!f || k === 0) return false;
    const figures = body.filter((r) => r[k] !== '' && isFigure(r[k]!));
    return figures.filter((r) => !PAGE_NUMBER.test(r[k]!)).length >= 0.5 * figures.length;
  });
}

/** A cell's text made safe inside a pipe table: `|` escaped (GFM 4.10), a trailing backslash doubled. */
function cellMarkdown(cell: string): string {
  return cell.replace(/\|/g, '\\|').replace(/\\$/, '\\\\');
}

/**
 * The Markdown lines of a table: a header row (empty cells when the table has none), the delimiter row (`---:`
 * for a column of figures), a row per body row.
 */
export function tableMarkdown(table: PlainTable): string[] {
  const row = (cells: readonly string[]) => `| ${cells.map(cellMarkdown).join(' | ')} |`.replace(/ {2,}\|/g, ' |');
  const header = table.header ?? table.align.map(() => '');
  const delimiter = `| ${table.align.map((a) => (a === 'right' ? '---:' : '---')).join(' | ')} |`;
  return [row(header), delimiter, ...table.rows.map(row)];
}

/** A delimiter row of a pipe table (`| --- | ---: |`; GFM 4.10). */
export const DELIMITER_ROW = /^ {0,3}\|(?: *:?-+:? *\|)+ *$/;

/**
 * Whether a block is a pipe table already (written by this module, or by a user in the editor): its first line a
 * row, its second a delimiter row, every line opening and closing with `|`. Text passes keep it line by line.
 */
export function isPipeTable(lines: readonly string[]): boolean {
  // Told by the first character for most blocks of a book (this is asked of every block by every text pass).
  const c = lines[0]?.charCodeAt(0);
  if ((c !== 124 && c !== 32) || lines.length < 2 || !DELIMITER_ROW.test(lines[1]!)) return false;
  return lines.every((l) => /^ {0,3}\|.*\|\s*$/.test(l));
}
