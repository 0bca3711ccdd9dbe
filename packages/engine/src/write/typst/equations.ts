/**
 * Equations and code of the Typst writer.
 *
 * Math: the model's TeX converted by {@link texToTypstMath} (tex2typst, then the sanitizer of `math.ts`) and set
 * by Typst in the template's OpenType math font (`fonts.ts` {@link MATH_FONT_FAMILY}). A display equation with an
 * id is numbered at the right margin, `(4)`, with the number `numberingFor` gives it (pandoc-crossref numbers
 * labelled equations only), and carries a label from its anchor. TeX the converter cannot read is set as its
 * source in the monospace face and reported (`math-unconverted`).
 *
 * Code: Typst `raw` text (the value as a string literal, so nothing in it is markup), in the layout's monospace
 * face, without syntax colours (a print book), not justified or hyphenated, long lines wrapped inside the text
 * block; a block listing in a light frame.
 */
import type { Block } from '../../model/book-document.ts';
import { numberingFor } from '../numbering.ts';
import { typstStringLiteral } from './escape.ts';
import { texToTypstMath } from './math.ts';
import type { TypstState } from './state.ts';

/** Longest TeX quoted in a diagnostic, in characters. */
const QUOTED_TEX_MAX = 60;

function reportUnconverted(tex: string, reason: string, state: TypstState): void {
  const shown = tex.length > QUOTED_TEX_MAX ? `${tex.slice(0, QUOTED_TEX_MAX)}…` : tex;
  state.diagnostics.add('math-unconverted', `The equation "${shown}" could not be set as math (${reason}), so its TeX source is printed instead.`, state.where.value || undefined);
}

/** Inline math: `$...$` with no spaces inside the dollars (Typst's inline form), or the TeX in monospace. */
export function renderInlineMath(tex: string, state: TypstState): string {
  const converted = texToTypstMath(tex);
  if (converted.ok) return `$${converted.typst}$`;
  if (!state.titleCopy) reportUnconverted(tex, converted.reason, state);
  return `#raw(${typstStringLiteral(tex)})`;
}

/** A display equation (see the module docs). */
export function renderDisplayMath(node: Extract<Block, { type: 'math' }>, state: TypstState): string {
  const numbered = numberingFor(state.doc, state.layout).of(node);
  const number = numbered ? typstStringLiteral(numbered.label) : 'none';
  const label = numbered ? `<${numbered.anchor}>` : '';
  const converted = texToTypstMath(node.tex);
  if (converted.ok) return `#quire-equation(number: ${number}, $ ${converted.typst} $)${label}`;
  reportUnconverted(node.tex, converted.reason, state);
  return `#quire-equation-source(number: ${number}, ${typstStringLiteral(node.tex)})${label}`;
}

/** Inline code: the layout's monospace face, never hyphenated (`raw`, a string literal: nothing in it is markup). */
export function renderInlineCode(value: string): string {
  return `#raw(${typstStringLiteral(value.replace(/\r\n?|\n/gu, ' '))})`;
}

/** A code block, line by line (tabs as four spaces; trailing blank lines dropped). */
export function renderCodeBlock(node: Extract<Block, { type: 'code' }>): string {
  const value = node.value.replace(/\r\n?/gu, '\n').replace(/\t/gu, '    ').replace(/\n+$/u, '');
  if (value.trim() === '') return '';
  return `#quire-code(${typstStringLiteral(value)})`;
}
