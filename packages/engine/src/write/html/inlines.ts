/**
 * Inline (phrasing content) handlers of the HTML writer. Output is both HTML5 and well-formed XHTML
 * (void elements are self-closed), so the EPUB writer reuses it unchanged.
 */
import type { Inline } from '../../model/book-document.ts';
import { escapeXml, safeHref, xmlId } from './escape.ts';
import { setText } from '../line-breaks.ts';
import { decodedFragment } from '../../model/heading-ids.ts';
import { renderInlineMath } from './math.ts';
import { crossRefPlaceholder, fragmentKey, hrefTo, report, semantics, type Handlers, type HtmlState } from './state.ts';

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
    report(state, 'other', `The text refers to a footnote "${node.id}" that has no text; the reference is printed as [${node.id}].`);
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
  let fragment: string | undefined;
  if (checked?.startsWith('#')) {
    const target = state.targets.get(checked.slice(1));
    if (target !== undefined) href = hrefTo(state, target, xmlId(checked.slice(1)));
    else fragment = decodedFragment(checked.slice(1));
    // A heading's pandoc identifier (`#reward-metric`): linked once every file is written (`model/heading-ids.ts`).
    if (fragment !== undefined && state.fragments.has(fragment) && state.linkDepth === 0) {
      state.linkDepth += 1;
      let inner = renderInlines(node.children, state);
      state.linkDepth -= 1;
      // `[](#method)`: a link with no text (LaTeX's `\ref` written in Markdown) prints what it names.
      if (inner === '') inner = escapeXml(state.numbering.target(fragment)?.label ?? '');
      return crossRefPlaceholder(state, fragmentKey(fragment), inner) + state.deferredRefs.splice(0).join('');
    }
  } else {
    href = checked;
  }
  if (href === undefined || state.linkDepth > 0) {
    if (href === undefined) {
      report(state, 'other', `The link to "${node.href}" was left out (only web, e-mail and in-book links are kept); its text is kept.`);
    }
    return renderInlines(node.children, state);
  }
  state.linkDepth += 1;
  const inner = renderInlines(node.children, state);
  state.linkDepth -= 1;
  const after = state.linkDepth === 0 ? state.deferredRefs.splice(0).join('') : '';
  return `<a href="${escapeXml(href)}">${inner}</a>${after}`;
}

/**
 * A cross-reference (`@fig:x`): what `write/numbering.ts` prints for it (`Figure 3`, `3` with `-@fig:x`), linked to
 * the anchor of its target ({@link crossRefPlaceholder}: the link is made once every file is written, so a
 * reference may point forward or into another EPUB content document). A target no node carries is printed as
 * written (`@fig:x`) and reported; inside a link the text is not linked again (links cannot nest).
 */
function crossRef(node: Extract<Inline, { type: 'crossRef' }>, state: HtmlState): string {
  const text = state.numbering.refText(node);
  if (text === undefined) {
    report(state, 'crossref-unresolved', `The reference "@${node.target}" names no figure, table, equation or section of the text, so it is printed as written.`);
    return escapeXml(`${node.suppressPrefix ? '-' : ''}@${node.target}`);
  }
  const anchor = state.numbering.target(node.target)?.anchor;
  const shown = escapeXml(setText(text, state.layout.dialogueFormat));
  if (anchor === undefined || state.linkDepth > 0) return shown;
  return crossRefPlaceholder(state, anchor, shown);
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
  math: (node, state) => renderInlineMath(node.tex, state),
  // Code is written as it is: no dialogue punctuation, no typographic quotes (`line-breaks.ts` setText).
  code: (node) => `<code>${escapeXml(node.value)}</code>`,
  crossRef,
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
