/**
 * Pass `correctionsList`: a transcriber's list of corrections at the back (`back-lists.ts`) whose corrections are all
 * in the text (the transcriber made them, or `corrections` did) goes: it describes the e-text, not the book, and its
 * page and chapter references point at the source edition. A list with one correction the text does not hold, or
 * one that cannot be looked for, stays whole, so that nothing it says is lost. Count: lines removed.
 */
import { joinBlocks, type ReadonlyTextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';
import { LIST_KEYWORD } from './apply-corrections.ts';
import { isInText, readCorrectionLists } from './back-lists.ts';

/**
 * Share of a list's corrections the text must tell about (the rest: a comma or a quotation mark too short to find, a
 * punctuation change quoted with other punctuation than the text's).
 */
const CHECKED_SHARE = 0.5;

function dropCorrectionsList(text: string, ctx: PassContext): string {
  if (!LIST_KEYWORD.test(text)) return text;
  const { list, lists } = readCorrectionLists(text);
  if (lists.length === 0) return text;
  const inLists = new Set<number>();
  for (const l of lists) for (let k = l.start; k < l.end; k++) inLists.add(k);
  const rest = joinBlocks({ blocks: list.blocks.filter((_, k) => !inLists.has(k)), blankAfter: 0 });
  const drop = new Set<number>();
  for (const l of lists) {
    const named = l.corrections.filter((c) => c.corrected !== undefined);
    const checked = named.map((c) => isInText(c, rest)).filter((v) => v !== undefined);
    if (checked.length === 0 || checked.length < named.length * CHECKED_SHARE || checked.includes(false)) continue;
    for (let k = l.start; k < l.end; k++) drop.add(k);
  }
  if (drop.size === 0) return text;
  let removed = 0;
  const blocks: ReadonlyTextBlock[] = [];
  for (const [k, block] of list.blocks.entries()) {
    if (drop.has(k)) removed += block.lines.length;
    else blocks.push(block);
  }
  ctx.count(removed);
  return joinBlocks({ blocks, blankAfter: list.blankAfter });
}

export const dropCorrectionsListPass: CleanPass = {
  id: 'correctionsList',
  label: "Lines of the transcriber's list of corrections removed (the corrections are in the text)",
  run: dropCorrectionsList,
};
