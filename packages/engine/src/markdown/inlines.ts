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

/** Converts a flat inline token list (with `*_open` / `*_close` pairs) to nested inline nodes. */
export function inlineTokensToModel(tokens: readonly Token[], ctx: InlineContext): Inline[] {
  const root: Inline[] = [];
  const stack: { children: Inline[]; frame?: Frame }[] = [{ children: root }];
  const top = () => stack[stack.length - 1]!.children;
  const open = (node: (Inline & { children: Inline[] }) | undefined, close: string) => {
    // Past the depth limit the frame is kept (its close still matches) but its node is not.
    if (stack.length > MAX_INLINE_DEPTH) node = undefined;
    if (node) top().push(node);
    stack.push({ children: node ? node.children : top(), frame: { node, close } as Frame });
  };
  const close = (type: string) => {
    // Pop to the matching frame; unbalanced closes are ignored.
    for (let k = stack.length - 1; k > 0; k--) {
      if (stack[k]!.frame?.close === type) {
        stack.length = k;
        return;
      }
    }
  };
  for (const t of tokens) {
    switch (t.type) {
      case 'text':
        pushText(top(), t.content);
        break;
      case 'softbreak':
        pushText(top(), ' ');
        break;
      case 'hardbreak':
        top().push({ type: 'lineBreak' });
        break;
      case 'code_inline':
        if (t.content) top().push({ type: 'code', value: t.content });
        break;
      case 'math_inline':
      case 'math_display':
        top().push({ type: 'math', tex: t.content });
        break;
      case 'cross_ref': {
        const meta = t.meta as { target: string; suppressPrefix?: boolean };
        top().push(meta.suppressPrefix ? { type: 'crossRef', target: meta.target, suppressPrefix: true } : { type: 'crossRef', target: meta.target });
        break;
      }
      case 'latex_inline':
        ctx.latexCommand?.(t.content);
        break;
      case 'comment_inline':
        break;
      case 'em_open':
        open({ type: 'emphasis', children: [] }, 'em_close');
        break;
      case 'strong_open':
        open({ type: 'strong', children: [] }, 'strong_close');
        break;
      case 'link_open':
        open({ type: 'link', href: String(t.attrGet('href') ?? ''), children: [] }, 'link_close');
        break;
      case 'smallcaps_open':
        open({ type: 'smallCaps', children: [] }, 'smallcaps_close');
        break;
      case 's_open':
        open(undefined, 's_close');
        break;
      case 'em_close':
      case 'strong_close':
      case 'link_close':
      case 'smallcaps_close':
      case 's_close':
        close(t.type);
        break;
      case 'image':
        pushText(top(), t.content);
        break;
      case 'footnote_ref': {
        const meta = t.meta as { id?: number; label?: string } | undefined;
        top().push({ type: 'footnoteRef', id: ctx.footnoteId(meta?.id ?? 0, meta?.label) });
        break;
      }
      case 'html_inline':
        pushText(top(), t.content);
        break;
      default:
        if (t.children) for (const n of inlineTokensToModel(t.children, ctx)) top().push(n);
        else if (t.content) pushText(top(), t.content);
    }
  }
  return root;
}
