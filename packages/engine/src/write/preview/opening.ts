/**
 * A book's opening, for a preview that must be ready in about a second whatever the book's length: the front
 * matter and the first chapter or two, enough text for the first 6-8 pages (title page, edition notice,
 * contents, the first chapter opening and a few text pages).
 *
 * Two steps, both linear and cheap: {@link openingMarkdown} cuts the Markdown before it is parsed (parsing War
 * and Peace whole takes 0.3 s and typesetting it 15 s), then {@link openingExcerpt} trims the parsed document to a
 * text budget at block boundaries.
 */
import type { Block, BookDocument, Chapter, Division, Inline, Section } from '../../model/book-document.ts';

/** How much of the Markdown {@link openingMarkdown} keeps, in characters. */
export interface OpeningMarkdownOptions {
  /** Cut at the first heading after this many characters (default 24,000: two or three chapters of a novel). */
  minChars?: number;
  /** Cut at a blank line by this many characters when no heading comes first (default 60,000). */
  maxChars?: number;
}

/** A heading line of Quire Markdown (`# CHAPTER I`, `## Preface {.front}`). */
const HEADING_LINE = /^#{1,2}\s/;
/** A footnote definition (`[^c1-2]: text`) and its indented continuation lines. */
const FOOTNOTE_DEFINITION = /^\[\^([^\]\s]+)\]:.*(?:\n(?: {2,}|\t).*)*/gm;

/**
 * The start of a book's Markdown, cut at a line boundary: at the first heading line at or after `minChars`, or
 * at the last blank line before `maxChars` (a chapter longer than that is cut inside). Footnote definitions kept
 * further down (a book's notes may all sit at its end) are appended when the kept text refers to them. A text
 * shorter than `minChars` is returned unchanged.
 */
export function openingMarkdown(markdown: string, options: OpeningMarkdownOptions = {}): string {
  const minChars = options.minChars ?? 24_000;
  const maxChars = options.maxChars ?? 60_000;
  if (markdown.length <= minChars) return markdown;
  let cut = -1;
  let offset = 0;
  for (const line of markdown.split('\n')) {
    if (offset >= minChars && HEADING_LINE.test(line)) {
      cut = offset;
      break;
    }
    offset += line.length + 1;
    if (offset > maxChars) break;
  }
  if (cut < 0 || cut > maxChars) {
    const blank = markdown.lastIndexOf('\n\n', maxChars);
    cut = blank > 0 ? blank : Math.min(markdown.length, maxChars);
  }
  const kept = markdown.slice(0, cut);
  const referenced = new Set([...kept.matchAll(/\[\^([^\]\s]+)\](?!:)/g)].map((m) => m[1]!));
  const defined = new Set([...kept.matchAll(FOOTNOTE_DEFINITION)].map((m) => m[1]!));
  const notes: string[] = [];
  for (const m of markdown.slice(cut).matchAll(FOOTNOTE_DEFINITION)) {
    if (referenced.has(m[1]!) && !defined.has(m[1]!)) notes.push(m[0]);
  }
  return notes.length > 0 ? `${kept.trimEnd()}\n\n${notes.join('\n\n')}\n` : kept;
}

/** Budgets of {@link openingExcerpt}, in characters of text. */
export interface OpeningExcerptOptions {
  /** Text of the body kept (default 9,000: about four 6 x 9 in pages of 11 pt text). */
  bodyChars?: number;
  /** Text of each front-matter section kept (default 2,500). */
  frontSectionChars?: number;
  /** Most chapters started (default 2). */
  maxChapters?: number;
}

function inlinesLength(inlines: readonly Inline[]): number {
  let n = 0;
  for (const inline of inlines) {
    if (inline.type === 'text') n += inline.value.length;
    else if ('children' in inline) n += inlinesLength(inline.children);
  }
  return n;
}

/** Characters of text in a block (verse, lists and quotes included), for the budget. */
function blockLength(block: Block): number {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return inlinesLength(block.children);
    case 'speech':
      return inlinesLength(block.speaker) + block.children.reduce((n, b) => n + blockLength(b), 0);
    case 'verse':
      return block.stanzas.reduce((n, stanza) => n + stanza.reduce((m, line) => m + inlinesLength(line.children) + 1, 0), 0);
    case 'blockQuote':
      return block.children.reduce((n, b) => n + blockLength(b), 0);
    case 'list':
      return block.items.reduce((n, item) => n + item.reduce((m, b) => m + blockLength(b), 0), 0);
    case 'figure':
      // A picture fills a good part of a page.
      return 1_500;
    case 'table':
      return [...block.head, ...block.body].reduce((n, r) => n + 80 + r.cells.reduce((m, c) => m + inlinesLength(c.children), 0), 0);
    case 'math':
      return 200;
    case 'code':
      return block.value.length + 40 * block.value.split('\n').length;
    case 'sceneBreak':
    case 'pageBreak':
      return 40;
  }
}

/** The first blocks whose text fits in `budget` characters (at least one block). */
function takeBlocks(blocks: readonly Block[], budget: number): { blocks: Block[]; used: number } {
  const out: Block[] = [];
  let used = 0;
  for (const block of blocks) {
    if (out.length > 0 && used >= budget) break;
    out.push(block);
    used += blockLength(block);
  }
  return { blocks: out, used };
}

/** Footnote ids referenced in blocks, so that the excerpt keeps only their definitions. */
function footnoteIds(blocks: readonly Block[], into: Set<string>): void {
  const inlines = (list: readonly Inline[]): void => {
    for (const inline of list) {
      if (inline.type === 'footnoteRef') into.add(inline.id);
      else if ('children' in inline) inlines(inline.children);
    }
  };
  for (const block of blocks) {
    switch (block.type) {
      case 'paragraph':
      case 'heading':
        inlines(block.children);
        break;
      case 'speech':
        inlines(block.speaker);
        footnoteIds(block.children, into);
        break;
      case 'verse':
        for (const stanza of block.stanzas) for (const line of stanza) inlines(line.children);
        break;
      case 'blockQuote':
        footnoteIds(block.children, into);
        break;
      case 'list':
        for (const item of block.items) footnoteIds(item, into);
        break;
      case 'figure':
        inlines(block.caption);
        break;
      case 'sceneBreak':
        break;
    }
  }
}

/**
 * The book's opening as a document of its own: every front-matter section (each cut to `frontSectionChars`),
 * then the body from its start, part titles included, until `bodyChars` of text or `maxChapters` chapters;
 * no back matter. Blocks are kept whole; only the footnotes and images the kept text uses are kept. The input
 * is not changed. A book with no body keeps its front matter only.
 */
export function openingExcerpt(doc: BookDocument, options: OpeningExcerptOptions = {}): BookDocument {
  const bodyChars = options.bodyChars ?? 9_000;
  const frontChars = options.frontSectionChars ?? 2_500;
  const maxChapters = options.maxChapters ?? 2;
  const front: Section[] = doc.front.map((section) => ({ ...section, blocks: takeBlocks(section.blocks, frontChars).blocks }));
  const body: Division[] = [];
  let left = bodyChars;
  let chapters = 0;
  const takeChapter = (chapter: Chapter): Chapter => {
    chapters += 1;
    const { blocks, used } = takeBlocks(chapter.blocks, left);
    left -= used;
    return { ...chapter, blocks };
  };
  for (const division of doc.body) {
    if (left <= 0 || chapters >= maxChapters) break;
    if (division.type === 'chapter') {
      body.push(takeChapter(division));
      continue;
    }
    const intro = takeBlocks(division.blocks, left);
    left -= intro.used;
    const kept: Chapter[] = [];
    for (const chapter of division.chapters) {
      if (left <= 0 || chapters >= maxChapters) break;
      kept.push(takeChapter(chapter));
    }
    body.push({ ...division, blocks: intro.blocks, chapters: kept });
  }
  const ids = new Set<string>();
  for (const section of front) footnoteIds(section.blocks, ids);
  for (const division of body) {
    footnoteIds(division.blocks, ids);
    if (division.type === 'part') for (const chapter of division.chapters) footnoteIds(chapter.blocks, ids);
  }
  const footnotes = Object.fromEntries(Object.entries(doc.footnotes).filter(([id]) => ids.has(id)));
  return { ...doc, front, body, back: [], footnotes };
}
