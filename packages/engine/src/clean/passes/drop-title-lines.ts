/**
 * Pass `titleLines`: the source's own title page at the top of the body (`Frankenstein;` / `or, the Modern
 * Prometheus` / `by` / `Mary Wollstonecraft (Godwin) Shelley`; `THE MILLENNIUM FULCRUM EDITION 3.0`;
 * `Translated by ...`; `With notes by ...`). Quire makes its own title and copyright pages from the book details
 * (Chicago 1.17-1.21), so the source's title page, recognised by `structure/detect-title-page.ts`, leaves the
 * text and what it says goes into the details: the subtitle (and the title without it), translator, editor and
 * what they did, edition, the source edition's imprint in the source credit. The author's name only fills in a
 * missing one. Without such a title page, any line of the first {@link WINDOW_BLOCKS} blocks that repeats the title or
 * author exactly is dropped (letters and digits compared, case ignored; `By`/`by` before the author
 * allowed; single-line blocks only). The source's title set again over each of its books goes too
 * ({@link dropRunningTitles}). Count: lines removed.
 */
import { detectTitlePage, titlePageDetails } from '../../structure/detect-title-page.ts';
import { classifyHeadingLine } from '../../structure/heading-lines.ts';
import { joinBlocks, readBlocks, type ReadonlyTextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';

/** The title page is within the first blocks of the body, before the first paragraph of prose. */
const WINDOW_BLOCKS = 12;
/** A block this long (lines joined) is prose: the title page is over. */
const PROSE_CHARS = 100;

function key(s: string): string {
  return s.toLowerCase().replace(/[’‘]/g, "'").replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Keys a line must equal to be a repeat of the title or author. */
function targetKeys(meta: PassContext['meta']): Set<string> {
  const keys = new Set<string>();
  const add = (s: string | undefined) => {
    const k = s ? key(s) : '';
    if (k.length >= 3) keys.add(k);
  };
  if (meta.title) {
    add(meta.title);
    // `Title: Frankenstein` + `or The Modern Prometheus`: the main title alone also counts.
    add(meta.title.split(/[:;]|\s+or,?\s+/i)[0]);
  }
  if (meta.author) {
    add(meta.author);
    add(`by ${meta.author}`);
  }
  return keys;
}

/** Drops the source's title page (see the file header); returns undefined when there is none. */
function dropTitlePage(text: string, ctx: PassContext): string | undefined {
  const list = readBlocks(text);
  const page = detectTitlePage(list.blocks, { title: ctx.meta.title, author: ctx.meta.author });
  if (!page) return undefined;
  ctx.record?.(titlePageDetails(page.facts, ctx.meta));
  ctx.count(page.lineCount);
  const dropped = new Set(page.dropped);
  const out: ReadonlyTextBlock[] = [];
  let pendingBlank = 0;
  list.blocks.forEach((block, i) => {
    if (dropped.has(i)) {
      pendingBlank = Math.max(pendingBlank, block.blankBefore);
      return;
    }
    out.push({ ...block, blankBefore: Math.max(block.blankBefore, pendingBlank) });
    pendingBlank = 0;
  });
  // The gap before the first block left is kept: the heading detection reads a line set apart as a heading.
  return joinBlocks({ blocks: out, blankAfter: list.blankAfter });
}

/** Times at least that a running title comes back over a division for it to be one. */
const RUNNING_TITLE_MIN = 3;

/**
 * The source's title set again over each of its books (`PUBLI VERGILI MARONIS` / `AENEIDOS` over every `LIBER`,
 * pg227): single lines that come back {@link RUNNING_TITLE_MIN} times or more, each time in a stack of such lines right
 * above a division's label, are the source's running title, not text; Quire sets the title on its own pages. Counted.
 */
function dropRunningTitles(text: string, ctx: PassContext): string {
  const list = readBlocks(text);
  const blocks = list.blocks;
  // A picture's tag (`[Illustration]` over every chapter) or a heading line is no running title.
  const single = (b: ReadonlyTextBlock) => (b.lines.length === 1 && !/^\s*(?:[[(#]|!\[)/.test(b.lines[0]!) ? key(b.lines[0]!) : '');
  const counts = new Map<string, number>();
  for (const b of blocks) {
    const k = single(b);
    if (k.length >= 6) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const repeated = new Set([...counts].filter(([, n]) => n >= RUNNING_TITLE_MIN).map(([k]) => k));
  if (repeated.size === 0) return text;
  const drop = new Set<number>();
  blocks.forEach((b, i) => {
    if (!repeated.has(single(b))) return;
    // The stack of repeated lines this one is in, and what stands under it.
    let j = i;
    while (j < blocks.length && repeated.has(single(blocks[j]!))) j++;
    const under = blocks[j];
    const label = under && under.lines.length === 1 ? classifyHeadingLine(under.lines[0]!) : undefined;
    if (label && (label.kind === 'chapter' || label.kind === 'part') && j - i <= 3) drop.add(i);
  });
  // Each line must come back over a division every time it is dropped there.
  const dropCounts = new Map<string, number>();
  for (const i of drop) dropCounts.set(single(blocks[i]!), (dropCounts.get(single(blocks[i]!)) ?? 0) + 1);
  for (const i of [...drop]) if ((dropCounts.get(single(blocks[i]!)) ?? 0) < RUNNING_TITLE_MIN) drop.delete(i);
  if (drop.size === 0) return text;
  ctx.count(drop.size);
  const out: ReadonlyTextBlock[] = [];
  let pendingBlank = 0;
  blocks.forEach((block, i) => {
    if (drop.has(i)) {
      pendingBlank = Math.max(pendingBlank, block.blankBefore);
      return;
    }
    out.push({ ...block, blankBefore: Math.max(block.blankBefore, pendingBlank) });
    pendingBlank = 0;
  });
  if (out[0]) out[0] = { ...out[0], blankBefore: 0 };
  return joinBlocks({ blocks: out, blankAfter: list.blankAfter });
}

function dropTitleLines(text: string, ctx: PassContext): string {
  return dropRunningTitles(dropTitleLinesAtTop(text, ctx), ctx);
}

function dropTitleLinesAtTop(text: string, ctx: PassContext): string {
  // A title page found is the whole of it: the author's name further down is a signature (an epigraph's), not a title-page line.
  const withoutPage = dropTitlePage(text, ctx);
  if (withoutPage !== undefined) return withoutPage;
  const keys = targetKeys(ctx.meta);
  if (keys.size === 0) return text;
  const list = readBlocks(text);
  const out: ReadonlyTextBlock[] = [];
  let removed = 0;
  let pendingBlank = 0;
  let inWindow = true;
  list.blocks.forEach((block, i) => {
    const line = block.lines[0]!;
    // The window ends at prose, and at the first block of several lines (a poem, an epigraph: its signature
    // may be the author's name, which is no title-page line).
    if (i >= WINDOW_BLOCKS || block.lines.length > 1 || block.lines.map((l) => l.trim()).join(' ').length >= PROSE_CHARS) inWindow = false;
    if (inWindow && block.lines.length === 1 && !/^\s*#/.test(line) && keys.has(key(line))) {
      removed++;
      pendingBlank = Math.max(pendingBlank, block.blankBefore);
      return;
    }
    out.push({ ...block, blankBefore: Math.max(block.blankBefore, pendingBlank) });
    pendingBlank = 0;
  });
  if (removed === 0) return text;
  ctx.count(removed);
  if (out[0]) out[0] = { ...out[0], blankBefore: 0 };
  return joinBlocks({ blocks: out, blankAfter: list.blankAfter });
}

export const dropTitleLinesPass: CleanPass = {
  id: 'titleLines',
  label: 'Lines of the source’s title page moved into the book details',
  run: dropTitleLines,
};
