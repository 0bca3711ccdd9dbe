/**
 * Pass `figures`: Project Gutenberg's plain-text illustration tags become figures in Quire's Markdown.
 * - `[Illustration: A caption]` (possibly over several lines, pg1342 2020s: `[Illustration: “Why, it’s
 *   only ...”]`) -> `![A caption]()`, an image without a source, which `markdown/parse.ts` reads as a
 *   `figure` whose caption is the text (model README: `src` is absent when only a caption survives).
 * - `[Illustration]` alone (no caption: only a picture that the text edition does not have) is removed.
 * Only tags that make up a whole block are rewritten; a tag inside a paragraph stays text. `[` and `]`
 * inside the caption are escaped so the image syntax holds. Count: tags rewritten or removed.
 */
import { isVerseContainer, joinBlocks, splitBlocks, type TextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';

const TAG = /^\[Illustration(?::\s*([\s\S]*?))?\s*\]$/i;

function markIllustrations(text: string, ctx: PassContext): string {
  if (!/\[Illustration/i.test(text)) return text;
  const list = splitBlocks(text);
  const out: TextBlock[] = [];
  let changed = 0;
  let pendingBlank = 0;
  for (const block of list.blocks) {
    if (isVerseContainer(block)) {
      out.push(block);
      continue;
    }
    const joined = block.lines.map((l) => l.trim()).join(' ');
    const m = TAG.exec(joined);
    // A caption with brackets of its own that do not pair up is not one tag.
    if (!m || (m[1] !== undefined && /\[|\]/.test(m[1].replace(/\[[^[\]]*\]/g, '')))) {
      out.push(pendingBlank > 0 ? { ...block, blankBefore: Math.max(block.blankBefore, pendingBlank) } : block);
      pendingBlank = 0;
      continue;
    }
    changed++;
    const caption = (m[1] ?? '').trim();
    if (caption === '') {
      pendingBlank = Math.max(pendingBlank, block.blankBefore);
      continue;
    }
    const escaped = caption.replace(/([[\]\\])/g, '\\$1');
    out.push({ lines: [`![${escaped}]()`], blankBefore: Math.max(1, block.blankBefore, pendingBlank) });
    pendingBlank = 0;
  }
  if (changed === 0) return text;
  ctx.count(changed);
  if (out[0]) out[0] = { ...out[0], blankBefore: 0 };
  return joinBlocks({ blocks: out, blankAfter: list.blankAfter });
}

export const markIllustrationsPass: CleanPass = {
  id: 'figures',
  label: 'Illustration tags turned into figure captions',
  run: markIllustrations,
};
