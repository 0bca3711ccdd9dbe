/**
 * Walking a document: every block in reading order, and the runs of inline content each block holds itself. The
 * one place that knows which block kinds nest blocks (quotations, speeches, list items, parts' chapters) and which
 * hold inlines (paragraphs, headings, speakers, verse lines, captions, table cells and notes), so that a walker
 * written for one purpose does not miss a kind added later.
 */
import type { Block, BookDocument, Inline } from './book-document.ts';

/**
 * Calls `visit` for every block of `doc`: front matter, body (a part's own blocks, then its chapters'), back
 * matter, then the footnotes in id order; a block that holds blocks (a quotation, a speech, a list) before the
 * blocks it holds. Never throws (unless `visit` does).
 */
export function forEachBlock(doc: Pick<BookDocument, 'front' | 'body' | 'back' | 'footnotes'>, visit: (block: Block) => void): void {
  const blocks = (bs: readonly Block[]): void => {
    for (const b of bs) {
      visit(b);
      if (b.type === 'blockQuote' || b.type === 'speech') blocks(b.children);
      else if (b.type === 'list') for (const item of b.items) blocks(item);
    }
  };
  for (const s of doc.front) blocks(s.blocks);
  for (const d of doc.body) {
    blocks(d.blocks);
    if (d.type === 'part') for (const c of d.chapters) blocks(c.blocks);
  }
  for (const s of doc.back) blocks(s.blocks);
  for (const note of Object.values(doc.footnotes)) blocks(note);
}

/**
 * The runs of inline content a block holds itself, not those of the blocks it holds: a paragraph's or heading's
 * children, a speech's speaker, each verse line, a figure's caption, a table's caption, note and each cell.
 * `[]` for blocks of no inline content (code, math, scene and page breaks, quotations and lists).
 */
export function ownInlines(block: Block): (readonly Inline[])[] {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return [block.children];
    case 'speech':
      return [block.speaker];
    case 'verse':
      return block.stanzas.flatMap((stanza) => stanza.map((line) => line.children));
    case 'figure':
      return [block.caption];
    case 'table':
      return [block.caption, ...(block.note ? [block.note] : []), ...[...block.head, ...block.body].flatMap((row) => row.cells.map((c) => c.children))];
    default:
      return [];
  }
}

/** Calls `visit` for every inline of `inlines` and below it (emphasis, links, small capitals), depth first. */
export function forEachInline(inlines: readonly Inline[], visit: (inline: Inline) => void): void {
  for (let i = 0; i < inlines.length; i++) {
    const x = inlines[i]!;
    visit(x);
    if ('children' in x) forEachInline(x.children, visit);
  }
}
