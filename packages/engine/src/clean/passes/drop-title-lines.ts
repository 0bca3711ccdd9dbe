/**
 * Pass `titleLines`: the source's own title page at the top of the body (`Frankenstein;` / `or, the Modern
 * Prometheus` / `by` / `Mary Wollstonecraft (Godwin) Shelley`; `THE MILLENNIUM FULCRUM EDITION 3.0`;
 * `Translated by ...`; `With notes by ...`). Quire makes its own title and copyright pages from the book details
 * (Chicago 1.17-1.21), so the source's title page, recognised by `structure/detect-title-page.ts`, leaves the
 * text and what it says goes into the details: the subtitle (and the title without it), translator, editor and
 * what they did, edition, the source edition's imprint in the source credit. The author's name only fills in a
 * missing one. Without such a title page, any line of the first {@link WINDOW_BLOCKS} blocks that repeats the title or
 * author exactly is dropped (letters and digits compared, case ignored; `By`/`by` before the author
 * allowed; single-line blocks only). Count: lines removed.
 */
import { detectTitlePage, titlePageDetails } from '../../structure/detect-title-page.ts';
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

function dropTitleLines(text: string, ctx: PassContext): string {
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
