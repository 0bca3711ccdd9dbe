/**
 * Pass `frontMatter`: a dedication or an epigraph that stands without a heading before the first heading
 * of the book becomes a front section of its kind, `# {.front .dedication}` / `# {.front .epigraph}`
 * (an untitled section: Chicago 1.37-1.38 prints neither a heading; every writer gives it its own page
 * and the navigation labels it by its kind). The text after it, up to the next such page or heading,
 * goes on in an untitled front section (`# {.front}`), as the text before the first heading always does.
 * What counts as a dedication or an epigraph is decided by `structure/detect-front-matter.ts`.
 * Nothing is done when the book has no heading (the whole text is then one chapter). Scene-break lines
 * that only separated two such pages are not kept (each page now opens a page of its own).
 * Count: front sections marked.
 */
import { detectFrontMatter } from '../../structure/detect-front-matter.ts';
import { isSceneBreakLine } from '../../structure/markdown-syntax.ts';
import { joinBlocks, readBlocks, type ReadonlyTextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';

/** A level-1 heading (a division or section of the book). */
const H1 = /^ {0,3}#(?:[ \t]|$)/;

function isSceneBreak(block: ReadonlyTextBlock): boolean {
  return block.lines.length === 1 && isSceneBreakLine(block.lines[0]!);
}

function markFrontMatter(text: string, ctx: PassContext): string {
  const list = readBlocks(text);
  const first = list.blocks.findIndex((b) => H1.test(b.lines[0]!));
  if (first <= 0) return text;
  const ranges = detectFrontMatter(list.blocks.slice(0, first), { author: ctx.meta.author });
  if (ranges.length === 0) return text;
  const out: ReadonlyTextBlock[] = list.blocks.slice(0, ranges[0]!.start);
  const heading = (line: string, blankBefore: number) => {
    out.push({ lines: [line], blankBefore: out.length === 0 ? 0 : Math.max(1, blankBefore) });
  };
  ranges.forEach((range, k) => {
    heading(`# {.front .${range.kind}}`, list.blocks[range.start]!.blankBefore);
    for (let i = range.start; i < range.end; i++) {
      const block = list.blocks[i]!;
      out.push(i === range.start ? { ...block, blankBefore: 1 } : block);
    }
    const restEnd = ranges[k + 1]?.start ?? first;
    const rest = list.blocks.slice(range.end, restEnd);
    if (rest.length === 0 || rest.every(isSceneBreak)) return;
    heading('# {.front}', rest[0]!.blankBefore);
    rest.forEach((block, i) => out.push(i === 0 ? { ...block, blankBefore: 1 } : block));
  });
  out.push(...list.blocks.slice(first));
  ctx.count(ranges.length);
  return joinBlocks({ blocks: out, blankAfter: list.blankAfter });
}

export const markFrontMatterPass: CleanPass = {
  id: 'frontMatter',
  label: 'Dedication and epigraph pages marked',
  run: markFrontMatter,
};
