/**
 * Pass `ending`: the `THE END` (`FINIS`) a book closes with is set as an ending, centred after a space (Chicago
 * Manual of Style 1.4 lists it among the elements after the text; Standard Ebooks drops it, Vellum centres it),
 * not as a paragraph of running text: it becomes a `::: ending` container (`model/README.md`). Only the last
 * block of the text or of a chapter, alone in its paragraph, counts (pg11 Alice). Count: endings marked.
 */
import { HEADING_LINE } from '../../structure/markdown-syntax.ts';
import { joinBlocks, readBlocks, type ReadonlyTextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';

/** `THE END`, `The End.`, `FINIS`, `_Finis._`: the closing words, emphasis marks and a full stop allowed. */
const ENDING = /^[_*]*(?:THE\s+END|The\s+End|FINIS|Finis)\.?[_*]*\.?$/;

function markEnding(text: string, ctx: PassContext): string {
  if (!/\b(?:END|End|FINIS|Finis)\b/.test(text)) return text;
  const list = readBlocks(text);
  let made = 0;
  const blocks: ReadonlyTextBlock[] = list.blocks.flatMap((block, i) => {
    const next = list.blocks[i + 1];
    const last = next === undefined || HEADING_LINE.test(next.lines[0] ?? '') || /^\[\^[^\]\s]+\]:/.test(next.lines[0] ?? '');
    if (!last || block.lines.length !== 1 || !ENDING.test(block.lines[0]!.trim())) return [block];
    made++;
    return [{ lines: ['::: ending', block.lines[0]!.trim(), ':::'], blankBefore: block.blankBefore }];
  });
  if (made === 0) return text;
  ctx.count(made);
  return joinBlocks({ blocks, blankAfter: list.blankAfter });
}

export const markEndingPass: CleanPass = {
  id: 'ending',
  label: 'Closing THE END set as an ending',
  run: markEnding,
};
