/**
 * A new book from chosen passages: the Markdown (Quire's convention, `model/README.md`) of a document whose
 * chapters are the passages in the user's order. Each chapter is titled with its section's title (without the
 * source's chapter label, which would misnumber the new book) and opens with an italic credit line naming its
 * source (Chicago 14.106-14.110: a selection's source is credited with it):
 *
 *     From “Chapter III. The Christmas Spirit”, in The Spirit of Christmas by Henry van Dyke
 *
 * Footnotes referenced by the chosen blocks come along with new labels, `[^c<chapter>-<n>]` as cleanup numbers
 * them (ids `fn-c<chapter>-<n>`, as the parser names them), so two passages' notes never collide. Choices that overlap (a window and the same window widened, two
 * overlapping windows) are merged into the first of them, so no paragraph is printed twice.
 */
import {
  blockWordCount,
  inlineText,
  type Block,
  type BookDocument,
  type Chapter,
  type Inline,
  type TableRow,
} from '../model/book-document.ts';
import { serializeMarkdown } from '../markdown/serialize.ts';
import type { Segmentation, SourceSection } from './passages.ts';
import { rangesOverlap, resolvePassageId, type PassageRange } from './passage-id.ts';
import type { ChosenPassage } from './types.ts';

/** What {@link compileChosen} needs of the index. */
export interface CompileSource {
  doc: BookDocument;
  seg: Segmentation;
}

/** The compile request: the new book's title, the topic, the chosen passages in order, the source book. */
export interface CompileInput {
  title: string;
  topic: string;
  passages: readonly ChosenPassage[];
  source: { title: string; author: string };
}

/** The compiled Markdown, the words of its passages, and the ids that named no passage of this text. */
export interface CompileOutput {
  markdown: string;
  wordCount: number;
  unknownPassageIds: string[];
}

/** Builds the new book's Markdown (see the module comment). Never throws: unknown ids are reported and skipped. */
export function compileChosen(src: CompileSource, input: CompileInput): CompileOutput {
  const unknownPassageIds: string[] = [];
  const groups: PassageRange[] = [];
  for (const chosen of input.passages) {
    const range = resolvePassageId(src.seg, chosen.passageId, chosen.widen ?? false);
    if (!range) {
      if (!unknownPassageIds.includes(chosen.passageId)) unknownPassageIds.push(chosen.passageId);
      continue;
    }
    mergeInto(groups, range);
  }

  const footnotes: Record<string, Block[]> = {};
  const chapters: Chapter[] = groups.map((g, i) => {
    const section = src.seg.sections[g.section]!;
    const labels = new Map<string, string>();
    const rename = (id: string): string => {
      let label = labels.get(id);
      if (label === undefined) {
        label = `fn-c${i + 1}-${labels.size + 1}`;
        labels.set(id, label);
        const def = src.doc.footnotes[id];
        // A note's own references (rare) come along too; the label is taken first, so a cycle ends.
        footnotes[label] = def ? def.map((b) => mapBlock(b, rename)) : [{ type: 'paragraph', children: [] }];
      }
      return label;
    };
    const blocks = section.node.blocks.slice(g.from, g.to).map((b) => mapBlock(b, rename));
    return {
      type: 'chapter',
      id: `ch-${i + 1}`,
      title: chapterTitle(section),
      blocks: [creditLine(section, input.source), ...blocks],
    };
  });

  const doc: BookDocument = {
    meta: { title: input.title, author: input.source.author, language: src.doc.meta.language },
    front: [],
    body: chapters,
    back: [],
    footnotes,
    assets: {},
  };
  const wordCount = chapters.reduce((n, c) => n + blockWordCount(c.blocks.slice(1)), 0);
  return { markdown: serializeMarkdown(doc), wordCount, unknownPassageIds };
}

/**
 * Adds a range to the groups: merged into the first group of the same section that it overlaps (the union of two
 * overlapping ranges is one range), and groups that the union now overlaps are merged into it too.
 */
function mergeInto(groups: PassageRange[], range: PassageRange): void {
  const overlaps = (a: PassageRange, b: PassageRange) => a.section === b.section && rangesOverlap(a, b);
  const first = groups.find((g) => overlaps(g, range));
  if (!first) {
    groups.push({ ...range });
    return;
  }
  first.from = Math.min(first.from, range.from);
  first.to = Math.max(first.to, range.to);
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    if (g !== first && overlaps(g, first)) {
      first.from = Math.min(first.from, g.from);
      first.to = Math.max(first.to, g.to);
      groups.splice(i, 1);
    }
  }
}

/** The chapter's title in the new book: the section's title without its label, or the label when there is no title. */
function chapterTitle(section: SourceSection): Inline[] {
  const node = section.node;
  const title = node.title.filter((x) => x.type !== 'footnoteRef');
  if (inlineText(title).trim()) return title;
  return [{ type: 'text', value: section.title }];
}

/** The italic first paragraph naming the passage's source. */
function creditLine(section: SourceSection, book: { title: string; author: string }): Block {
  let text = `From “${section.title}”`;
  if (section.partTitle) text += `, in “${section.partTitle}”`;
  if (section.author) text += ` by ${section.author}`;
  text += `, in ${book.title}`;
  if (!section.author && book.author) text += ` by ${book.author}`;
  return { type: 'paragraph', children: [{ type: 'emphasis', children: [{ type: 'text', value: text }] }] };
}

/** A copy of a block with every footnote reference's id mapped by `rename`. */
function mapBlock(block: Block, rename: (id: string) => string): Block {
  const inl = (xs: readonly Inline[]): Inline[] => xs.map((x) => mapInline(x, rename));
  switch (block.type) {
    case 'paragraph':
      return { ...block, children: inl(block.children) };
    case 'heading':
      return { ...block, children: inl(block.children) };
    case 'speech':
      return { ...block, speaker: inl(block.speaker), children: block.children.map((b) => mapBlock(b, rename)) };
    case 'verse':
      return { ...block, stanzas: block.stanzas.map((st) => st.map((l) => ({ ...l, children: inl(l.children) }))) };
    case 'blockQuote':
      return { ...block, children: block.children.map((b) => mapBlock(b, rename)) };
    case 'list':
      return { ...block, items: block.items.map((item) => item.map((b) => mapBlock(b, rename))) };
    case 'figure':
      return { ...block, caption: inl(block.caption) };
    case 'table': {
      const row = (r: TableRow): TableRow => ({ cells: r.cells.map((c) => ({ ...c, children: inl(c.children) })) });
      return { ...block, caption: inl(block.caption), head: block.head.map(row), body: block.body.map(row), ...(block.note ? { note: inl(block.note) } : {}) };
    }
    case 'sceneBreak':
    case 'math':
    case 'code':
    case 'pageBreak':
      return block;
  }
}

function mapInline(node: Inline, rename: (id: string) => string): Inline {
  switch (node.type) {
    case 'footnoteRef':
      return { type: 'footnoteRef', id: rename(node.id) };
    case 'text':
    case 'lineBreak':
    case 'math':
    case 'code':
    case 'crossRef':
      return node;
    default:
      return { ...node, children: node.children.map((x) => mapInline(x, rename)) };
  }
}
