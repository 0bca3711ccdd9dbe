/**
 * markdown-it inline tokens -> model {@link Inline} nodes (phrasing content).
 * Soft line breaks become spaces; hard breaks `lineBreak`; code spans `code`; images inside text their
 * text; `math_inline` (`math.ts`) inline `math` (and `math_display` where a paragraph could not be split at it);
 * `cross_ref` (`cross-refs.ts`) a `crossRef`; `latex_inline` (`raw-latex.ts`) nothing, reported through
 * {@link InlineContext.latexCommand}; `comment_inline` nothing; `footnote_ref` a `footnoteRef` to the id the document gives the note; `smallcaps_open` /
 * `smallcaps_close` (`small-caps.ts`) a `smallCaps` node.
 */
import type { Token } from 'markdown-it';
import type { Inline } from '../model/book-document.ts';

/** What inline conversion needs from the document being built. */
export interface InlineContext {
  /** The document id of the footnote markdown-it numbers `index` (label as written, e.g. `1`). */
  footnoteId(index: number, label: string | undefined): string;
  /** Told of every raw LaTeX command left out of inline content (`\vspace`), to report it. */
  latexCommand?(command: string): void;
}

type Frame = { node: Inline & { children: Inline[] }; close: string } | { node: undefined; close: string };

/**
 * Deepest nesting of inline nodes kept, as for elements in `read/xml.ts`; deeper emphasis, strong, links
 * and small caps are flattened into their ancestor (their text kept). markdown-it bounds block nesting
 * (`maxNesting`) but not emphasis: `*` x 10,000 around a word nests 5,000 deep, past what the recursive
 * serializer and writers can walk before the call stack overflows.
 */
export const MAX_INLINE_DEPTH = 256;

/** Appends text, merging with a preceding text node. */
function pushText(out: Inline[], value: string): void {
  if (!value) return;
  const last = out[out.length - 1];
  if (last && last.type === 'text') last.value += value;
  else out.push({ type: 'text', value });
}

/** The open inline nodes of {@link inlineTokensToModel}, the root's children first. */
type InlineStack = { children: Inline[]; frame?: Frame }[];

/** The children of the innermost open node. */
function topOf(stack: InlineStack): Inline[] {
  return stack[stack.length - 1]!.children;
}

/** Opens a node (`undefined`: a frame with no node of its own, its children going to the node around it). */
function openFrame(stack: InlineStack, node: (Inline & { children: Inline[] }) | undefined, close: string): void {
  // Past the depth limit the frame is kept (its close still matches) but its node is not.
  if (stack.length > MAX_INLINE_DEPTH) node = undefined;
  if (node) topOf(stack).push(node);
  stack.push({ children: node ? node.children : topOf(stack), frame: { node, close } as Frame });
}

/** Pops to the frame `type` closes; an unbalanced close is ignored. */
function closeFrame(stack: InlineStack, type: string): void {
  for (let k = stack.length - 1; k > 0; k--) {
    if (stack[k]!.frame?.close === type) {
      stack.length = k;
      return;
    }
  }
}

/**
 * Converts a flat inline token list (with `*_open` / `*_close` pairs) to nested inline nodes. (The helpers are
 * module functions, not closures: this runs for every paragraph, and tsx names each closure it makes.)
 */
export function inlineTokensToModel(tokens: readonly Token[], ctx: InlineContext): Inline[] {
  const root: Inline[] = [];
  const stack: InlineStack = [{ children: root }];
  for (const t of tokens) {
    switch (t.type) {
      case 'text':
        pushText(topOf(stack), t.content);
        break;
      case 'softbreak':
        pushText(topOf(stack), ' ');
        break;
      case 'hardbreak':
        topOf(stack).push({ type: 'lineBreak' });
        break;
      case 'code_inline':
        if (t.content) topOf(stack).push({ type: 'code', value: t.content });
        break;
      case 'math_inline':
      case 'math_display':
        topOf(stack).push({ type: 'math', tex: t.content });
        break;
      case 'cross_ref': {
        const meta = t.meta as { target: string; suppressPrefix?: boolean };
        topOf(stack).push(meta.suppressPrefix ? { type: 'crossRef', target: meta.target, suppressPrefix: true } : { type: 'crossRef', target: meta.target });
        break;
      }
      case 'latex_inline':
        ctx.latexCommand?.(t.content);
        break;
      case 'comment_inline':
        break;
      case 'em_open':
        openFrame(stack, { type: 'emphasis', children: [] }, 'em_close');
        break;
      case 'strong_open':
        openFrame(stack, { type: 'strong', children: [] }, 'strong_close');
        break;
      case 'link_open':
        openFrame(stack, { type: 'link', href: String(t.attrGet('href') ?? ''), children: [] }, 'link_close');
        break;
      case 'smallcaps_open':
        openFrame(stack, { type: 'smallCaps', children: [] }, 'smallcaps_close');
        break;
      case 's_open':
        openFrame(stack, undefined, 's_close');
        break;
      case 'em_close':
      case 'strong_close':
      case 'link_close':
      case 'smallcaps_close':
      case 's_close':
        closeFrame(stack, t.type);
        break;
      case 'image':
        pushText(topOf(stack), t.content);
        break;
      case 'footnote_ref': {
        const meta = t.meta as { id?: number; label?: string } | undefined;
        topOf(stack).push({ type: 'footnoteRef', id: ctx.footnoteId(meta?.id ?? 0, meta?.label) });
        break;
      }
      case 'html_inline':
        pushText(topOf(stack), t.content);
        break;
      default:
        if (t.children) for (const n of inlineTokensToModel(t.children, ctx)) topOf(stack).push(n);
        else if (t.content) pushText(topOf(stack), t.content);
    }
  }
  return root;
}
