/**
 * Inline handlers of the Typst writer: one per {@link Inline} type.
 * Helper functions called here (`quire-sc`) are defined by the template in `template.ts`.
 */
import type { Inline } from '../../model/book-document.ts';
import { setText } from '../line-breaks.ts';
import { escapeTypst } from './escape.ts';
import { nextLabel, type Handlers, type TypstState } from './state.ts';
import { renderBlocks } from './blocks.ts';
import { renderInlineCode, renderInlineMath } from './equations.ts';
import { decodedFragment } from '../../model/heading-ids.ts';
import { numberingFor } from '../numbering.ts';

const inlineHandlers = {
  // Dialogue punctuation in the layout's format (spec dialogueFormat) and the line breaks a compositor forbids.
  text: (node, state) => escapeTypst(setText(node.value, state.layout.dialogueFormat)),
  emphasis: (node, state) => `#emph[${renderInlines(node.children, state)}]`,
  strong: (node, state) => `#strong[${renderInlines(node.children, state)}]`,
  // Tinos has no `smcp` feature, so Typst's `smallcaps` would change nothing: the template
  // synthesises small capitals from capitals at a smaller size.
  smallCaps: (node, state) => `#quire-sc[${renderInlines(node.children, state)}]`,
  link: link,
  footnoteRef: footnoteRef,
  lineBreak: () => '#linebreak()',
  math: (node, state) => renderInlineMath(node.tex, state),
  code: (node) => renderInlineCode(node.value),
  crossRef: crossRef,
} satisfies Handlers<Inline, TypstState>;

/**
 * A link: its text is printed, the address is not (a web address cannot be clicked on paper). An in-book link to a
 * heading (`[the method](#method)`, pandoc's implicit header reference) links to it in the PDF like a
 * cross-reference; one without text (`[](#method)`) prints what it names.
 */
function link(node: Extract<Inline, { type: 'link' }>, state: TypstState): string {
  if (!node.href.startsWith('#')) return renderInlines(node.children, state);
  const target = numberingFor(state.doc, state.layout).target(decodedFragment(node.href.slice(1)));
  if (!target) return renderInlines(node.children, state);
  const text = node.children.length > 0 ? renderInlines(node.children, state) : escapeTypst(target.label);
  return state.titleCopy ? text : `#quire-ref(<${target.anchor}>)[${text}]`;
}

/**
 * A cross-reference (`@fig:x`): the text `numberingFor` gives it (`Figure 3`), linked to the target's label
 * through the template's `quire-ref` (a link only when the label is in the document once, so a target set nowhere
 * never fails the compile). A target no node carries prints as written (`@fig:x`) and is reported
 * (`crossref-unresolved`).
 */
function crossRef(node: Extract<Inline, { type: 'crossRef' }>, state: TypstState): string {
  const numbering = numberingFor(state.doc, state.layout);
  const text = numbering.refText(node);
  const target = numbering.target(node.target);
  if (text === undefined || !target) {
    if (!state.titleCopy) {
      state.diagnostics.add('crossref-unresolved', `The reference "@${node.target}" names no figure, table, equation or section, so it is printed as written.`, state.where.value || undefined);
    }
    return escapeTypst(`@${node.target}`);
  }
  if (state.titleCopy) return escapeTypst(text);
  return `#quire-ref(<${target.anchor}>)[${escapeTypst(text)}]`;
}

/**
 * A real Typst footnote (set at the foot of the page, numbered per chapter by the template).
 * The first reference to a note holds its text and a label; later references to the same id point
 * at that label (`#footnote(<label>)`), as Typst documents for repeated notes. Unknown ids print
 * nothing: the text stays readable and the model's author can see the missing mark in the preview.
 */
function footnoteRef(node: { id: string }, state: TypstState): string {
  if (state.titleCopy) return '';
  if (state.endnotes) return endnoteRef(node.id, state);
  const placed = state.footnoteLabels.get(node.id);
  if (placed) return `#footnote(<${placed}>)`;
  const blocks = state.doc.footnotes[node.id];
  if (!blocks || state.footnotesOpen.has(node.id)) return '';
  const label = nextLabel(state, 'quire-fn');
  state.footnoteLabels.set(node.id, label);
  state.footnotesOpen.add(node.id);
  const body = renderBlocks(blocks, state);
  state.footnotesOpen.delete(node.id);
  return `#footnote[${body}]<${label}>`;
}

/**
 * An endnote reference: a superscript number, the note's text kept for the Notes section (`renderEndnotes`). A
 * second reference to the same note repeats its number.
 */
function endnoteRef(id: string, state: TypstState): string {
  const notes = state.endnotes!;
  const placed = notes.numbers.get(id);
  if (placed !== undefined) return `#super[${placed}]`;
  const blocks = state.doc.footnotes[id];
  if (!blocks || state.footnotesOpen.has(id)) return '';
  const n = notes.bodies.length + 1;
  notes.numbers.set(id, n);
  notes.bodies.push('');
  state.footnotesOpen.add(id);
  notes.bodies[n - 1] = renderBlocks(blocks, state);
  state.footnotesOpen.delete(id);
  return `#super[${n}]`;
}

/**
 * Typst markup for phrasing content. Newlines occur only inside the `[...]` body of a footnote
 * (between its paragraphs), so the result can stand anywhere a paragraph's text can.
 */
export function renderInlines(inlines: readonly Inline[], state: TypstState): string {
  let out = '';
  for (const node of inlines) {
    const handler = inlineHandlers[node.type] as (n: Inline, s: TypstState) => string;
    out += handler(node, state);
  }
  return out;
}

/** Markup for a title copied elsewhere (table of contents): same text, no footnote marks. */
export function renderTitleCopy(inlines: readonly Inline[], state: TypstState): string {
  return renderInlines(inlines, { ...state, titleCopy: true });
}
