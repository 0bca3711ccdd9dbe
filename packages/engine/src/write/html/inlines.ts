/**
 * Inline (phrasing content) handlers of the HTML writer. Output is both HTML5 and well-formed XHTML
 * (void elements are self-closed), so the EPUB writer reuses it unchanged.
 */
import type { Inline } from '../../model/book-document.ts';
import { escapeXml, safeHref, xmlId } from './escape.ts';
import { setText } from '../line-breaks.ts';
import { hrefTo, semantics, type Handlers, type HtmlState } from './state.ts';

/** Id of the note element for note number `n`. */
export function noteId(n: number): string {
  return `fn-${n}`;
}

/** Id of the `k`-th (1-based) reference to note number `n`. */
export function noteRefId(n: number, k: number): string {
  return k === 1 ? `fnref-${n}` : `fnref-${n}-${k}`;
}

/**
 * Render a note reference: `<sup><a href="#fn-N" id="fnref-N" role="doc-noteref">K</a></sup>`, `N` the note's
 * book-wide index, `K` its number in its unit (notes are numbered per chapter, as in the PDF and DOCX).
 */
function footnoteRef(node: Extract<Inline, { type: 'footnoteRef' }>, state: HtmlState): string {
  if (!(node.id in state.defs)) {
    state.diagnostics.push({ code: 'FOOTNOTE_MISSING', message: `No footnote is defined for reference "${node.id}"` });
    return escapeXml(`[${node.id}]`);
  }
  let placement = state.notes.get(node.id);
  if (!placement) {
    // First reference: the note goes at the end of the unit being written (EPUB 3.3 §D.4.1 footnotes).
    placement = { number: state.notes.size + 1, shown: ++state.unitNoteCount, file: state.currentFile, refs: 0 };
    state.notes.set(node.id, placement);
    state.pendingNotes.push(node.id);
  }
  placement.refs += 1;
  const n = placement.number;
  const html =
    `<sup><a class="noteref" id="${noteRefId(n, placement.refs)}" href="${escapeXml(hrefTo(state, placement.file, noteId(n)))}"` +
    `${semantics(state, 'noteref', 'doc-noteref')}>${placement.shown}</a></sup>`;
  if (state.linkDepth > 0) {
    // `<a>` may not nest (HTML5 §4.5.1): write the reference after the enclosing link.
    state.deferredRefs.push(html);
    return '';
  }
  return html;
}

/** Render a link; unsafe or unresolvable targets keep their text and drop the link (with a diagnostic). */
function link(node: Extract<Inline, { type: 'link' }>, state: HtmlState): string {
  const checked = safeHref(node.href);
  let href: string | undefined;
  if (checked?.startsWith('#')) {
    const target = state.targets.get(checked.slice(1));
    if (target !== undefined) href = hrefTo(state, target, xmlId(checked.slice(1)));
  } else {
    href = checked;
  }
  if (href === undefined || state.linkDepth > 0) {
    if (href === undefined) {
      state.diagnostics.push({ code: 'LINK_DROPPED', message: `Link target "${node.href}" is not allowed or not found` });
    }
    return renderInlines(node.children, state);
  }
  state.linkDepth += 1;
  const inner = renderInlines(node.children, state);
  state.linkDepth -= 1;
  const after = state.linkDepth === 0 ? state.deferredRefs.splice(0).join('') : '';
  return `<a href="${escapeXml(href)}">${inner}</a>${after}`;
}

/** One handler per inline node type. */
export const inlineHandlers = {
  text: (node, state) => escapeXml(setText(node.value, state.layout.dialogueFormat)),
  emphasis: (node, state) => `<em>${renderInlines(node.children, state)}</em>`,
  strong: (node, state) => `<strong>${renderInlines(node.children, state)}</strong>`,
  smallCaps: (node, state) => `<span class="smallcaps">${renderInlines(node.children, state)}</span>`,
  link,
  footnoteRef,
  lineBreak: () => '<br/>',
} satisfies Handlers<Inline, HtmlState, string>;

/** Render one inline node. */
export function renderInline(node: Inline, state: HtmlState): string {
  const handler = inlineHandlers[node.type] as (n: Inline, s: HtmlState) => string;
  return handler(node, state);
}

/** Render phrasing content. */
export function renderInlines(nodes: readonly Inline[], state: HtmlState): string {
  let out = '';
  for (const node of nodes) out += renderInline(node, state);
  return out;
}
