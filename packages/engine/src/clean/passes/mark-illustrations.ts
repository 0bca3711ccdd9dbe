/**
 * Pass `figures`: Project Gutenberg's plain-text illustration tags become the captions of pictures the text does
 * not include, in Quire's Markdown.
 * - `[Illustration: A caption]` -> `![A caption]()`, an image without a source, which `markdown/parse.ts` reads as
 *   a `figure` without `src`: the caption of a picture the text edition does not have, which every writer sets as
 *   a caption (one centred, italic paragraph), never as an empty picture (model README, `figure`).
 * - A tag over several lines, even with blank lines inside before its `]`, is one caption (pg21054's `[Illustration:
 *   THE WORLD` / blank / `ON MERCATOR'S PROJECTION]`; pg1342 2020s: `[Illustration:` / blank / `“He came down to
 *   see the place”` / blank / `[_Copyright 1894 by George Allen._]]`). Its lines are joined into one paragraph, so
 *   that what the picture's plate printed under it (a publisher's imprint on the title's device, `GEORGE ALLEN` /
 *   `PUBLISHER` / `156 CHARING CROSS ROAD`; a frontispiece's legend, `Reading Jane’s Letters.  Chap 34.`; a
 *   dedication) stays inside the caption, never body text, title-page lines or verse (later passes would read the
 *   short centred lines of an unjoined tag as verse or as the title page).
 * - A chapter heading lettered into a heading picture, the last line of its tag (pg1342 2020s: `[Illustration:
 *   ·PRIDE AND PREJUDICE·` / blank / `Chapter I.]`), is the chapter's heading: it stays a line of its own after the
 *   caption, where the headings pass finds it.
 * - `[Illustration]` alone (no caption: only a picture that the text edition does not have) is removed; a scene
 *   break it alone kept from the break before it joins that break.
 * Only tags that make up whole blocks are rewritten; a tag inside a paragraph stays text, and so does one whose
 * brackets do not pair up within {@link MAX_TAG_BLOCKS} blocks. `[` and `]` inside the caption are escaped so the
 * image syntax holds. Count: tags rewritten or removed.
 */
import { classifyHeadingLine } from '../../structure/heading-lines.ts';
import { isHeadingLine, SCENE_BREAK } from '../../structure/markdown-syntax.ts';
import { isVerseContainer, joinBlocks, readBlocks, type ReadonlyTextBlock } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';

/** A tag's opening; what follows the colon is the caption. */
const TAG_OPEN = /^\[Illustration(?=[\s:\]]|$)/i;
/**
 * The most blocks one tag may span: pg1342 2020s' dedication plate is five blocks; a `[Illustration:` whose `]`
 * does not come within this many blocks is not one tag (a transcriber's slip), and is left as text.
 */
const MAX_TAG_BLOCKS = 8;

/** The most lines and characters of a block that continues a tag (the dedication plate: 5 lines, 150 characters). */
const MAX_PART_LINES = 8;
const MAX_PART_CHARS = 500;

/** A block short enough to be a line or legend of a picture's caption, not a paragraph of the text. */
function isCaptionSized(block: ReadonlyTextBlock): boolean {
  return block.lines.length <= MAX_PART_LINES && block.lines.reduce((n, l) => n + l.trim().length, 0) <= MAX_PART_CHARS;
}

/** A whole tag found at a block: its caption's parts (one per block, lines joined) and the blocks it spans. */
interface FoundTag {
  parts: string[];
  blocks: number;
}

/**
 * The tag that starts at block `i` and ends at the end of a block, its brackets paired; undefined when the block
 * does not open a tag, or the tag does not close at a block's end.
 */
function tagAt(blocks: readonly ReadonlyTextBlock[], i: number): FoundTag | undefined {
  const first = blocks[i]!.lines[0]!.trim();
  if (!TAG_OPEN.test(first)) return undefined;
  const parts: string[] = [];
  let depth = 0;
  for (let k = i; k < blocks.length && k < i + MAX_TAG_BLOCKS; k++) {
    const block = blocks[k]!;
    // A heading, scene break or container that cleanup wrote is never inside a tag, nor is a paragraph of prose.
    if (k > i && (isVerseContainer(block) || isHeadingLine(block.lines[0]!) || isSceneBreak(block) || !isCaptionSized(block))) return undefined;
    const text = block.lines.map((l) => l.trim()).join(' ');
    for (let c = 0; c < text.length; c++) {
      const ch = text[c];
      if (ch === '[') depth++;
      else if (ch === ']' && --depth === 0) {
        // The tag closes here: only at the end of the block is it a whole tag.
        if (c !== text.length - 1) return undefined;
        parts.push(text.slice(0, c));
        parts[0] = parts[0]!.replace(TAG_OPEN, '').replace(/^\s*:?/, '');
        return { parts: parts.map((p) => p.trim()).filter(Boolean), blocks: k - i + 1 };
      }
    }
    parts.push(text);
  }
  return undefined;
}

function markIllustrations(text: string, ctx: PassContext): string {
  if (!/\[Illustration/i.test(text)) return text;
  const list = readBlocks(text);
  const out: ReadonlyTextBlock[] = [];
  let changed = 0;
  let pendingBlank = 0;
  let droppedSinceBreak = false;
  const blocks = list.blocks;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    const tag = isVerseContainer(block) ? undefined : tagAt(blocks, i);
    if (!tag) {
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
    i += tag.blocks - 1;
    const parts = tag.parts;
    // A chapter heading lettered into the picture, after its caption: the chapter's own heading line.
    const last = parts.length > 1 ? parts[parts.length - 1]! : undefined;
    const heading = last !== undefined && classifyHeadingLine(last)?.kind === 'chapter' ? parts.pop() : undefined;
    const caption = parts.join(' ').replace(/\s+/g, ' ').trim();
    if (caption === '' && heading === undefined) {
      pendingBlank = Math.max(pendingBlank, block.blankBefore);
      droppedSinceBreak = true;
      continue;
    }
    const blankBefore = Math.max(1, block.blankBefore, pendingBlank);
    if (caption !== '') out.push({ lines: [`![${caption.replace(/([[\]\\])/g, '\\$1')}]()`], blankBefore });
    // Two blank lines before and after a heading line: Project Gutenberg's spacing of a chapter heading.
    if (heading !== undefined) out.push({ lines: [heading], blankBefore: caption !== '' ? 2 : blankBefore });
    pendingBlank = heading !== undefined ? 2 : 0;
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
  label: 'Captions of pictures the text does not include set as captions (bare illustration tags removed)',
  run: markIllustrations,
};
