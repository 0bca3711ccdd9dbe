/**
 * Pass `contents`: the book's own table of contents (and list of illustrations). Quire generates a
 * contents page from the headings, and a printed list with page numbers of another edition is wrong in
 * ours (pg1342 2020s: `Heading to Chapter I. ........ 1`).
 *
 * A list starts at a `CONTENTS` / `TABLE OF CONTENTS` / `LIST OF ILLUSTRATIONS` line (also inside an
 * illustration tag, `[Illustration: List of Illustrations.]`) and runs over short entry lines. It ends
 * - before the first prose block (a transcriber's note, pg2701), or
 * - before a line that repeats an earlier entry: the body's first heading (pg2600 `BOOK ONE: 1805`,
 *   pg2680 `INTRODUCTION`, pg84 `Letter 1`).
 * The list is dropped only when it proves to be one: at least one entry comes back later as a line of
 * the text, or most entries end in a page number. Otherwise nothing is removed (never drop body text).
 * Count: lines removed.
 */
import { isVerseContainer, joinBlocks, readBlocks, type ReadonlyTextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';
import { NUMBER_SOURCE } from '../../structure/roman.ts';

const LIST_HEADING =
  /^(?:\[Illustration:\s*)?(?:TABLE\s+OF\s+)?(?:(?:DETAILED|ANALYTICAL|GENERAL)\s+)?(?:CONTENTS|LIST\s+OF\s+ILLUSTRATIONS|ILLUSTRATIONS|INHALT|INHALTSVERZEICHNIS|INHALTS-?[ÜU]BERSICHT|TABLE\s+DES\s+MATI[EÈ]RES|SOMMAIRE|[ÍI]NDICE(?:\s+GENERAL)?|SUM[AÁ]RIO|CAP[ÍI]TULOS)[.:]?\]?$/iu;
/** Contents pages are at the front: search the first 20% of the text (at least 2,000 lines). */
const SEARCH_SHARE = 0.2;
/** A trailing page number: Arabic or lower/upper Roman, maybe after dot leaders. */
const PAGE_NUMBER = /(?:\s|\.)(?:\d{1,4}|[ivxlcdm]{1,7}|[IVXLCDM]{1,7})$/;

/** An entry that is only a numbered label (`CHAPTER I`, `Letter 2`, `XIV.`): it repeats within a list. */
const GENERIC_ENTRY = new RegExp(
  `^(?:(?:chapter|chap\\.|book|part|letter|volume|act|scene|section|canto|stave)\\s+)?${NUMBER_SOURCE}\\.?$`,
  'i',
);

/** Comparison key of an entry or heading: letters and digits only, lowercase, page number dropped. */
export function entryKey(line: string): string {
  const trimmed = line.trim();
  if (GENERIC_ENTRY.test(trimmed)) return trimmed.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return trimmed
    .replace(/(?:\s|\.){2,}(?:\d{1,4}|[ivxlcdm]{1,7})$/i, '')
    .replace(/\s+\d{1,4}$/, '')
    .replace(/\([^)]*\)/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Lines of a chapter's synopsis in an analytical contents, at most (pg2009's longest is 13). */
const SYNOPSIS_MAX_LINES = 16;

/** A transcriber's note ends a list (pg2680, pg2701). */
const NOTE_HEADING = /^(?:Original\s+)?Transcriber['’]?s?\s+Notes?\s*[:.]?$/i;

/** Cheap comparison key of a body line (no page number to strip there). */
function lineKey(line: string): string {
  return line.replace(/\([^)]*\)/g, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function isEntryBlock(block: ReadonlyTextBlock): boolean {
  // Cleanup's own structure (a verse container, a heading) ends a list.
  if (isVerseContainer(block) || /^ {0,3}#/.test(block.lines[0] ?? '')) return false;
  if (block.lines.some((l) => l.trim().length > 90)) return false;
  if (block.lines.length <= 2) return true;
  return block.lines.every((l) => l.trim().length <= 50 || PAGE_NUMBER.test(l.trim()));
}

/** The number of lines of `text` (`text.split('\n').length`, counted without the lines made). */
function lineCount(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

function dropContentsList(text: string, ctx: PassContext): string {
  const list = readBlocks(text);
  const blocks = list.blocks;
  let removed = 0;
  const keep = new Array<boolean>(blocks.length).fill(true);
  let lineNo = 0;
  const total = text.length === 0 ? 0 : lineCount(text);
  const searchLines = Math.max(2000, total * SEARCH_SHARE);
  for (let b = 0; b < blocks.length; b++) {
    const block = blocks[b]!;
    lineNo += block.blankBefore + block.lines.length;
    if (lineNo > searchLines) break;
    if (block.lines.length !== 1 || !LIST_HEADING.test(block.lines[0]!.trim())) continue;
    // Collect entry blocks after the heading.
    const seen = new Set<string>();
    let firstKey: string | undefined;
    const entries: string[] = [];
    let synopses = 0;
    let end = b + 1; // exclusive
    for (; end < blocks.length; end++) {
      const candidate = blocks[end]!;
      if (!isEntryBlock(candidate)) {
        // An analytical contents gives each chapter a synopsis (`Causes of Variability--Effects of Habit ...`,
        // pg2009): a block of prose between an entry and the next chapter's bare label is part of the list.
        const next = blocks[end + 1];
        // The first synopsis must lead to a bare label (`CHAPTER II.`); once the list has them, to any entry (`INDEX.`).
        // A label met before (`Letter 1` again) is the body's first heading, and the prose before it is the book's.
        const nextIsLabel = next !== undefined && next.lines.length === 1 && GENERIC_ENTRY.test(next.lines[0]!.trim()) && !seen.has(entryKey(next.lines[0]!));
        const synopsis = end > b + 1 && candidate.lines.length <= SYNOPSIS_MAX_LINES && next !== undefined && (nextIsLabel || (synopses > 0 && isEntryBlock(next)));
        if (!synopsis) break;
        entries.push(...candidate.lines.map((l) => l.trim()));
        synopses++;
        continue;
      }
      if (candidate.lines.some((l) => NOTE_HEADING.test(l.trim()))) break;
      // The body starts where the first entry, or any entry that is more than a bare number, comes back.
      const repeats = candidate.lines.some((l) => {
        const k = entryKey(l);
        return k !== '' && (k === firstKey || (seen.has(k) && !GENERIC_ENTRY.test(l.trim())));
      });
      if (repeats) break;
      for (const l of candidate.lines) {
        const k = entryKey(l);
        if (k === '') continue;
        firstKey ??= k;
        seen.add(k);
      }
      entries.push(...candidate.lines.map((l) => l.trim()));
    }
    if (entries.length < 2) continue;
    // A synopsis after the last chapter's label still belongs to the list when the body starts right after it.
    const paged = entries.filter((e) => PAGE_NUMBER.test(e) && !GENERIC_ENTRY.test(e)).length;
    let proven = synopses === 0 && paged / entries.length >= 0.6;
    if (!proven) {
      // Some entry comes back later as a line of its own (the body's heading).
      const wanted = new Set(entries.map(entryKey).filter((k) => k !== ''));
      proven = blocks.slice(end).some((blk) => blk.lines.some((l) => l.length <= 120 && wanted.has(lineKey(l))));
    }
    if (!proven) continue;
    if (synopses === 0 && paged / entries.length >= 0.6) {
      // Proven by its page numbers: the list ends with the last numbered entry (a short line after it,
      // `Chapter I.`, is already the book).
      while (end > b + 1 && !blocks[end - 1]!.lines.some((l) => PAGE_NUMBER.test(l.trim()) && !GENERIC_ENTRY.test(l.trim()))) end--;
    }
    for (let k = b; k < end; k++) {
      keep[k] = false;
      removed += blocks[k]!.lines.length;
    }
    b = end - 1;
  }
  if (removed === 0) return text;
  ctx.count(removed);
  const out: ReadonlyTextBlock[] = [];
  let pendingBlank = 0;
  blocks.forEach((block, i) => {
    if (keep[i]) {
      out.push({ ...block, blankBefore: Math.max(block.blankBefore, pendingBlank) });
      pendingBlank = 0;
    } else {
      pendingBlank = Math.max(pendingBlank, block.blankBefore);
    }
  });
  if (out[0]) out[0] = { ...out[0], blankBefore: 0 };
  return joinBlocks({ blocks: out, blankAfter: list.blankAfter });
}

export const dropContentsListPass: CleanPass = {
  id: 'contents',
  label: 'Lines of the original contents list removed (Quire makes its own)',
  run: dropContentsList,
};
