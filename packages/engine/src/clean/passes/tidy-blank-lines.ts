/**
 * Pass `blankLines`: exactly one blank line between blocks, none at the start, one newline at the end,
 * so the cleaned text reads evenly in the editor. Blank lines inside verse containers (between stanzas)
 * are kept as one. A scene break right after another is dropped: passes after `sceneBreaks` can remove what
 * stood between two (a header cut, a bare illustration tag), and a second cleaning would merge them
 * (`sceneBreaks`: a run of breaks is one). Count: blank lines removed, and scene breaks merged.
 */
import { SCENE_BREAK } from '../../structure/markdown-syntax.ts';
import { joinBlocks, readBlocks, type ReadonlyTextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';

/** A block that is one scene break, as `sceneBreaks` writes it. */
function isSceneBreak(block: ReadonlyTextBlock): boolean {
  return block.lines.length === 1 && block.lines[0] === SCENE_BREAK;
}

function tidyBlankLines(text: string, ctx: PassContext): string {
  const list = readBlocks(text);
  let removed = list.blankAfter;
  const kept = list.blocks.filter((block, i) => !(i > 0 && isSceneBreak(block) && isSceneBreak(list.blocks[i - 1]!)));
  removed += list.blocks.length - kept.length;
  const blocks = kept.map((block, i) => {
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
