/**
 * Inline handlers of the DOCX writer: phrasing content -> runs. Character formatting (italic, bold, small caps,
 * hyperlink) accumulates in a {@link RunFormat} passed down the tree.
 */
import {
  ExternalHyperlink,
  FootnoteReferenceRun,
  InternalHyperlink,
  TextRun,
  type ParagraphChild,
} from 'docx';
import type { Inline } from '../../model/book-document.ts';
import { decodedFragment } from '../../model/heading-ids.ts';
import { safeHref } from '../html/escape.ts';
import type { Handlers } from '../html/state.ts';
import { setText } from '../line-breaks.ts';
import { inlineMath } from './math.ts';
import { refField } from './fields.ts';
import { docxText, report, type DocxState } from './state.ts';
import { STYLE } from './styles.ts';

/** Character formatting in effect. */
export interface RunFormat {
  /** Inside an `emphasis` inline: the `Emphasis` character style (the layout's `emphasisStyle`). */
  emphasis?: boolean;
  italics?: boolean;
  bold?: boolean;
  smallCaps?: boolean;
  /** Inside a hyperlink: runs use the `Hyperlink` character style and footnote references wait until after it. */
  link?: boolean;
  /** A chapter's small-caps lead-in: the `Lead-in` character style. */
  leadIn?: boolean;
}

/** What an inline handler gets: the writer state, the formatting in effect, references deferred out of links. */
export interface InlineContext {
  state: DocxState;
  fmt: RunFormat;
  deferred: ParagraphChild[];
}

function run(text: string, fmt: RunFormat, state: DocxState): TextRun {
  return new TextRun({
    text: docxText(setText(text, state.layout.dialogueFormat)),
    italics: fmt.italics,
    bold: fmt.bold,
    smallCaps: fmt.smallCaps,
    style: fmt.link ? 'Hyperlink' : fmt.emphasis ? STYLE.emphasis : fmt.smallCaps && fmt.leadIn ? STYLE.leadIn : undefined,
  });
}

function nested(children: readonly Inline[], ctx: InlineContext, fmt: RunFormat): ParagraphChild[] {
  return renderInlines(children, { ...ctx, fmt: { ...ctx.fmt, ...fmt } });
}

/**
 * A real Word footnote (OOXML §17.11) at a note's first reference in a section; a later reference in the same
 * section repeats its number.
 */
function footnoteRef(node: Extract<Inline, { type: 'footnoteRef' }>, ctx: InlineContext): ParagraphChild[] {
  const { state } = ctx;
  const blocks = state.defs[node.id];
  if (!blocks) {
    report(state, 'other', `The text refers to a footnote "${node.id}" that the document does not contain, so the Word file prints [${node.id}] there.`);
    return [run(`[${node.id}]`, ctx.fmt, state)];
  }
  if (state.inFootnote) {
    // Word footnotes cannot contain footnote references; the note is listed with unreferenced notes instead.
    report(state, 'other', `Footnote "${node.id}" is referred to from inside another footnote, which Word cannot hold; it is printed as [${node.id}] and set with the notes at the end.`);
    return [run(`[${node.id}]`, ctx.fmt, state)];
  }
  state.referenced.add(node.id);
  const placed = state.sectionNotes.get(node.id);
  if (placed !== undefined) {
    // Word notes are 1:1 and numbered in order: a second reference to a note of this section repeats its number
    // as a plain superscript, as the PDF and the EPUB do, instead of making a note that would shift the others.
    return [new TextRun({ text: String(placed), superScript: true })];
  }
  state.sectionNotes.set(node.id, state.sectionNotes.size + 1);
  const number = Object.keys(state.footnotes).length + 1;
  state.inFootnote = true;
  const children = state.renderNoteBody(blocks);
  state.inFootnote = false;
  state.footnotes[String(number)] = { children };
  const reference = new FootnoteReferenceRun(number);
  if (ctx.fmt.link) {
    ctx.deferred.push(reference);
    return [];
  }
  return [reference];
}

function link(node: Extract<Inline, { type: 'link' }>, ctx: InlineContext): ParagraphChild[] {
  const href = safeHref(node.href);
  let anchor: string | undefined;
  let children: readonly Inline[] = node.children;
  if (href?.startsWith('#')) {
    const fragment = decodedFragment(href.slice(1));
    const target = ctx.state.numbering.target(fragment);
    anchor = ctx.state.bookmarks.get(fragment) ?? target?.anchor;
    // `[](#method)`: a link with no text (LaTeX's `\ref` written in Markdown) prints what it names.
    if (children.length === 0 && target) children = [{ type: 'text', value: target.label }];
  }
  if (!href || (href.startsWith('#') && !anchor) || ctx.fmt.link) {
    if (!ctx.fmt.link) {
      report(ctx.state, 'other', `The link to "${node.href}" goes nowhere Quire can link to in a Word file, so its text is kept without the link.`);
    }
    return nested(children, ctx, {});
  }
  const inner: InlineContext = { state: ctx.state, fmt: { ...ctx.fmt, link: true }, deferred: [] };
  const runs = renderInlines(children, inner);
  const hyperlink = anchor
    ? new InternalHyperlink({ anchor, children: runs })
    : new ExternalHyperlink({ link: href, children: runs });
  return [hyperlink, ...inner.deferred];
}

/**
 * A cross-reference (`@fig:x`): what `numberingFor` says it prints (`Figure 3`), as a REF field to the bookmark
 * around the caption's label (`fields.ts`), so that Word updates it with the numbers; text before the label
 * (`Equation ` of `Equation (4)`) stays text. A reference that does not print the bookmarked label (`-@fig:x`
 * prints `3`; a section prints its title or `Chapter 3`) links to the bookmark instead. A target nothing carries
 * is printed as written (`@fig:x`) and reported.
 */
function crossRef(node: Extract<Inline, { type: 'crossRef' }>, ctx: InlineContext): ParagraphChild[] {
  const { state } = ctx;
  const text = state.numbering.refText(node);
  const target = state.numbering.target(node.target);
  if (text === undefined || !target) {
    report(state, 'crossref-unresolved', `The reference "@${node.target}" points to no figure, table, equation or section with that id, so it is printed as written.`);
    return [run(`@${node.target}`, ctx.fmt, state)];
  }
  if (ctx.fmt.link) return [run(text, ctx.fmt, state)];
  if (target.kind !== 'section' && target.label !== '' && text.endsWith(target.label)) {
    const before = text.slice(0, text.length - target.label.length);
    return [...(before ? [run(before, ctx.fmt, state)] : []), ...refField(target.anchor, target.label)];
  }
  return [new InternalHyperlink({ anchor: target.anchor, children: [run(text, { ...ctx.fmt, link: true }, state)] })];
}

/** Inline code: the Verbatim Char style (the layout's monospace family), its spaces kept. */
function code(node: Extract<Inline, { type: 'code' }>, _ctx: InlineContext): ParagraphChild[] {
  return [new TextRun({ text: docxText(node.value), style: STYLE.verbatimChar })];
}

/** One handler per inline node type. */
export const inlineHandlers = {
  text: (node, ctx) => [run(node.value, ctx.fmt, ctx.state)],
  emphasis: (node, ctx) => nested(node.children, ctx, { emphasis: true }),
  strong: (node, ctx) => nested(node.children, ctx, { bold: true }),
  smallCaps: (node, ctx) => nested(node.children, ctx, { smallCaps: true }),
  link,
  footnoteRef,
  lineBreak: (_node, ctx) => [new TextRun({ break: 1, style: ctx.fmt.link ? 'Hyperlink' : undefined })],
  math: (node, ctx) => [inlineMath(node.tex, ctx.state)],
  code,
  crossRef,
} satisfies Handlers<Inline, InlineContext, ParagraphChild[]>;

/** Render phrasing content as paragraph children. */
export function renderInlines(nodes: readonly Inline[], ctx: InlineContext): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const node of nodes) {
    const handler = inlineHandlers[node.type] as (n: Inline, c: InlineContext) => ParagraphChild[];
    out.push(...handler(node, ctx));
  }
  return out;
}

/** Render phrasing content with no formatting in effect, or with `fmt` (a lead-in's small capitals). */
export function inlineRuns(nodes: readonly Inline[], state: DocxState, fmt: RunFormat = {}): ParagraphChild[] {
  return renderInlines(nodes, { state, fmt, deferred: [] });
}
