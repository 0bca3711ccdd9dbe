/**
 * Pass `splitChapters`: Project Gutenberg's file-split chapters become whole again. Long chapters of the
 * early HTML-to-text conversions were cut into files of about 30 KB, and each piece repeats the chapter's
 * heading with the piece's number (pg731 Decline and Fall: `Chapter I: The Extent Of The Empire In The Age
 * Of The Antonines--Part I.`, `...--Part II.`, `...--Part III.`; sometimes a bare `PART II.` line inside
 * the second piece). The pieces are not parts of the book: read as headings they open a new chapter each,
 * and a bare `PART II.` nests every later chapter under a false part.
 *
 * The first piece's heading keeps the chapter heading without its `--Part I.`; the later pieces' headings
 * and a bare `PART <n>.` line inside piece `<n>` are removed, so the chapter runs on. A run is recognised
 * only when the same chapter heading comes with `Part I` and `Part II` at least. Count: heading lines
 * removed or shortened.
 */
import { classifyHeadingLine } from '../../structure/heading-lines.ts';
import { romanValue } from '../../structure/roman.ts';
import { joinBlocks, readBlocks, type ReadonlyTextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';

/** `<chapter heading>` + `--Part II.`, `.--Part II.`, `. Part IV.`, `—Part 2`. */
const PIECE = /^(.+?)[\s.]*(?:--|—|–)?\s*Part\s+([IVXLC]+|\d{1,2})\.?$/;
/** A part label alone (`PART II.`): a piece number repeated inside the piece. */
const BARE_PART = /^PART\s+([IVXLC]+|\d{1,2})\.?$/i;

/** The number of a piece (`II` -> 2, `3` -> 3), or undefined. */
function pieceNumber(s: string): number | undefined {
  const n = /^\d+$/.test(s) ? Number(s) : romanValue(s);
  return n !== undefined && n > 0 ? n : undefined;
}

/** Comparison key of a chapter heading: letters and digits, case folded. */
function key(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

interface Piece {
  block: number;
  base: string;
  n: number;
}

/**
 * Blocks of one line, or of two wrapped ones (`Chapter XVI: Conduct Towards The Christians, From Nero To` /
 * `Constantine.--Part I.`, pg732), that read as `<chapter heading>--Part <n>`.
 */
function piecesOf(blocks: readonly ReadonlyTextBlock[]): Piece[] {
  const out: Piece[] = [];
  blocks.forEach((b, block) => {
    if (b.lines.length > 2) return;
    const m = PIECE.exec(b.lines.map((l) => l.trim()).join(' '));
    if (!m) return;
    const n = pieceNumber(m[2]!);
    const base = m[1]!.trim();
    if (n === undefined || classifyHeadingLine(base)?.kind !== 'chapter') return;
    out.push({ block, base, n });
  });
  return out;
}

function joinSplitChapters(text: string, ctx: PassContext): string {
  if (!/Part\s+(?:[IVXLC]+|\d{1,2})\.?\s*$/m.test(text)) return text;
  const list = readBlocks(text);
  const pieces = piecesOf(list.blocks);
  const byKey = new Map<string, Piece[]>();
  for (const p of pieces) byKey.set(key(p.base), [...(byKey.get(key(p.base)) ?? []), p]);
  const keep = new Map<number, string>();
  const drop = new Set<number>();
  for (const run of byKey.values()) {
    const numbers = new Set(run.map((p) => p.n));
    if (!numbers.has(1) || !numbers.has(2)) continue;
    for (let k = 0; k < run.length; k++) {
      const p = run[k]!;
      if (p.n === 1) keep.set(p.block, p.base.replace(/[\s.]+$/, ''));
      else drop.add(p.block);
      // A bare `PART <n>.` inside this piece (before the next heading of the run) repeats the piece's number.
      const end = run[k + 1]?.block ?? list.blocks.length;
      for (let b = p.block + 1; b < end; b++) {
        const lines = list.blocks[b]!.lines;
        const bare = lines.length === 1 ? BARE_PART.exec(lines[0]!.trim()) : null;
        if (bare && pieceNumber(bare[1]!) === p.n && p.n > 1) drop.add(b);
        if (lines.length === 1 && classifyHeadingLine(lines[0]!)?.kind === 'chapter') break;
      }
    }
  }
  if (keep.size === 0 && drop.size === 0) return text;
  const blocks: ReadonlyTextBlock[] = [];
  let removedGap = false;
  list.blocks.forEach((b, i) => {
    if (drop.has(i)) {
      removedGap = true;
      return;
    }
    const heading = keep.get(i);
    // The text after a removed heading runs on as a paragraph of the chapter, not after a chapter gap.
    const blankBefore = removedGap ? Math.min(b.blankBefore, 1) : b.blankBefore;
    removedGap = false;
    blocks.push(heading === undefined ? { ...b, blankBefore } : { lines: [heading], blankBefore });
  });
  ctx.count(keep.size + drop.size);
  return joinBlocks({ blocks, blankAfter: list.blankAfter });
}

export const joinSplitChaptersPass: CleanPass = {
  id: 'splitChapters',
  label: 'File-split chapters joined (repeated "--Part II." headings removed)',
  run: joinSplitChapters,
};
