/**
 * Math of the HTML and EPUB writers: the model's TeX (`math` block and inline) as MathML, converted by `temml`
 * (TeX -> MathML Core, which Chromium, Safari and Firefox render and EPUB 3.3 §6.1.4.2 allows in XHTML content
 * documents). Every `<math>` carries the TeX as `alttext` (MathML 3 §2.2.1; EPUB Accessibility Techniques 1.1
 * "MathML": a text alternative for reading systems without MathML). TeX that temml cannot read is shown as its
 * source in `<code class="math-tex">` and reported (`math-unconverted`).
 */
import type { Block } from '../../model/book-document.ts';
import { temml } from '../../lazy-package.ts';
import { escapeXml, removeInvalidXmlChars } from './escape.ts';
import { anchorAttr, report, type HtmlState } from './state.ts';

/** Longest TeX temml is given (a pasted paragraph of TeX is not an equation; temml's own limits stay below). */
const MAX_TEX_LENGTH = 20_000;

/**
 * MathML for `tex` (`display`: a block, `display="block"`), or `undefined` when temml cannot parse it.
 * The markup is well-formed XML in the MathML namespace (temml's `xml` option self-closes nothing it must not
 * and escapes `&<>"'`), with `alttext` holding the TeX.
 */
export function texToMathml(tex: string, display: boolean): string | undefined {
  const source = removeInvalidXmlChars(tex).trim();
  if (!source || source.length > MAX_TEX_LENGTH) return undefined;
  let mathml: string;
  try {
    // `trust: false`: no \href or \htmlClass from the user's TeX reaches the markup.
    mathml = temml().renderToString(source, { displayMode: display, xml: true, throwOnError: true, trust: false });
  } catch {
    return undefined;
  }
  if (!mathml.startsWith('<math')) return undefined;
  return mathml3(mathml).replace(/^<math\b/, `<math alttext="${escapeXml(source)}"`);
}

/**
 * temml writes MathML Core, which allows `scriptlevel` on every element (`\displaystyle`, `\tfrac`); EPUB 3.2's
 * MathML 3 schema allows it on `mstyle` only (EPUBCheck RSC-005). It is dropped from every other element: the
 * element then takes its size from its context, as a MathML 3 reading system sets it.
 */
export function mathml3(mathml: string): string {
  return mathml.replace(/<(m(?!style\b)[a-z]+)\b([^>]*?)\sscriptlevel="[^"]*"/g, '<$1$2');
}

/** The TeX kept as text when it could not be converted (pandoc does the same: `<code>` with the source). */
function unconverted(tex: string, state: HtmlState, display: boolean): string {
  const shown = tex.trim().length > 60 ? `${tex.trim().slice(0, 57)}...` : tex.trim();
  report(state, 'math-unconverted', `The equation "${shown}" could not be read as TeX math, so it is printed as its TeX source.`);
  const code = `<code class="math-tex">${escapeXml(display ? `$$${tex.trim()}$$` : `$${tex.trim()}$`)}</code>`;
  return code;
}

/** Inline math: `<math alttext="x^2">...</math>`, or its TeX in `<code>` when unreadable. */
export function renderInlineMath(tex: string, state: HtmlState): string {
  return texToMathml(tex, false) ?? unconverted(tex, state, false);
}

/**
 * Display math: `<div class="equation" id="ref-eq-x">` holding `<math display="block">` and, when the equation is
 * numbered (it has an id: pandoc-crossref), its number `(4)` at the right (`span.equation-number`; CSS sets it
 * flush right with the equation centred, as LaTeX's `equation` environment sets it).
 */
export function renderDisplayMath(node: Extract<Block, { type: 'math' }>, state: HtmlState): string {
  state.afterBreak = false;
  const numbered = state.numbering.of(node);
  const body = texToMathml(node.tex, true) ?? unconverted(node.tex, state, true);
  const number = numbered ? `<span class="equation-number">${escapeXml(numbered.label)}</span>` : '';
  const cls = numbered ? 'equation numbered' : 'equation';
  return `<div class="${cls}"${anchorAttr(state, numbered?.anchor)}>${body}${number}</div>\n`;
}
