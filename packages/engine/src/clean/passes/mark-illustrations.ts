/**
 * Pass `figures`: Project Gutenberg's plain-text illustration tags become figures in Quire's Markdown.
 * - `[Illustration: A caption]` (possibly over several lines, pg1342 2020s: `[Illustration: “Why, it’s
 *   only ...”]`) -> `![A caption]()`, an image without a source, which `markdown/parse.ts` reads as a
 *   `figure` whose caption is the text (model README: `src` is absent when only a caption survives).
 * - `[Illustration]` alone (no caption: only a picture that the text edition does not have) is removed; a scene
 *   break it alone kept from the break before it joins that break.
 * Only tags that make up a whole block are rewritten; a tag inside a paragraph stays text. `[` and `]`
 * inside the caption are escaped so the image syntax holds. Count: tags rewritten or removed.
 */
import { SCENE_BREAK } from '../../structure/markdown-syntax.ts';
import { isVerseContainer, joinBlocks, readBlocks, type ReadonlyTextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';

const TAG = /^\[Illustration(?::\s*([\s\S]*?))?\s*\]$/i;

function markIllustrations(text: string, ctx: PassContext): string {
  if (!/\[Illustration/i.test(text)) return text;
  const list = readBlocks(text);
  const out: ReadonlyTextBlock[] = [];
  let changed = 0;
  let pendingBlank = 0;
  let droppedSinceBreak = false;
  for (const block of list.blocks) {
    if (isVerseContainer(block)) {
      out.push(block);
      droppedSinceBreak = false;
      continue;
    }
    const joined = block.lines.map((l) => l.trim()).join(' ');
    const m = TAG.exec(joined);
    // A caption with brackets of its own that do not pair up is not one tag.
    if (!m || (m[1] !== undefined && /\[|\]/.test(m[1].replace(/\[[^[\]]*\]/g, '')))) {
      // A scene break that a removed bare tag alone kept from the break before it is the same break (the
      // `sceneBreaks` pass merges a run of breaks with only blank lines between them).
      if (droppedSinceBreak && isSceneBreak(block) && out.length > 0 && isSceneBreak(out[out.length - 1]!)) {
        pendingBlank = 0;
        droppedSinceBreak = false;
        continue;
      }
      out.push(pendingBlank > 0 ? { ...block, blankBefore: Math.max(block.blankBefore, pendingBlank) } : block);
      pendingBlank = 0;
      droppedSinceBreak = false;
      continue;
    }
    changed++;
    const caption = (m[1] ?? '').trim();
    if (caption === '') {
      pendingBlank = Math.max(pendingBlank, block.blankBefore);
      droppedSinceBreak = true;
      continue;
    }
    const escaped = caption.replace(/([[\]\\])/g, '\\$1');
    out.push({ lines: [`![${escaped}]()`], blankBefore: Math.max(1, block.blankBefore, pendingBlank) });
    pendingBlank = 0;
    droppedSinceBreak = false;
  }
  if (changed === 0) return text;
  ctx.count(changed);
  if (out[0]) out[0] = { ...out[0], blankBefore: 0 };
  return joinBlocks({ blocks: out, blankAfter: list.blankAfter });
}

/** A block that is only the scene break the `sceneBreaks` pass writes. */
function isSceneBreak(block: ReadonlyTextBlock): boolean {
  return block.lines.length === 1 && block.lines[0] === SCENE_BREAK;
}

export const markIllustrationsPass: CleanPass = {
  id: 'figures',
  label: 'Illustration tags turned into figure captions',
  run: markIllustrations,
};
