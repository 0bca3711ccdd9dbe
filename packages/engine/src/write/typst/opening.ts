/**
 * The first paragraph of a chapter, with the layout's opening typography: a drop capital
 * (`layout.dropCapLines` > 0) and a small-caps lead-in (`layout.smallCapsLeadIn`), after the drop cap if any.
 * Words are never changed: the letter, the lead-in and the rest are the paragraph's own text, in order.
 */
import type { Block, Inline } from '../../model/book-document.ts';
import { escapeTypst } from './escape.ts';
import { setText } from '../line-breaks.ts';
import { endsLeadIn, LEAD_IN_MAX_WORDS } from '../layout-text.ts';
import { renderInlines } from './inlines.ts';
import type { TypstState } from './state.ts';

/** Opening punctuation that goes with the drop capital (an opening quotation mark, bracket or dash). */
const CAP_PREFIX = /^[\s"“„«»‘‚'([—–\u2060]*/u;

/** A word of the paragraph as Typst markup; `plain` when it is text only (a lead-in may take it). */
interface Token {
  markup: string;
  plain: boolean;
  text: string;
}

/**
 * Words of a paragraph as markup tokens, split at the spaces of its text nodes; an inline that is not text
 * (emphasis, a footnote mark) stays whole and joins the word it touches.
 */
function tokenize(inlines: readonly Inline[], state: TypstState, firstFormatted = false): Token[] {
  const tokens: Token[] = [];
  let current: Token | undefined;
  const push = () => {
    if (current && current.markup !== '') tokens.push(current);
    current = undefined;
  };
  for (const [index, node] of inlines.entries()) {
    if (node.type !== 'text') {
      current ??= { markup: '', plain: true, text: '' };
      current.markup += renderInlines([node], state);
      current.plain = false;
      continue;
    }
    const value = index === 0 && firstFormatted ? node.value : setText(node.value, state.layout.dialogueFormat);
    for (const piece of value.split(/(\s+)/u)) {
      if (piece === '') continue;
      if (/^\s+$/u.test(piece) && !/^[\u00a0\u202f]+$/u.test(piece)) {
        push();
        continue;
      }
      current ??= { markup: '', plain: true, text: '' };
      current.markup += escapeTypst(piece);
      current.text += piece;
    }
  }
  push();
  return tokens;
}


/** Wraps the first words in `quire-lead`: up to the first punctuation, at most {@link LEAD_IN_MAX_WORDS} words. */
function leadIn(tokens: Token[], firstWordStarted: boolean): string[] {
  const out = tokens.map((t) => t.markup);
  let taken = firstWordStarted ? 1 : 0;
  for (let i = 0; i < tokens.length && taken < LEAD_IN_MAX_WORDS; i += 1) {
    const token = tokens[i]!;
    if (!token.plain) break;
    out[i] = `#quire-lead[${token.markup}]`;
    taken += 1;
    if (endsLeadIn(token.text)) break;
  }
  return out;
}

/**
 * Markup of a chapter's first paragraph with the layout's drop cap and lead-in, or `undefined` when neither
 * applies (neither chosen, the block is not a plain paragraph, or it does not start with a letter or digit
 * in a text node). The drop cap takes the first letter (“Alice: A becomes the capital, `lice` goes on beside it); an
 * opening quotation mark or bracket before it is set at the body size before the capital, not at the capital's
 * size; the lead-in then sets the first words in small caps.
 */
export function renderOpeningParagraph(block: Block, state: TypstState): string | undefined {
  const { layout } = state;
  if (block.type !== 'paragraph' || block.role) return undefined;
  const wantsCap = layout.dropCapLines > 0;
  if (!wantsCap && !layout.smallCapsLeadIn) return undefined;
  const [first, ...others] = block.children;
  if (!first || first.type !== 'text') return undefined;
  const text = setText(first.value, layout.dialogueFormat).trimStart();
  const prefix = CAP_PREFIX.exec(text)?.[0] ?? '';
  const letter = [...text.slice(prefix.length)][0];
  if (!letter || !/[\p{L}\p{N}]/u.test(letter)) return undefined;

  if (!wantsCap) {
    const tokens = tokenize(block.children, state);
    return leadIn(tokens, false).join(' ');
  }
  const after = text.slice(prefix.length + letter.length);
  // The rest of the first word stays joined to the capital's word (`lice` of `Alice`): the lead-in counts it
  // as the first word; a one-letter word (`I was`) leaves nothing to join.
  const restOfWord = !/^\s/u.test(after) && after !== '';
  const tokens = tokenize([{ type: 'text', value: after }, ...others], state, true);
  const words = layout.smallCapsLeadIn ? leadIn(tokens, !restOfWord) : tokens.map((t) => t.markup);
  // The opening quotation mark or bracket stands before the capital at the body size (template); joiners and spaces go.
  const mark = prefix.replace(/[\s\u2060]+/gu, '');
  const hung = mark === '' ? 'none' : `[${escapeTypst(mark)}]`;
  const chars = charactersUpTo(tokens, wordsPastLines(tokens, layout.dropCapLines, layout));
  const list = (items: readonly string[]) => `(${items.join(', ')}${items.length === 1 ? ',' : ''})`;
  return `#quire-drop-cap(${hung}, [${escapeTypst(letter)}], ${list(words.map((w) => `[${w}]`))}, fit: ${chars.length}, chars: ${list(chars.map(String))})`;
}

/** The characters of a word as the drop cap's search counts them: its text, or its markup when it is not plain text. */
function tokenChars(token: Token): number {
  return token.plain ? token.text.length : token.markup.length;
}

/** The characters from the paragraph's start to the end of each of the first `count` words, a space after each. */
function charactersUpTo(tokens: readonly Token[], count: number): number[] {
  let chars = 0;
  return tokens.slice(0, count).map((token) => (chars += tokenChars(token) + 1) - 1);
}

/**
 * Average width of a character of running text, in em, taken narrow (a condensed face's text runs near 0.4 em): the
 * count of words below errs long, so that those words surely do not fit.
 */
const NARROW_CHAR_EM = 0.3;

/**
 * A number of words that cannot fit on `lines` lines of the full measure (the drop cap's search starts from it,
 * `typography.ts`): the first words whose characters, a space after each, outnumber what `lines` lines hold at
 * {@link NARROW_CHAR_EM}. A word that is not plain text counts its markup, which is longer than its text.
 */
function wordsPastLines(tokens: readonly Token[], lines: number, layout: TypstState['layout']): number {
  const measurePt = (layout.trimWidthIn - layout.marginInsideIn - layout.marginOutsideIn) * 72;
  const maxChars = lines * (measurePt / (NARROW_CHAR_EM * layout.fontSizePt));
  let chars = 0;
  for (const [i, token] of tokens.entries()) {
    chars += tokenChars(token) + 1;
    if (chars > maxChars) return i + 1;
  }
  return tokens.length;
}
