/**
 * A markdown-it inline rule for small capitals: `[text]{.smallcaps}`, pandoc's bracketed span with the
 * class pandoc itself reads as small caps (pandoc manual, "Small caps"). Tokens: `smallcaps_open`, the
 * content's tokens (emphasis, links, footnote references work inside), `smallcaps_close`.
 *
 * Only the exact attribute text `{.smallcaps}` right after the closing bracket opens a span: a book's own
 * `[1]{x}` or `[sic] {.smallcaps}` stays text, and the serializer escapes a literal `{.smallcaps}`
 * (`\{.smallcaps}`). Brackets inside the span must balance (the serializer escapes text brackets there).
 * Runs before markdown-it's `link` rule, so `[text]{.smallcaps}` is never read as a shortcut reference.
 */
import type { MarkdownIt, StateInline } from 'markdown-it';

/** The attribute text that follows the bracketed content. */
export const SMALL_CAPS_ATTRIBUTES = '{.smallcaps}';

function smallCapsRule(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  if (state.src.charCodeAt(start) !== 0x5b /* [ */) return false;
  const labelEnd = state.md.helpers.parseLinkLabel(state, start, false);
  if (labelEnd < 0) return false;
  if (!state.src.startsWith(SMALL_CAPS_ATTRIBUTES, labelEnd + 1)) return false;
  const end = labelEnd + 1 + SMALL_CAPS_ATTRIBUTES.length;
  if (end > state.posMax) return false;
  if (!silent) {
    const oldMax = state.posMax;
    state.push('smallcaps_open', 'span', 1);
    state.pos = start + 1;
    state.posMax = labelEnd;
    state.md.inline.tokenize(state);
    state.posMax = oldMax;
    state.push('smallcaps_close', 'span', -1);
  }
  state.pos = end;
  return true;
}

/** Registers the small-caps rule on a markdown-it instance. */
export function smallCapsPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('link', 'quire_small_caps', smallCapsRule);
}
