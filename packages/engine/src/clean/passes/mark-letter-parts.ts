/**
 * Pass `letterParts`: in a unit that is a letter (Frankenstein's `Letter 1` to `Letter 4`), the dateline,
 * salutation and signature become `::: dateline`, `::: salutation` and `::: signature` containers, so the
 * writers can set them as a letter is set (dateline and signature flush right). A valediction and the
 * name under it are one signature, two lines. Detection is in `structure/detect-letters.ts`. Runs on
 * unwrapped, escaped paragraphs; containers already in the text are kept (idempotent).
 * Count: letter parts marked.
 */
import { detectLetterRoles, type LetterBlockInput } from '../../structure/detect-letters.ts';
import { CONTAINER_CLOSE, isHeadingLine, isSceneBreakLine } from '../../structure/markdown-syntax.ts';
import { isVerseContainer, joinBlocks, readBlocks, type ReadonlyTextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';

/** A unit's heading that names it a letter: `# Letter 1`, `# LETTER IV. To his sister`. */
const LETTER_TITLE = /^ {0,3}# +(?:THE\s+)?(?:letter|epistle)\b/i;
/** A level-1 heading: a new unit. */
const UNIT_HEADING = /^ {0,3}# /;

function input(block: ReadonlyTextBlock): LetterBlockInput {
  const first = block.lines[0]!;
  if (isVerseContainer(block)) {
    const inner = block.lines.slice(1, CONTAINER_CLOSE.test(block.lines[block.lines.length - 1]!) ? -1 : undefined);
    return /^ {0,3}:::\s*verse\s*$/.test(first) && inner.length === 2 ? { verseLines: inner.map((l) => l.trim()) } : {};
  }
  if (block.lines.length !== 1 || isHeadingLine(first) || isSceneBreakLine(first)) return {};
  return { line: first };
}

function markLetterParts(text: string, ctx: PassContext): string {
  const list = readBlocks(text);
  const out: ReadonlyTextBlock[] = [];
  let marked = 0;
  const flushUnit = (unit: ReadonlyTextBlock[], letterTitle: boolean) => {
    const roles = detectLetterRoles(unit.map(input), letterTitle);
    for (let i = 0; i < unit.length; i++) {
      const role = roles[i];
      const block = unit[i]!;
      if (!role) {
        out.push(block);
        continue;
      }
      marked++;
      const lines = [...(input(block).verseLines ?? [block.lines[0]!.trim()])];
      // A valediction and the name under it: one signature of two lines.
      if (role === 'signature' && roles[i + 1] === 'signature' && unit[i + 1]) {
        lines.push(unit[i + 1]!.lines[0]!.trim());
        i++;
      }
      out.push({ ...block, lines: [`::: ${role}`, ...lines, ':::'] });
    }
  };
  let unit: ReadonlyTextBlock[] = [];
  let letterTitle = false;
  for (const block of list.blocks) {
    if (UNIT_HEADING.test(block.lines[0]!)) {
      flushUnit(unit, letterTitle);
      unit = [];
      out.push(block);
      letterTitle = LETTER_TITLE.test(block.lines[0]!);
      continue;
    }
    unit.push(block);
  }
  flushUnit(unit, letterTitle);
  if (marked === 0) return text;
  ctx.count(marked);
  return joinBlocks({ blocks: out, blankAfter: list.blankAfter });
}

export const markLetterPartsPass: CleanPass = {
  id: 'letterParts',
  label: 'Datelines, salutations and signatures of letters marked',
  run: markLetterParts,
};
