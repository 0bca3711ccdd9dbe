/**
 * Block handlers of the Typst writer: one per {@link Block} type. Blocks are separated by a blank
 * line (a paragraph break in Typst). The `quire-*` functions called here are defined by the
 * template in `template.ts`.
 */
import type { Block, VerseLine } from '../../model/book-document.ts';
import { escapeTypst } from './escape.ts';
import { renderInlines } from './inlines.ts';
import type { Handlers, TypstState } from './state.ts';

/** Deepest verse indent honoured, in levels of 1 em (deeper lines would leave the text block). */
const MAX_VERSE_INDENT = 12;

const blockHandlers = {
  paragraph: (node, state) => renderInlines(node.children, state),
  heading: (node, state) => `#quire-subhead(${node.level})[${renderInlines(node.children, state)}]`,
  sceneBreak: () => '#quire-scene-break()',
  verse: (node, state) => node.stanzas.map((stanza) => renderStanza(stanza, state)).join('\n\n'),
  blockQuote: (node, state) => `#quire-quote[\n${renderBlocks(node.children, state)}\n]`,
  list: (node, state) => {
    const items = node.items.map((item) => `[\n${renderBlocks(item, state)}\n]`).join('');
    return `#quire-list(${node.ordered ? 'true' : 'false'})${items}`;
  },
  // Images are not embedded yet (the model holds only a reference); the caption, or the alt text
  // when there is none, is printed in italics where the illustration stood.
  figure: (node, state) => {
    const caption = node.caption.length > 0 ? renderInlines(node.caption, state) : escapeTypst(node.alt);
    return caption === '' ? '' : `#quire-figure[${caption}]`;
  },
} satisfies Handlers<Block, TypstState>;

/**
 * One stanza: `#quire-stanza((indent, [line]), ...)`; each line is its own paragraph, so line breaks
 * are kept and a long line wraps with a hanging indent (Chicago Manual 13.24, poetry extracts).
 */
function renderStanza(lines: readonly VerseLine[], state: TypstState): string {
  if (lines.length === 0) return '';
  const items = lines.map((line) => {
    const indent = Math.min(MAX_VERSE_INDENT, Math.max(0, Math.trunc(line.indent) || 0));
    return `(${indent}, [${renderInlines(line.children, state)}]),`;
  });
  return `#quire-stanza(${items.join(' ')})`;
}

/** Typst markup for flow content: one block per paragraph, separated by blank lines. */
export function renderBlocks(blocks: readonly Block[], state: TypstState): string {
  const parts: string[] = [];
  for (const node of blocks) {
    const handler = blockHandlers[node.type] as (n: Block, s: TypstState) => string;
    const markup = handler(node, state);
    if (markup.trim() !== '') parts.push(markup);
  }
  return parts.join('\n\n');
}
