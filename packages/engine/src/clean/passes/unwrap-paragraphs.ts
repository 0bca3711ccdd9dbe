/**
 * Pass `unwrapped`: hard-wrapped prose paragraphs (plain-text books break lines at about 70 columns)
 * become one line each, so the layout engine can set them; runs of spaces inside a paragraph (the
 * typewriter double space after a full stop) become one space. Headings, verse containers and scene
 * breaks are left as they are; a footnote's later paragraphs keep their four-space indent. Count: paragraphs unwrapped.
 */
import { isHeadingLine, isSceneBreakLine } from '../../structure/markdown-syntax.ts';
import { isNoteContinuation, isNoteDefinition, isVerseContainer, joinBlocks, readBlocks } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';

function unwrapParagraphs(text: string, ctx: PassContext): string {
  const list = readBlocks(text);
  let changed = 0;
  let inNote = false;
  const blocks = list.blocks.map((block) => {
    const first = block.lines[0]!;
    // A later paragraph of a footnote keeps its four-space indent, which ties it to its definition.
    const continuation = isNoteContinuation(block, inNote);
    inNote = continuation || isNoteDefinition(block);
    if (isVerseContainer(block) || (block.lines.length === 1 && (isHeadingLine(first) || isSceneBreakLine(first)))) {
      return block;
    }
    let body = block.lines.map((l) => l.trim()).join(' ');
    // Runs of spaces are looked for only where there is one.
    if (body.includes('  ')) body = body.replace(/ {2,}/g, ' ');
    const joined = (continuation ? '    ' : '') + body;
    if (block.lines.length === 1 && joined === first) return block;
    changed++;
    return { ...block, lines: [joined] };
  });
  if (changed === 0) return text;
  ctx.count(changed);
  return joinBlocks({ blocks, blankAfter: list.blankAfter });
}

export const unwrapParagraphsPass: CleanPass = {
  id: 'unwrapped',
  label: 'Hard-wrapped paragraphs joined into one line',
  run: unwrapParagraphs,
};
