/**
 * Pass `advertisements`: the publisher's advertisements printed after the end of the book (catalogues of other
 * titles with their prices, `BOOKS BY THE SAME AUTHOR`, series lists, `12mo. Cloth. Handsomely printed and
 * illustrated.`, `PRICE, 60 CENTS PER VOLUME. POSTPAID.`, the publisher's address) are not the book: they go.
 *
 * Nothing before the book's closing words is looked at: the last `THE END` / `FINIS` / `FIN` / `ENDE` / `FIM` /
 * `FINE` alone in its paragraph opens the search. The text after it is cut into groups at gaps of three blank lines
 * and more (as the sources set each advertisement apart). A group advertises when it shows a price, a publisher's
 * name or address, a catalogue or a series, or two signs of a book's format (`Cloth`, `12mo`, `Oktavband`), one
 * sign every {@link LINES_PER_SIGN} lines at least; or when it lists titles line after line beside such a group.
 * The advertisements removed run from the first such group to the end of the text, or to a transcriber's list of
 * corrections or a back section of the book (an index, notes), which stay; groups that advertise hold three
 * quarters of their lines at least. Short groups before the first (the book's own dateline,
 * `Valencia.--Octubre-Diciembre 1898.`, pairs/pg14944) stay. Sources: pairs/pg20053 (Grosset & Dunlap's series after
 * The Rover Boys in the Air), pairs/pg14944 (La Novela Literaria after La Barraca). Count: lines removed.
 *
 * - [ ] Advertisements after a last chapter with no closing words (pairs/pg19163 Märchen für Kinder: `In demselben
 *   Verlage ... sind erschienen:`) stay.
 */
import { joinBlocks, readBlocks, type ReadonlyTextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';
import { LIST_HEADING } from './back-lists.ts';

/** The book's closing words, alone in their paragraph. */
const ENDING = /^[_*=\s]*(?:THE\s+END|The\s+End|FINIS|Finis|FIN|Fin|ENDE|Ende|FIM|Fim|FINE|Fine)[.!]?[_*=\s]*\.?$/;

/** A rule of asterisks (or dashes): no line of a group's. */
const RULE = /^[\s*\-_=·.]+$/;

/** A price: `$1.00`, `60 CENTS`, `PRICE`, `Preis 3 Mk.`, `3 Mark`, `_2 pesetas_`, `Tres pesetas`, `3s. 6d.`, `net`, `postpaid`. */
const PRICE =
  /\$\s?\d|(?<!\p{N})\d+(?:[.,]\d+)?\s*(?:cents?|pesetas?|ptas?\.|francs?|fr\.|Mk\.?|Mark|lire|réis|shillings?)(?![\p{L}])|\b(?:price|prices|preis|precio|prix|prezzo|postpaid|post[- ]?free|post[- ]?paid|pesetas|ptas\.|centavos|cents|shillings)(?![\p{L}])|\b\d+s\.\s*\d*d?\.?|\bnet\.?$/iu;

/** A publisher, an address, a catalogue, a series, the author's other books. */
const PUBLISHER =
  /\b(?:publishers?|publishing\s+(?:co|company|house)|grosset\s*&\s*dunlap|&\s*(?:co|company|sons|bros?)\b\.?|verlag\w*|verlagsbuchhandlung|buchhandlung|editorial|editores|éditeurs?|librairie|librer[ií]as?|apartado|pedidos|catalogue|catalog|catálogo|katalog|send\s+for|books\s+by|by\s+the\s+same\s+author|uniform\s+with|series|serie|reihe|colección|collection|biblioteca|volúmenes\s+publicados|obras\s+publicadas|in\s+preparation|now\s+ready|just\s+published|del\s+mismo\s+autor|du\s+même\s+auteur|vom\s+selben\s+verfasser|in\s+gleichem\s+verlag)\b/iu;

/** A book's format and binding. */
const FORMAT =
  /\b(?:\d{1,2}mo|8vo|4to|octavo|oktav\w*|cloth|kaliko|leinen|gebunden|bound|binding|boards|illustrated|illustrations|handsomely|printed|volumes?|vols?\.|tomos?|ejemplares|bände?|band|auflage|edition)\b/iu;

/** A line that names a book in a list: short, or `Or, The Secret of the Old Mill`. */
function isTitleLine(line: string): boolean {
  const t = line.trim();
  return t.length > 0 && t.length <= 70;
}

/** One group of blocks after the end, and whether it advertises. */
interface Group {
  from: number;
  to: number;
  lines: number;
  /** A price, a publisher, or two signs of a format. */
  evidence: boolean;
  /** Most of its blocks are one or two short lines: a list of titles. */
  titles: boolean;
  /** A transcriber's list of corrections, or a section of the book's back matter (an index, notes), opens it. */
  stops: boolean;
}

function readGroup(blocks: readonly ReadonlyTextBlock[], from: number, to: number): Group {
  let lines = 0;
  let signs = 0;
  let formats = 0;
  let short = 0;
  let counted = 0;
  for (let k = from; k < to; k++) {
    const block = blocks[k]!;
    if (block.lines.every((l) => RULE.test(l))) continue;
    counted++;
    lines += block.lines.length;
    if (block.lines.length <= 2 && block.lines.every(isTitleLine)) short++;
    for (const line of block.lines) {
      if (PRICE.test(line) || PUBLISHER.test(line)) signs++;
      else if (FORMAT.test(line)) formats++;
    }
  }
  const first = blocks[from]?.lines.map((l) => l.trim()).join(' ') ?? '';
  return {
    from,
    to,
    lines,
    // One sign in a long run of text is a word of the book (an index entry `Series, geological`): one a page at least.
    evidence: signs + Math.floor(formats / 2) >= Math.max(1, lines / LINES_PER_SIGN),
    titles: counted >= 6 && short >= counted * 0.7,
    stops: LIST_HEADING.test(first) || BACK_SECTION.test(first),
  };
}

/** Lines of an advertisement per sign of one, at most (a page of a catalogue shows a price or a publisher). */
const LINES_PER_SIGN = 40;

/** The headings of the book's own back matter, after which nothing is taken for an advertisement. */
const BACK_SECTION =
  /^(?:INDEX|Index|ÍNDICE|Índice|INDICE|Indice|REGISTER|Register|NOTES|Notes|NOTAS|Notas|ANMERKUNGEN|Anmerkungen|APPENDIX|Appendix|GLOSSARY|Glossary|CONTENTS|Contents|TABLE\s+DES\s+MATI[ÈE]RES|Table\s+des\s+mati[èe]res|INHALT|Inhalt)\b/u;

/** Groups of three quarters of the removed lines at least must advertise. */
const AD_SHARE = 0.75;
/** Groups before the first advertisement that stay (the book's dateline, a signature): so many lines at most. */
const MAX_KEPT_BEFORE = 4;

function dropAdvertisements(text: string, ctx: PassContext): string {
  if (!/\b(?:END|End|FINIS|Finis|FIN|Fin|ENDE|Ende|FIM|Fim|FINE|Fine)\b/.test(text)) return text;
  const list = readBlocks(text);
  const blocks = list.blocks;
  let end = -1;
  for (let k = blocks.length - 1; k >= 0; k--) {
    if (blocks[k]!.lines.length === 1 && ENDING.test(blocks[k]!.lines[0]!)) {
      end = k;
      break;
    }
  }
  if (end < 0 || end === blocks.length - 1) return text;
  // Groups: a gap of three blank lines, a transcriber's list or a back section opens the next.
  const groups: Group[] = [];
  let from = end + 1;
  for (let k = end + 2; k <= blocks.length; k++) {
    const block = blocks[k];
    const opens = block === undefined || block.blankBefore >= 3 || LIST_HEADING.test(block.lines.join(' ').trim()) || BACK_SECTION.test(block.lines[0]!.trim());
    if (!opens) continue;
    groups.push(readGroup(blocks, from, k));
    from = k;
  }
  // The advertisements end where a transcriber's list or the book's back matter begins, or with the text.
  let last = groups.findIndex((g) => g.stops);
  if (last < 0) last = groups.length;
  const ads = groups.slice(0, last);
  const advertises = (g: Group, k: number) =>
    g.evidence || (g.titles && (ads[k - 1]?.evidence === true || ads[k + 1]?.evidence === true));
  const first = ads.findIndex(advertises);
  if (first < 0) return text;
  const before = ads.slice(0, first).reduce((n, g) => n + g.lines, 0);
  if (before > MAX_KEPT_BEFORE) return text;
  const span = ads.slice(first);
  const total = span.reduce((n, g) => n + g.lines, 0);
  const advertising = span.reduce((n, g, k) => n + (advertises(g, k + first) ? g.lines : 0), 0);
  if (total === 0 || advertising < total * AD_SHARE) return text;
  // A price or a publisher somewhere: a format and a list of titles alone are no advertisement.
  if (!span.some((g) => g.evidence)) return text;
  const cutFrom = span[0]!.from;
  const cutTo = span.at(-1)!.to;
  let removed = 0;
  for (let k = cutFrom; k < cutTo; k++) removed += blocks[k]!.lines.length;
  ctx.count(removed);
  const kept = [...blocks.slice(0, cutFrom), ...blocks.slice(cutTo)];
  return joinBlocks({ blocks: kept, blankAfter: list.blankAfter });
}

export const dropAdvertisementsPass: CleanPass = {
  id: 'advertisements',
  label: "Lines of the publisher's advertisements after the end removed",
  run: dropAdvertisements,
};
