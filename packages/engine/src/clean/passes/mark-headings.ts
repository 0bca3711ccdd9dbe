/**
 * Pass `headings`: chapter, part, front- and back-matter headings become Markdown headings
 * (`# CHAPTER I. Down the Rabbit-Hole`, `# BOOK ONE: 1805 {.part}`, `# Preface {.front .preface}`).
 * The decisions are made over the whole book by `structure/detect-headings.ts`.
 * A text that already has Markdown headings (a Markdown upload, or cleanup's own output) is left as it
 * is: the author's structure wins, and cleanup stays idempotent. Count: headings written.
 */
import { detectHeadings } from '../../structure/detect-headings.ts';
import { headingMarkdown } from '../../structure/heading-markdown.ts';
import { hasHeadingLine, HEADING_LINE } from '../../structure/markdown-syntax.ts';
import { joinBlocks, readBlocks, type ReadonlyTextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';

function markHeadings(text: string, ctx: PassContext): string {
  if (hasHeadingLine(text)) return text;
  const list = readBlocks(text);
  const clusters = detectHeadings(list.blocks);
  if (clusters.length === 0) return text;
  const out: ReadonlyTextBlock[] = [];
  let written = 0;
  let c = 0;
  let afterHeading = false;
  for (let i = 0; i < list.blocks.length; i++) {
    const block = list.blocks[i]!;
    const cluster = clusters[c];
    if (cluster && cluster.start === i) {
      cluster.headings.forEach((h, k) => {
        const line = headingMarkdown(h);
        if (!HEADING_LINE.test(line)) return;
        out.push({ lines: [line], blankBefore: out.length === 0 ? 0 : k === 0 ? Math.max(block.blankBefore, 1) : 1 });
        written++;
      });
      i = cluster.end - 1;
      c++;
      afterHeading = true;
      continue;
    }
    out.push(afterHeading ? { ...block, blankBefore: Math.max(1, block.blankBefore) } : block);
    afterHeading = false;
  }
  ctx.count(written);
  return joinBlocks({ blocks: out, blankAfter: list.blankAfter });
}

export const markHeadingsPass: CleanPass = {
  id: 'headings',
  label: 'Chapter, part and section headings marked',
  run: markHeadings,
};
