/**
 * Pass `verse`: blocks whose line breaks are the author's (poems, songs, verse drama, addresses) are
 * kept line by line in a `::: verse` container instead of being unwrapped as prose (Leaves of Grass,
 * Faust, the songs in Alice). Consecutive verse blocks separated by one blank line are stanzas of one
 * container. Inside, leading indentation is kept as indent levels of two spaces, relative to the
 * least-indented line; hanging-indent continuations are joined (see `structure/detect-verse.ts`).
 * Count: verse lines kept.
 */
import { isLineByLine, joinHangingLines, wrapWidth } from '../../structure/detect-verse.ts';
import { isHeadingLine, isSceneBreakLine } from '../../structure/markdown-syntax.ts';
import { isVerseContainer, joinBlocks, splitBlocks, type TextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';

/** Deepest indent level written (deeper indentation is clamped). */
const MAX_LEVEL = 8;

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function isPlainBlock(block: TextBlock): boolean {
  const first = block.lines[0]!;
  return !isVerseContainer(block) && !isHeadingLine(first) && !(block.lines.length === 1 && isSceneBreakLine(first));
}

/** Writes stanzas as a verse container; indentation becomes levels of two spaces. */
function container(stanzas: string[][]): string[] {
  const all = stanzas.flat();
  const base = Math.min(...all.map(indentOf));
  const out = ['::: verse'];
  stanzas.forEach((stanza, k) => {
    if (k > 0) out.push('');
    for (const line of stanza) {
      const level = Math.min(MAX_LEVEL, Math.round((indentOf(line) - base) / 2));
      // A line that reads as the closing fence would end the container early: escape it.
      const content = line.trim().replace(/^:::/, '\\:::');
      out.push('  '.repeat(level) + content);
    }
  });
  out.push(':::');
  return out;
}

function markVerse(text: string, ctx: PassContext): string {
  const list = splitBlocks(text);
  const width = wrapWidth(list.blocks.filter(isPlainBlock));
  const out: TextBlock[] = [];
  let stanzas: string[][] = [];
  let stanzaBlank = 0;
  let kept = 0;
  const flush = () => {
    if (stanzas.length === 0) return;
    out.push({ lines: container(stanzas), blankBefore: stanzaBlank });
    stanzas = [];
  };
  for (const block of list.blocks) {
    if (isPlainBlock(block) && isLineByLine(block.lines, width)) {
      const lines = joinHangingLines(block.lines, width);
      if (stanzas.length > 0 && block.blankBefore > 1) flush();
      if (stanzas.length === 0) stanzaBlank = block.blankBefore;
      stanzas.push(lines);
      kept += lines.length;
      continue;
    }
    flush();
    out.push(block);
  }
  flush();
  if (kept === 0) return text;
  ctx.count(kept);
  return joinBlocks({ blocks: out, blankAfter: list.blankAfter });
}

export const markVersePass: CleanPass = {
  id: 'verse',
  label: 'Lines of verse kept line by line',
  run: markVerse,
};
