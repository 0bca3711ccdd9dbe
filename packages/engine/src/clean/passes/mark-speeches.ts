/**
 * Pass `speeches`: a play's speeches and stage directions (The Importance of Being Earnest: `Algernon.
 * Did you hear ...`, `[Enter Lane.]`) become `::: speech Algernon` and `::: stage` containers, so every
 * writer can set the speaker in small capitals and the directions in italics. Which books are plays, and
 * who speaks, is decided in `structure/detect-speeches.ts`. Directions inside a speech are set in italics too. Runs on unwrapped, escaped paragraphs;
 * containers already in the text are kept (idempotent). Count: speeches and stage directions marked.
 */
import { detectSpeeches, type SpeechInput } from '../../structure/detect-speeches.ts';
import { isHeadingLine, isSceneBreakLine, SPEECH_OPEN } from '../../structure/markdown-syntax.ts';
import { isVerseContainer, joinBlocks, readBlocks, type ReadonlyTextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';
import { escapeParagraph } from './escape-markdown.ts';

/**
 * A direction inside a speech (`[Languidly.] I don't know`, `Heaven—[Jack puts out his hand.] Please`) is set in
 * italics like a direction of its own (Standard Ebooks `z3998:stage-direction`; Chicago 13.47 on plays): its
 * brackets are wrapped in `_..._`. A note reference (`[^c1-2]`) or a bracket holding `_` is left as it is.
 */
export function italicDirections(line: string): string {
  return line.replace(/(?<![\p{L}\p{N}_\\])\[(?!\^)([^[\]_\n]+)\](?![\p{L}\p{N}_(])/gu, '_[$1]_');
}

function markSpeeches(text: string, ctx: PassContext): string {
  const list = readBlocks(text);
  const inputs: SpeechInput[] = list.blocks.map((block) => {
    const first = block.lines[0]!;
    if (isVerseContainer(block)) {
      const m = SPEECH_OPEN.exec(first);
      return m ? { speaker: m[1]! } : {};
    }
    if (block.lines.length !== 1 || isHeadingLine(first) || isSceneBreakLine(first)) return {};
    return { line: first };
  });
  const marks = detectSpeeches(inputs);
  let marked = 0;
  const blocks: ReadonlyTextBlock[] = list.blocks.map((block, i) => {
    const mark = marks[i];
    if (!mark) return block;
    marked++;
    if (mark.kind === 'stage') return { ...block, lines: ['::: stage', block.lines[0]!.trim(), ':::'] };
    // The speech's text now starts a paragraph: escape what Markdown would read as syntax there.
    return { ...block, lines: [`::: speech ${mark.speaker}`, italicDirections(escapeParagraph(mark.text).line), ':::'] };
  });
  if (marked === 0) return text;
  ctx.count(marked);
  return joinBlocks({ blocks, blankAfter: list.blankAfter });
}

export const markSpeechesPass: CleanPass = {
  id: 'speeches',
  label: 'Speeches and stage directions of a play marked',
  run: markSpeeches,
};
