/**
 * Pass `blankLines`: exactly one blank line between blocks, none at the start, one newline at the end,
 * so the cleaned text reads evenly in the editor. Blank lines inside verse containers (between stanzas)
 * are kept as one. Count: blank lines removed.
 */
import { joinBlocks, readBlocks } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';

function tidyBlankLines(text: string, ctx: PassContext): string {
  const list = readBlocks(text);
  let removed = list.blankAfter;
  const blocks = list.blocks.map((block, i) => {
    const want = i === 0 ? 0 : 1;
    removed += Math.max(0, block.blankBefore - want);
    const lines: string[] = [];
    for (const line of block.lines) {
      if (line.trim() === '' && (lines.length === 0 || lines[lines.length - 1] === '')) {
        removed++;
        continue;
      }
      lines.push(line.trim() === '' ? '' : line);
    }
    return { lines, blankBefore: want };
  });
  if (removed > 0) ctx.count(removed);
  return joinBlocks({ blocks, blankAfter: 0 });
}

export const tidyBlankLinesPass: CleanPass = {
  id: 'blankLines',
  label: 'Extra blank lines removed',
  run: tidyBlankLines,
};
