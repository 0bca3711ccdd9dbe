/**
 * Pass `titleLines`: the title-page lines Project Gutenberg keeps at the top of the body
 * (`PRIDE AND PREJUDICE` / `By Jane Austen`). Quire makes its own title page from the metadata, so a
 * line is dropped only when it repeats the metadata title or author exactly (letters and digits compared,
 * case ignored; `By`/`by` before the author allowed). Only the first {@link WINDOW_BLOCKS} blocks are
 * looked at, and only single-line blocks. Count: lines removed.
 */
import { joinBlocks, splitBlocks, type TextBlock } from '../blocks.ts';
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

function dropTitleLines(text: string, ctx: PassContext): string {
  const keys = targetKeys(ctx.meta);
  if (keys.size === 0) return text;
  const list = splitBlocks(text);
  const out: TextBlock[] = [];
  let removed = 0;
  let pendingBlank = 0;
  let inWindow = true;
  list.blocks.forEach((block, i) => {
    const line = block.lines[0]!;
    if (i >= WINDOW_BLOCKS || block.lines.map((l) => l.trim()).join(' ').length >= PROSE_CHARS) inWindow = false;
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
  label: 'Title and author lines removed (they repeat the book details)',
  run: dropTitleLines,
};
