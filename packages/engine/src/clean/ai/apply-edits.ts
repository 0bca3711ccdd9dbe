/**
 * The optional AI cleanup pass, last step: write accepted corrections into the Markdown. The text may
 * have been edited by the user while the pass ran, so an edit lands only where its block still reads as
 * it did when it was sent; every other byte of the text is kept as it is.
 */
import { splitBlocks } from '../blocks.ts';
import { isProseParagraph } from './plan-chunks.ts';
import type { AiEdit } from './review-chunk.ts';

/** The Markdown with the edits, how many were applied, and how many no longer matched their block. */
export interface AiApplyResult {
  markdown: string;
  applied: number;
  stale: number;
}

/**
 * Replaces each edited paragraph (all its source lines) with its corrected single line.
 * @param markdown the current cleaned Markdown (`\r\n` is read as `\n`; the answer uses `\n`).
 * @param edits accepted edits from `reviewAiChunk`, any order, at most one per block.
 * @returns the new Markdown and counts. Never throws.
 */
export function applyAiEdits(markdown: string, edits: readonly AiEdit[]): AiApplyResult {
  const text = markdown.replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  const { blocks } = splitBlocks(text);
  // First line of each block: blocks are the non-blank runs of `lines`, in order (blank lines occur only
  // between blocks, or inside a verse container, which is one block).
  const starts: number[] = [];
  let at = 0;
  for (const block of blocks) {
    while (at < lines.length && lines[at]!.trim() === '') at++;
    starts.push(at);
    at += block.lines.length;
  }
  const byBlock = new Map(edits.map((e) => [e.block, e]));
  let applied = 0;
  const out: string[] = [];
  let next = 0;
  for (let b = 0; b < blocks.length; b++) {
    const edit = byBlock.get(b);
    if (!edit) continue;
    const block = blocks[b]!;
    if (!isProseParagraph(block.lines) || block.lines.map((l) => l.trim()).join(' ') !== edit.original) continue;
    const start = starts[b]!;
    out.push(...lines.slice(next, start), edit.text);
    next = start + block.lines.length;
    applied++;
  }
  if (applied === 0) return { markdown: text, applied, stale: edits.length };
  out.push(...lines.slice(next));
  return { markdown: out.join('\n'), applied, stale: edits.length - applied };
}
