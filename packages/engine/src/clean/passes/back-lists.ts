/**
 * The transcriber's list of corrections at the back of a text, read for the passes `corrections` (the corrections
 * the list names and the text lacks are made) and `correctionsList` (a list whose corrections are all in the text
 * goes). `productionNotes` drops the transcriber's notes at the front; this is the back.
 *
 * Forms read (each from the corpus):
 * - `Original text: …` / `Correction: …` / `Comment: …` entries, a chapter name before them (pairs/pg20053 Rover Boys);
 * - `p. 86: Ih --> Ich`, `S. 86: Ih --> Ich` (pairs/pg21801 Briefe an eine Freundin, in German and English);
 * - the corrected words on one line and `text: …` (what the source printed) under it (pairs/pg19163 Märchen);
 * - a table of page, line, what the source printed and what to read (`PÁG. LÍNEAS DONDE DICE LÉASE`, pairs/pg35407
 *   Rimas);
 * - `p. 23: 'teh' changed to 'the'`, `teh replaced by the`.
 * A list opens with its heading (`Transcriber's Notes:`, `Errata:`, `Anmerkungen zur Transkription:`, `ERRATAS
 * NOTABLES`) in the last third of the text and runs over entries, sub-headings and the transcriber's short prose
 * (what was corrected, what was kept) until a block that is none of these.
 */
import { readBlocks, type ReadonlyTextBlock } from '../blocks.ts';

/** Headings of a list of corrections. */
export const LIST_HEADING =
  /^(?:(?:Original\s+)?Transcriber['’]?s?\s+(?:Notes?|Corrections|Errata)(?:\s+and\s+Errata)?|Errata(?:\s+and\s+Addenda)?|Erratas?(?:\s+notables)?|Fe\s+de\s+erratas|List\s+of\s+corrections|Corrections(?:\s+made)?|Anmerkungen\s+zur\s+Transkription|Druckfehler(?:verzeichnis|berichtigungen)?|Notes?\s+(?:du|de\s+la)\s+transcript(?:eur|ion))\s*[:.]?$/i;

/** The transcriber's prose around the entries: what was corrected, kept, marked. */
const ABOUT_THE_TEXT =
  /correct|error|spelling|original|retained|maintained|kept|inconsisten|printing|typo|listed|below|changed|repaired|format|marked|Korrektur|Original|Schreibweise|beibehalten|Formatierung|markiert|Tabelle|gesperrt|Druckfehler|erratas?|corrig|ortograf/i;

/** One correction: what the source printed (when the list says it) and what the text should read. */
export interface Correction {
  original?: string;
  corrected?: string;
}

/** A list found: its blocks `[start, end)` among the text's blocks, and its corrections. */
export interface CorrectionList {
  start: number;
  end: number;
  corrections: Correction[];
}

const ARROW = /^(?:(?:p|pg|pp|S|page|Seite)\.?\s*[\divxlc]+(?:\s*,\s*(?:l|line|Z|Zeile)\.?\s*\d+)?\s*[:.,]?\s+)?(.+?)\s+(?:-+>|→|=>|⇒)\s+(.+)$/i;
const CHANGED =
  /^(?:(?:p|pg|pp|S|page|Seite)\.?\s*[\divxlc]+\s*[:.,]?\s+)?["'‘“](.+?)["'’”]\s+(?:changed|corrected|amended|altered)\s+to\s+["'‘“](.+?)["'’”]\.?$|^(?:(?:p|pg|page)\.?\s*\d+\s*[:.,]?\s+)?["'‘“](.+?)["'’”]\s+replaced\s+(?:by|with)\s+["'‘“](.+?)["'’”]\.?$/i;
/** A row of an errata table: page (or `»`, ditto), line, then two columns set apart by two spaces or more. */
const TABLE_ROW = /^\s*(?:\d{1,4}|»|")\s+\d{1,3}[ªº]?\s{2,}(\S.*?)\s{2,}(\S.*?)\s*$/;
const TABLE_HEAD = /^\s*(?:P[ÁA]G|PAGE|SEITE|P\.)\.?\s+(?:L[ÍI]NEAS?|LINES?|ZEILE)\b|^[\s\-—=_]+$/i;

/** `Original text:` / `Correction:` / `Comment:` after an optional chapter name in the left column. */
const LABELLED = /^\s*(?:\S.*?\s{2,})?(Original\s+text|Correction|Comment)\s*:\s*(.*)$/i;

/** Reads the entries of one block; undefined when the block is not made of entries. */
function blockEntries(block: ReadonlyTextBlock): Correction[] | undefined {
  const lines = block.lines;
  // Labelled entries, continuation lines indented under them.
  if (LABELLED.test(lines[0]!)) {
    const out: Correction[] = [];
    let field: 'original' | 'corrected' | undefined;
    let current: Correction | undefined;
    for (const line of lines) {
      const m = LABELLED.exec(line);
      if (m) {
        const label = m[1]!.toLowerCase();
        if (label.startsWith('original')) {
          current = { original: m[2]!.trim() };
          out.push(current);
          field = 'original';
        } else if (label === 'correction') {
          if (!current) out.push((current = {}));
          current.corrected = m[2]!.trim();
          field = 'corrected';
        } else field = undefined;
      } else if (/^\s/.test(line)) {
        if (current && field) current[field] = `${current[field] ?? ''} ${line.trim()}`.trim();
      } else return undefined;
    }
    // `Original text: spelling 'gattling gun' left intact` names no correction: no text to look for.
    return out.map((c) => (c.corrected === undefined ? {} : c));
  }
  const rows: Correction[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const arrow = ARROW.exec(line.trim());
    const changed = CHANGED.exec(line.trim());
    const row = TABLE_ROW.exec(line);
    if (arrow) rows.push({ original: arrow[1]!.trim(), corrected: arrow[2]!.trim() });
    else if (changed) rows.push({ original: (changed[1] ?? changed[3])!, corrected: (changed[2] ?? changed[4])! });
    else if (row) rows.push({ original: row[1]!, corrected: row[2]! });
    else if (TABLE_HEAD.test(line)) continue;
    else if (/^\s+text:/.test(lines[i + 1] ?? '') && !/^\s/.test(line)) {
      // The corrected words (` / ` where the source's line broke), what the source printed under them.
      rows.push({ corrected: line.trim().replace(/\s+\/\s+/g, ' ') });
      i++;
    } else return undefined;
  }
  return rows.length > 0 ? rows : undefined;
}

/** Lists open in the last third of the text. */
const BACK_SHARE = 2 / 3;

/**
 * The lists of corrections in the back of `blocks`, in order. A list needs one correction at least; sub-headings
 * (`Quotation Marks / Anführungszeichen:`, `Formatting:`) and the transcriber's prose (at most six lines a block)
 * are part of it.
 */
export function findCorrectionLists(blocks: readonly ReadonlyTextBlock[]): CorrectionList[] {
  const lists: CorrectionList[] = [];
  const from = Math.floor(blocks.length * BACK_SHARE);
  for (let i = from; i < blocks.length; i++) {
    const head = blocks[i]!;
    if (head.lines.length !== 1 || !LIST_HEADING.test(head.lines[0]!.trim())) continue;
    const corrections: Correction[] = [];
    let end = i + 1;
    let lastEntry = i + 1;
    for (; end < blocks.length; end++) {
      const block = blocks[end]!;
      const entries = blockEntries(block);
      if (entries) {
        corrections.push(...entries);
        lastEntry = end + 1;
        continue;
      }
      const joined = block.lines.map((l) => l.trim()).join(' ');
      const subHeading = block.lines.length === 1 && joined.length <= 60 && /:$/.test(joined);
      const prose = block.lines.length <= 6 && ABOUT_THE_TEXT.test(joined) && !LIST_HEADING.test(joined);
      if (!subHeading && !prose) break;
    }
    // The prose and sub-headings after the last entry are the list's when the text, or another list, follows them;
    // before anything else (`NOTAS:` and the book's notes, pg35407) the list ends with its last entry.
    if (end < blocks.length && !LIST_HEADING.test(blocks[end]!.lines.map((l) => l.trim()).join(' '))) end = lastEntry;
    if (corrections.some((c) => c.corrected !== undefined)) {
      lists.push({ start: i, end, corrections });
      i = end - 1;
    }
  }
  return lists;
}

/** {@link findCorrectionLists} of a text, with its blocks. */
export function readCorrectionLists(text: string): { list: ReturnType<typeof readBlocks>; lists: CorrectionList[] } {
  const list = readBlocks(text);
  return { list, lists: findCorrectionLists(list.blocks) };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A pattern of `words` in running text: the same characters, any run of spaces or one line end between tokens, and
 * no letter or digit glued on at either end. Undefined for words too short to be found with confidence.
 */
export function phrasePattern(words: string): RegExp | undefined {
  const tokens = words.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0 || tokens.join('').replace(/[^\p{L}\p{N}]/gu, '').length < 2) return undefined;
  const body = tokens.map(escapeRegExp).join('\\s+');
  const open = /^[\p{L}\p{N}]/u.test(tokens[0]!) ? '(?<![\\p{L}\\p{N}])' : '';
  const close = /[\p{L}\p{N}]$/u.test(tokens.at(-1)!) ? '(?![\\p{L}\\p{N}])' : '';
  return new RegExp(open + body + close, 'gu');
}

/** How many times `pattern` occurs in `text`. */
export function occurrences(text: string, pattern: RegExp): number {
  pattern.lastIndex = 0;
  let n = 0;
  while (pattern.exec(text)) n++;
  return n;
}

/** The words of `s` (letters and digits), lower-cased. */
function wordsOf(s: string): string[] {
  return s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** A pattern of the words of `s` in running text, whatever stands between them (punctuation, a line end). */
export function wordsPattern(s: string): RegExp | undefined {
  const words = wordsOf(s);
  if (words.join('').length < 2) return undefined;
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.map(escapeRegExp).join('[^\\p{L}\\p{N}]+')}(?![\\p{L}\\p{N}])`, 'giu');
}

/** Whether `c` changes words, not only punctuation or quotation marks. */
export function changesWords(c: Correction): boolean {
  return c.original !== undefined && c.corrected !== undefined && wordsOf(c.original).join(' ') !== wordsOf(c.corrected).join(' ');
}

/**
 * Whether `c` is already in `text`; undefined when the text cannot tell.
 * - A correction of words: its corrected words occur (whatever the punctuation between them) and what the source
 *   printed does not. Transcribers quote the text loosely (`boys want us to go;` for `boys want us to go in`).
 * - A correction of punctuation (`hurriedly. Can it` -> `hurriedly. "Can it`): the corrected characters occur, or
 *   else what the source printed does (outside the corrected characters: `rate of speed` -> `rate of speed.`); neither
 *   found, the text cannot tell.
 * - Only the corrected words named (`text:` lists): they occur.
 */
export function isInText(c: Correction, text: string): boolean | undefined {
  if (c.corrected === undefined) return undefined;
  if (c.original === undefined) {
    const corrected = wordsPattern(c.corrected);
    return corrected ? occurrences(text, corrected) > 0 : undefined;
  }
  if (changesWords(c)) {
    const corrected = wordsPattern(c.corrected);
    const original = wordsPattern(c.original);
    if (!corrected || !original) return undefined;
    return occurrences(text, corrected) > 0 && occurrences(text, original) === 0;
  }
  const corrected = phrasePattern(c.corrected);
  const original = phrasePattern(c.original);
  if (!corrected || !original) return undefined;
  if (occurrences(text, corrected) > 0) return true;
  return occurrences(c.corrected.includes(c.original) ? text.replace(corrected, '\u0000') : text, original) > 0 ? false : undefined;
}
