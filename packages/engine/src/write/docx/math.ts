/**
 * Math of the DOCX writer: the model's TeX as Word equations (Office Math, ECMA-376 Part 1 §22.1). TeX goes to
 * MathML with `temml` (as the HTML writer does), MathML to OMML with `mathml2omml`, and the OMML is written into
 * the paragraph as it is (`ImportedXmlComponent`): an `m:oMath` inline, an `m:oMathPara` for a display equation in
 * a paragraph of its own. The `m` namespace is declared on `w:document` and `w:footnotes` by the docx library, and
 * the converter's root repeats it, so the fragment is well-formed wherever it goes.
 *
 * A numbered display equation (it has an id: pandoc-crossref numbers labelled equations only) is the equation
 * centred on a centre tab stop and its number `(4)` flush right on a right tab stop at the text block's edge, the
 * way Word's own equation templates and LaTeX's `equation` environment set it. That equation is an `m:oMath` between
 * tabs, since Word sets text in the paragraph of an `m:oMathPara` on a line of its own.
 *
 * TeX that temml cannot read (or that converts to nothing) is printed as its source in the Verbatim Char style and
 * reported (`math-unconverted`), as pandoc keeps unreadable math as code.
 */
import { AlignmentType, Bookmark, ImportedXmlComponent, Paragraph, TabStopType, TextRun, type ParagraphChild } from 'docx';
import { mml2omml } from 'mathml2omml';
import { temml } from '../../lazy-package.ts';
import type { Block } from '../../model/book-document.ts';
import { twips } from './sections.ts';
import { docxText, report, type DocxState } from './state.ts';
import { STYLE } from './styles.ts';

/** Longest TeX given to the converters (a pasted page of TeX is not an equation). */
const MAX_TEX_LENGTH = 20_000;

/**
 * The OMML of `tex` (an `m:oMath` element with its namespace declarations), or `undefined` when temml cannot parse
 * it or the conversion gives no math. `display` sets TeX's display style (big operators, limits above and below).
 */
export function texToOmml(tex: string, display: boolean): string | undefined {
  const source = docxText(tex).trim();
  if (!source || source.length > MAX_TEX_LENGTH) return undefined;
  try {
    // `trust: false`: no \href or \htmlClass of the user's TeX reaches the markup.
    const mathml = temml().renderToString(source, { displayMode: display, xml: true, throwOnError: true, trust: false });
    // mathml2omml decodes the MathML's character references and writes the text back unescaped (`x<0`): escape
    // them once more, so that what it writes is `x&lt;0`, well-formed XML.
    const omml = withNaryBodies(mml2omml(supportedMathml(mathml).replace(/&(lt|gt|amp|quot|apos);/g, '&amp;$1;')));
    return /^<m:oMath\b[^>]*>[\s\S]*<m:[A-Za-z]/.test(omml) ? omml : undefined;
  } catch {
    return undefined;
  }
}

/**
 * MathML with the two elements mathml2omml cannot convert rewritten (it would print "Type not supported" and drop
 * them): `<mpadded>` (spacing around its content, TeX's `\mathrlap`, `\smash`) becomes the `<mrow>` of its
 * content; `<mphantom>` (TeX's `\phantom`: room for content that is not shown) is left out, since OMML of the
 * converter would print its content visibly.
 */
function supportedMathml(mathml: string): string {
  if (!mathml.includes('<mpadded') && !mathml.includes('<mphantom')) return mathml;
  let out = mathml.replace(/<mpadded\b[^>]*>/g, '<mrow>').replace(/<\/mpadded>/g, '</mrow>');
  // Innermost first, so that a phantom inside a phantom goes with it.
  for (let before = ''; before !== out; ) {
    before = out;
    out = out.replace(/<mphantom\b[^>]*>(?:(?!<mphantom\b)[\s\S])*?<\/mphantom>/g, '');
  }
  return out;
}

/**
 * The end of the element that starts at `start` (`<m:x ...>...</m:x>` or `<m:x/>`), or -1 when no element starts
 * there. OMML from the converter has no comments, CDATA or processing instructions, so tags are all there is.
 */
function elementEnd(xml: string, start: number): number {
  if (!xml.startsWith('<m:', start)) return -1;
  const tag = /<(\/?)m:[A-Za-z]+\b[^>]*?(\/?)>/g;
  tag.lastIndex = start;
  let depth = 0;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    if (m[1]) depth--;
    else if (!m[2]) depth++;
    if (depth === 0) return tag.lastIndex;
  }
  return -1;
}

/**
 * A big operator with its operand: mathml2omml writes `\sum_{i=1}^{n} x_i` as an `m:nary` with an empty body
 * (`<m:e/>`) followed by `x_i`, which Word and LibreOffice show as an empty box after the sum. The element that
 * follows goes into the body, as Word's own equation editor puts it.
 */
export function withNaryBodies(omml: string): string {
  let out = omml;
  for (let at = out.indexOf('<m:e/></m:nary>'); at >= 0; at = out.indexOf('<m:e/></m:nary>', at + 1)) {
    const after = at + '<m:e/></m:nary>'.length;
    const end = elementEnd(out, after);
    if (end < 0) continue;
    out = `${out.slice(0, at)}<m:e>${out.slice(after, end)}</m:e></m:nary>${out.slice(end)}`;
  }
  return out;
}

/** An OMML fragment as a paragraph child (the docx library writes an imported element as it is). */
function ommlChild(omml: string): ParagraphChild {
  return ImportedXmlComponent.fromXmlString(omml) as unknown as ParagraphChild;
}

/** The TeX shown as its source when it could not be converted, and the report that says so. */
function unconverted(tex: string, display: boolean, state: DocxState): ParagraphChild {
  const source = tex.trim();
  const shown = source.length > 60 ? `${source.slice(0, 57)}...` : source;
  report(state, 'math-unconverted', `The equation "${shown}" could not be read as TeX math, so the Word file prints its TeX source instead.`);
  return new TextRun({ text: docxText(display ? `$$${source}$$` : `$${source}$`), style: STYLE.verbatimChar });
}

/** Inline math: an `m:oMath` in the run of text, or its TeX in the code style when unreadable. */
export function inlineMath(tex: string, state: DocxState): ParagraphChild {
  const omml = texToOmml(tex, false);
  const child = omml ? safeOmmlChild(omml) : undefined;
  return child ?? unconverted(tex, false, state);
}

/** {@link ommlChild}, or undefined when the library cannot read the fragment (the caller prints the TeX). */
function safeOmmlChild(omml: string): ParagraphChild | undefined {
  try {
    return ommlChild(omml);
  } catch {
    return undefined;
  }
}

/**
 * A display equation: its own paragraph in the Equation style, centred; numbered (`numberingFor`) with its
 * number `(4)` at the right margin, bookmarked with the equation's anchor for cross-references.
 */
export function displayMath(node: Extract<Block, { type: 'math' }>, state: DocxState): Paragraph {
  state.afterBreak = false;
  const numbered = state.numbering.of(node);
  const omml = texToOmml(node.tex, true);
  if (!numbered) {
    const para = omml ? safeOmmlChild(`<m:oMathPara xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"><m:oMathParaPr><m:jc m:val="center"/></m:oMathParaPr>${omml}</m:oMathPara>`) : undefined;
    const body = para ?? unconverted(node.tex, true, state);
    return new Paragraph({ style: STYLE.equation, alignment: AlignmentType.CENTER, children: [body] });
  }
  const { layout } = state;
  const width = twips(layout.trimWidthIn - layout.marginInsideIn - layout.marginOutsideIn);
  return new Paragraph({
    style: STYLE.equation,
    alignment: AlignmentType.LEFT,
    tabStops: [
      { type: TabStopType.CENTER, position: Math.round(width / 2) },
      { type: TabStopType.RIGHT, position: width },
    ],
    children: [
      new TextRun({ children: ['\t'] }),
      (omml ? safeOmmlChild(omml) : undefined) ?? unconverted(node.tex, true, state),
      new TextRun({ children: ['\t'] }),
      new Bookmark({ id: numbered.anchor, children: [new TextRun(docxText(numbered.label))] }),
    ],
  });
}
