/**
 * The optional AI cleanup pass, step 1: choose the paragraphs of the cleaned Markdown that an AI model
 * may look at, and group them into chunks of a few thousand characters (one request each).
 *
 * Only plain prose paragraphs are sent. Everything whose line layout or markup carries meaning stays
 * out: headings, `::: verse` and other containers, footnote definitions (`[^1]: ...`), code (fenced or
 * indented), block quotes, lists, images, scene breaks, and paragraphs with hard line breaks.
 */
import { splitBlocks } from '../blocks.ts';
import { CONTAINER_CLOSE, isHeadingLine, isSceneBreakLine } from '../../structure/markdown-syntax.ts';
import { findSuspectParagraphs } from './suspect-paragraphs.ts';

/** One paragraph offered to the model. */
export interface AiParagraph {
  /** Index of the paragraph's block in `splitBlocks(markdown).blocks` (see `clean/blocks.ts`). */
  block: number;
  /** The paragraph's text: its source lines joined by single spaces (a soft line break reads as a space). */
  text: string;
}

/** One request's worth of paragraphs, in book order. */
export interface AiChunk {
  paragraphs: AiParagraph[];
}

/**
 * What the AI pass will send.
 * - `chunks`: the requests, in book order;
 * - `proseParagraphs`: plain prose paragraphs in the book (the ones that could be sent);
 * - `paragraphsSent`: how many of them are in `chunks`.
 */
export interface AiCleanupPlan {
  chunks: AiChunk[];
  proseParagraphs: number;
  paragraphsSent: number;
}

/**
 * Options of {@link planAiCleanup}.
 * - `select`: `'suspect'` (default) sends only paragraphs that look damaged by OCR
 *   (`suspect-paragraphs.ts`); `'all'` sends every prose paragraph.
 * - `maxChunkChars`: characters of paragraph text per chunk (default 3,000, about 750 tokens each way);
 *   a longer paragraph goes alone in its chunk.
 * - `maxChunkParagraphs`: paragraphs per chunk (default 12).
 * - `maxParagraphChars`: longer paragraphs are never sent (default 6,000): the similarity check of a
 *   longer answer would cost more than it saves, and such paragraphs are rare outside OCR accidents.
 */
export interface AiPlanOptions {
  select?: 'suspect' | 'all';
  maxChunkChars?: number;
  maxChunkParagraphs?: number;
  maxParagraphChars?: number;
}

/** Defaults of {@link AiPlanOptions}. */
export const AI_PLAN_DEFAULTS = {
  select: 'suspect',
  maxChunkChars: 3_000,
  maxChunkParagraphs: 12,
  maxParagraphChars: 6_000,
} as const satisfies Required<AiPlanOptions>;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const CONTAINER_OPEN = /^ {0,3}:::+\s*\S/;
const FOOTNOTE_DEFINITION = /^ {0,3}\[\^[^\]]+\]:/;
/** Lines that start a block other than a paragraph in CommonMark (quote, list item, indented code, HTML, table). */
const OTHER_BLOCK_START = /^(?: {4}|\t| {0,3}(?:>|[-+*][ \t]|\d{1,9}[.)](?:[ \t]|$)|<|\|))/;
const IMAGE_ONLY = /^ {0,3}!\[[^\]]*\]\([^)]*\)\s*$/;
/** A hard line break: a backslash or two spaces at the end of a line (CommonMark 6.7). */
const HARD_BREAK = /(?:\\| {2,})$/;

/** True when the lines of a block make one plain prose paragraph that the model may see. */
export function isProseParagraph(lines: readonly string[]): boolean {
  const first = lines[0] ?? '';
  if (isHeadingLine(first) || isSceneBreakLine(first) || FOOTNOTE_DEFINITION.test(first)) return false;
  if (IMAGE_ONLY.test(first)) return false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (OTHER_BLOCK_START.test(line) || FENCE.test(line) || /^ {0,3}:::/.test(line)) return false;
    if (i < lines.length - 1 && HARD_BREAK.test(line)) return false;
  }
  // At least three letters: a lone number or mark is nothing to correct.
  let letters = 0;
  for (const line of lines) {
    for (const _ of line.matchAll(/\p{L}/gu)) if (++letters >= 3) return true;
  }
  return false;
}

/**
 * Chooses the paragraphs of `markdown` the AI pass sends and groups them into chunks.
 * @param markdown the cleaned Markdown of a book (`books.cleanedText`), `\n` line ends.
 * @param options see {@link AiPlanOptions}; sizes are in UTF-16 characters.
 * @returns the chunks (possibly none) and counts. Never throws for any string.
 */
export function planAiCleanup(markdown: string, options: AiPlanOptions = {}): AiCleanupPlan {
  const opts = { ...AI_PLAN_DEFAULTS, ...definedOnly(options) };
  const { blocks } = splitBlocks(markdown.replace(/\r\n?/g, '\n'));
  const prose: AiParagraph[] = [];
  // Blocks inside a fenced code block or a container that `splitBlocks` cut at blank lines are skipped
  // until the closing fence.
  let closer: RegExp | null = null;
  for (let b = 0; b < blocks.length; b++) {
    const lines = blocks[b]!.lines;
    if (closer) {
      if (lines.some((l) => closer!.test(l))) closer = null;
      continue;
    }
    const first = lines[0] ?? '';
    const fence = FENCE.exec(first);
    if (fence) {
      const close = new RegExp(`^ {0,3}${fence[1]![0] === '`' ? '`' : '~'}{${fence[1]!.length},}\\s*$`);
      if (!lines.slice(1).some((l) => close.test(l))) closer = close;
      continue;
    }
    if (CONTAINER_OPEN.test(first)) {
      if (!lines.slice(1).some((l) => CONTAINER_CLOSE.test(l))) closer = CONTAINER_CLOSE;
      continue;
    }
    if (!isProseParagraph(lines)) continue;
    prose.push({ block: b, text: lines.map((l) => l.trim()).join(' ') });
  }

  const selected =
    opts.select === 'all' ? prose.map(() => true) : findSuspectParagraphs(prose.map((p) => p.text));
  const chunks: AiChunk[] = [];
  let current: AiParagraph[] = [];
  let chars = 0;
  let sent = 0;
  for (let i = 0; i < prose.length; i++) {
    const paragraph = prose[i]!;
    if (!selected[i] || paragraph.text.length > opts.maxParagraphChars) continue;
    if (current.length > 0 && (chars + paragraph.text.length > opts.maxChunkChars || current.length >= opts.maxChunkParagraphs)) {
      chunks.push({ paragraphs: current });
      current = [];
      chars = 0;
    }
    current.push(paragraph);
    chars += paragraph.text.length;
    sent++;
  }
  if (current.length > 0) chunks.push({ paragraphs: current });
  return { chunks, proseParagraphs: prose.length, paragraphsSent: sent };
}

function definedOnly(options: AiPlanOptions): AiPlanOptions {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as AiPlanOptions;
}
