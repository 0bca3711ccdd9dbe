/**
 * Pass `indexPages`: the page numbers of the source edition's index (`Abyssinia, plants of, 23, 45-47`) point at
 * pages Quire's layout does not have: they go, and the entries stay (`Abyssinia, plants of`). Linking each entry to
 * the heading it names would need the source's pages, which a plain text has lost.
 *
 * Only a back section counts: a heading `INDEX`, `Index`, `ÍNDICE`, `Register`, `Sachregister`, `Index alphabétique`
 * alone in its paragraph in the last half of the text, and the entries after it to the end of the text (or to a
 * transcriber's list of corrections). Three entries in five at least must end in page numbers, or the section is
 * not such an index (an index without numbers, pairs/pg1301 Carlyle; pairs/pg2009 Origin of Species) and stays as
 * it is. Numbers of four digits (a year: `Treaty of Paris, 1763`) are never taken. Count: entries changed.
 */
import { joinBlocks, readBlocks, type ReadonlyTextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';
import { LIST_HEADING } from './back-lists.ts';

const INDEX_HEADING =
  /^(?:GENERAL\s+)?(?:INDEX|Index|ÍNDICE|Índice|INDICE|Indice|REGISTER|Register|SACHREGISTER|Sachregister|NAMENREGISTER|Namenregister|INDEX\s+ALPHAB[ÉE]TIQUE|Index\s+alphab[ée]tique|INDICE\s+ANALITICO|Indice\s+analitico)\.?$/u;

/** One page reference: `23`, `45-47`, `45–7`, `xii`, `23n`, `23 n.`, `45 f.`, `45 ff.`. */
const PAGE = String.raw`(?:\d{1,3}(?:\s?[-–]\s?\d{1,3})?(?:\s?n\.?|\s?ff?\.)?|[ivxlc]{1,6})`;
/** Page references at the end of an entry: after a comma, or set apart by two spaces or more or dot leaders. */
const TRAILING_PAGES = new RegExp(String.raw`(?:,\s*|\s*\.{2,}\s*|\s{2,})${PAGE}(?:\s*[,;]\s*${PAGE})*\.?\s*$`, 'u');

/** The line without its page references; the line itself when it has none (or would be left empty). */
function withoutPages(line: string): string {
  const m = TRAILING_PAGES.exec(line);
  if (!m) return line;
  const rest = line.slice(0, m.index);
  return /[\p{L}]/u.test(rest) ? rest.replace(/\s+$/, '') : line;
}

/** Share of the entries that must end in page numbers. */
const NUMBERED_SHARE = 0.6;

function indexPageNumbers(text: string, ctx: PassContext): string {
  if (!/Index|INDEX|ndice|NDICE|egister|EGISTER/.test(text)) return text;
  const list = readBlocks(text);
  const blocks = list.blocks;
  let head = -1;
  for (let k = blocks.length - 1; k >= Math.floor(blocks.length / 2); k--) {
    const b = blocks[k]!;
    if (b.lines.length === 1 && INDEX_HEADING.test(b.lines[0]!.trim())) {
      head = k;
      break;
    }
  }
  if (head < 0) return text;
  let end = head + 1;
  while (end < blocks.length && !LIST_HEADING.test(blocks[end]!.lines.join(' ').trim())) end++;
  const entries = blocks.slice(head + 1, end).flatMap((b) => b.lines).filter((l) => /\p{L}/u.test(l));
  if (entries.length === 0) return text;
  const numbered = entries.filter((l) => withoutPages(l) !== l).length;
  if (numbered < entries.length * NUMBERED_SHARE) return text;
  let changed = 0;
  const out: ReadonlyTextBlock[] = blocks.map((b, k) => {
    if (k <= head || k >= end) return b;
    const lines = b.lines.map((l) => {
      const bare = withoutPages(l);
      if (bare !== l) changed++;
      return bare;
    });
    return { lines, blankBefore: b.blankBefore };
  });
  if (changed === 0) return text;
  ctx.count(changed);
  return joinBlocks({ blocks: out, blankAfter: list.blankAfter });
}

export const indexPageNumbersPass: CleanPass = {
  id: 'indexPages',
  label: "Index entries whose page numbers were removed (they point at the source edition's pages)",
  run: indexPageNumbers,
};
