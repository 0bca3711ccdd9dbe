/**
 * Block handlers of the Typst writer: one per {@link Block} type. Blocks are separated by a blank
 * line (a paragraph break in Typst). The `quire-*` functions called here are defined by the
 * template in `template.ts`.
 */
import { inlineText, type Block, type ParagraphRole, type VerseLine } from '../../model/book-document.ts';
import { numberingFor } from '../numbering.ts';
import { isSceneLabel } from '../../structure/heading-lines.ts';
import { renderCodeBlock, renderDisplayMath } from './equations.ts';
import { renderFigure } from './figures.ts';
import { renderTable } from './tables.ts';
import { renderInlines } from './inlines.ts';
import { markParagraph } from './balance.ts';
import type { Handlers, TypstState } from './state.ts';

/** Deepest verse indent honoured, in levels of 1 em (deeper lines would leave the text block). */
const MAX_VERSE_INDENT = 12;

const blockHandlers = {
  paragraph: (node, state) =>
    node.role ? `#quire-role("${TYPST_ROLE[node.role]}")[${renderInlines(node.children, state)}]` : renderInlines(node.children, state),
  speech: (node, state) => renderSpeech(node, state),
  // A play's scene is bookmarked under its act (the PDF's outline lists the scenes, as the HTML edition's headings do).
  heading: (node, state) => `#quire-subhead(${node.level}${isSceneLabel(inlineText(node.children)) ? ', bookmarked: true' : ''})[${renderInlines(node.children, state)}]${headingLabel(node, state)}`,
  sceneBreak: () => '#quire-scene-break()',
  verse: (node, state) => node.stanzas.map((stanza) => renderStanza(stanza, state)).join('\n\n'),
  blockQuote: (node, state) => `#quire-quote[\n${renderBlocks(node.children, state)}\n]`,
  list: (node, state) => {
    const items = node.items.map((item) => `[\n${renderBlocks(item, state)}\n]`).join('');
    return `#quire-list(${node.ordered ? 'true' : 'false'})${items}`;
  },
  figure: (node, state) => renderFigure(node, state),
  table: (node, state) => renderTable(node, state),
  math: (node, state) => renderDisplayMath(node, state),
  code: (node) => renderCodeBlock(node),
  pageBreak: () => '#pagebreak(weak: true)',
} satisfies Handlers<Block, TypstState>;

/**
 * The label of a sub-heading the author gave an id (`## Method {#sec:method}`) or that a link names by its text
 * (`[](#method)`), from its anchor (`<ref-sec-method>`), so that a cross-reference's link lands on it; `''` else.
 */
function headingLabel(node: Extract<Block, { type: 'heading' }>, state: TypstState): string {
  const numbering = numberingFor(state.doc, state.layout);
  const target = node.id !== undefined ? numbering.target(node.id) : numbering.headingTarget(node);
  return target ? `<${target.anchor}>` : '';
}

/** Role names the template's `quire-role` knows (a closed set: never user text). */
const TYPST_ROLE: Readonly<Record<ParagraphRole, string>> = {
  dateline: 'dateline',
  salutation: 'salutation',
  signature: 'signature',
  stageDirection: 'stage',
  persona: 'persona',
  ending: 'ending',
};

/**
 * A speech: the speaker's name in small capitals, run in at the start of the first paragraph when the
 * speech opens with plain prose (`ALGERNON. Did you hear ...`, the usual setting of prose drama), or on a
 * line of its own above verse (Faust) or a stage direction.
 */
function renderSpeech(node: Extract<Block, { type: 'speech' }>, state: TypstState): string {
  const speaker = renderInlines(node.speaker, state);
  const [first, ...rest] = node.children;
  if (first && first.type === 'paragraph' && !first.role) {
    const lead = `#quire-speaker[${speaker}];${renderInlines(first.children, state)}`;
    return `#quire-speech[\n${[lead, renderBlocks(rest, state)].filter((x) => x !== '').join('\n\n')}\n]`;
  }
  return `#quire-speech[\n${[`#quire-speaker-line[${speaker}]`, renderBlocks(node.children, state)].filter((x) => x !== '').join('\n\n')}\n]`;
}

/** A verse line that only numbers a section of its poem (`1`, `VII.`, `[3]`): Leaves of Grass numbers its long poems so. */
const SECTION_NUMBER_LINE = /^[[(]?(?:\d{1,3}|[IVXLC]{1,7})[.)\]]?$/u;

/**
 * Which lines of a stanza stick to the line after them, so that a page break never leaves one line of a stanza
 * alone: the first line stays with the second at a page's foot, the second-to-last with the last at a page's head
 * (Bringhurst, The Elements of Typographic Style 2.4.8, widows and orphans; a stanza broken across pages keeps two
 * lines on each side), and a line that only numbers the poem's section stays with the first two lines it opens.
 * Returns one flag per line.
 */
export function stickyVerseLines(lines: readonly string[]): boolean[] {
  const n = lines.length;
  const numbered = n > 0 && SECTION_NUMBER_LINE.test(lines[0]!.trim());
  return lines.map((_, i) => i < n - 1 && (i === 0 || i === n - 2 || (numbered && i === 1)));
}

/**
 * One stanza: `#quire-stanza((indent, [line], sticky), ...)`; each line is its own paragraph, so line breaks
 * are kept and a long line wraps with a hanging indent (Chicago Manual 13.24, poetry extracts); `sticky` lines
 * ({@link stickyVerseLines}) keep the page break away from them.
 */
function renderStanza(lines: readonly VerseLine[], state: TypstState): string {
  if (lines.length === 0) return '';
  const sticky = stickyVerseLines(lines.map((line) => inlineText(line.children)));
  const items = lines.map((line, i) => {
    const indent = Math.min(MAX_VERSE_INDENT, Math.max(0, Math.trunc(line.indent) || 0));
    return `(${indent}, [${renderInlines(line.children, state)}], ${sticky[i] ? 'true' : 'false'}),`;
  });
  return `#quire-stanza(${items.join(' ')})`;
}

/**
 * Whether a heading of `level` runs in at the start of the paragraph after it: APA 7th ed. levels 4 and 5
 * (section 2.27, Table 2.3), as the academic layout's `headingLevels` say.
 */
function runsIn(level: number, state: TypstState): boolean {
  const levels = state.layout.academic?.headingLevels ?? [];
  return levels.length > 0 && (levels[Math.min(level, levels.length) - 1]?.runIn ?? false);
}

/**
 * Typst markup for flow content: one block per paragraph, separated by blank lines. `running`: the blocks are a
 * chapter's or section's running text (not a note, quotation or display page), whose plain paragraphs are marked
 * for the spread balancing of two-sided books (`balance.ts`).
 */
export function renderBlocks(blocks: readonly Block[], state: TypstState, running = false): string {
  const marked = running && state.balanceSpreads;
  const parts: string[] = [];
  for (let i = 0; i < blocks.length; i += 1) {
    const node = blocks[i]!;
    const next = blocks[i + 1];
    if (node.type === 'heading' && runsIn(node.level, state) && next?.type === 'paragraph' && !next.role) {
      parts.push(`#quire-run-in-heading(${node.level}, [${renderInlines(node.children, state)}])${headingLabel(node, state)} ${renderInlines(next.children, state)}`);
      i += 1;
      continue;
    }
    const handler = blockHandlers[node.type] as (n: Block, s: TypstState) => string;
    const markup = handler(node, state);
    if (markup.trim() === '') continue;
    // Paragraphs of running text carry marks where they start and end, which the spread balancing reads.
    if (marked && node.type === 'paragraph' && !node.role) {
      state.labelCount.value += 1;
      parts.push(markParagraph(markup, state.labelCount.value));
    } else parts.push(markup);
  }
  return parts.join('\n\n');
}
