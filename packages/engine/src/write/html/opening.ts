/**
 * The first paragraph of a chapter in the HTML and EPUB writers when it opens with a quotation mark, a bracket or
 * a dash before the letter of the drop capital (`layout.dropCapLines` > 0). The style sheet sets the capital with
 * CSS `::first-letter` (`css.ts`), which takes the punctuation before the letter with it (CSS Pseudo-Elements 4,
 * 2.2): the mark would be set at the capital's size. Such a paragraph (class `opening-mark`) sets the mark apart,
 * `<span class="drop-cap-mark">“</span>`, at the body size before the capital, as the PDF and DOCX do (Bringhurst
 * 4.3.3: the mark is not a capital), and the capital as an element of its own, `<span class="drop-cap">A</span>`,
 * then the small-caps lead-in (`layout.smallCapsLeadIn`) as usual. Words are never changed: the mark, the letter,
 * the lead-in and the rest are the paragraph's own text, in order.
 */
import type { Inline } from '../../model/book-document.ts';
import { splitLeadIn } from '../layout-text.ts';
import { setText } from '../line-breaks.ts';
import { escapeXml } from './escape.ts';
import { renderInlines } from './inlines.ts';
import type { HtmlState } from './state.ts';

/** Opening punctuation before the capital (quotation marks, a bracket, a dash, with spaces and word joiners). */
const CAP_PREFIX = /^[\s"“„«»‘‚'([—–\u2060]*/u;

/** The lead-in's words and the rest, the first text node's part already set (`setText`), so set once only. */
function leadInMarkup(after: string, others: readonly Inline[], state: HtmlState): string {
  const restMarkup = (rest: readonly Inline[]) =>
    rest.length > others.length && rest[0]!.type === 'text' ? escapeXml(rest[0]!.value) + renderInlines(rest.slice(1), state) : renderInlines(rest, state);
  const split = state.layout.smallCapsLeadIn ? splitLeadIn([{ type: 'text', value: after }, ...others]) : undefined;
  if (!split) return escapeXml(after) + renderInlines(others, state);
  // A space after a one-letter capital (`I was`) stays outside the small capitals.
  const space = /^\s*/u.exec(split.lead)![0];
  const lead = split.lead.slice(space.length);
  return `${escapeXml(space)}${lead ? `<span class="lead-in">${escapeXml(lead)}</span>` : ''}${restMarkup(split.rest)}`;
}

/**
 * Markup of a chapter's first paragraph's content with its opening mark and drop capital apart, or undefined when
 * the paragraph is set as usual (`::first-letter` and lead-in): no drop capital in the layout, no opening mark, or
 * no letter or digit after it at the start of a text node.
 * @param children the paragraph's inlines.
 * @param state the writer's state (layout: `dropCapLines`, `smallCapsLeadIn`, `dialogueFormat`).
 * @returns `<span class="drop-cap-mark">“</span><span class="drop-cap">A</span><span class="lead-in">lice
 *   was</span> beginning ...`; the caller gives the paragraph the class `opening-mark`.
 */
export function renderDropCapOpening(children: readonly Inline[], state: HtmlState): string | undefined {
  const { layout } = state;
  const [first, ...others] = children;
  if (layout.dropCapLines <= 0 || !first || first.type !== 'text') return undefined;
  const text = setText(first.value, layout.dialogueFormat).trimStart();
  const prefix = CAP_PREFIX.exec(text)?.[0] ?? '';
  const letter = [...text.slice(prefix.length)][0];
  if (!letter || !/[\p{L}\p{N}]/u.test(letter)) return undefined;
  const mark = prefix.replace(/[\s\u2060]+/gu, '');
  if (mark === '') return undefined;
  const after = text.slice(prefix.length + letter.length);
  return `<span class="drop-cap-mark">${escapeXml(mark)}</span><span class="drop-cap">${escapeXml(letter)}</span>${leadInMarkup(after, others, state)}`;
}
