/**
 * Equations of an (X)HTML document -> TeX, the form the model holds math in (as pandoc's `Math` node does).
 *
 * - MathML `<math>` (MathML 3 §2.2; `display="block"` is display math): the TeX of an
 *   `<annotation encoding="application/x-tex">` inside `<semantics>` wins (pandoc `--mathml` writes the author's
 *   TeX there); otherwise the markup is converted by `mathml-to-latex`.
 * - pandoc's `--mathjax` / `--katex` / DOCX-reader spans: `<span class="math inline">\(tex\)</span>` and
 *   `<span class="math display">\[tex\]</span>` (pandoc's manual, "Math rendering in HTML"): the TeX as written.
 *
 * What cannot be converted comes back as `undefined` with the equation's text, which the caller keeps as text
 * and reports (`math-unconverted`).
 */
import { mathmlToLatex } from '../../lazy-package.ts';
import { attr, textContent, type XmlElement, type XmlNode } from '../xml.ts';
import { classes, tag } from './dom.ts';

/** An equation found in the markup: its TeX (undefined when it could not be read), display or inline, its text. */
export interface FoundMath {
  tex: string | undefined;
  display: boolean;
  /** The equation's text content, kept when no TeX could be had. */
  text: string;
  /** The author's id (`eq:energy`) when the element or a `\label{}` carries one. */
  id?: string;
}

/** True for `<math>` and for pandoc's `span.math` (inline or display). */
export function isMathElement(el: XmlElement): boolean {
  const t = tag(el);
  if (t === 'math') return true;
  return t === 'span' && classes(el).includes('math') && (classes(el).includes('inline') || classes(el).includes('display'));
}

/** True when a math element is display math (`display="block"`, `mode="display"`, `span.math.display`). */
export function isDisplayMath(el: XmlElement): boolean {
  if (tag(el) === 'math') return (attr(el, 'display') ?? '').toLowerCase() === 'block' || (attr(el, 'mode') ?? '').toLowerCase() === 'display';
  return classes(el).includes('display');
}

/**
 * The display-math element a node stands for: the node itself, or an inline wrapper (`<span id="eq:x">`) whose
 * only content is one display-math element (pandoc-crossref wraps numbered equations so).
 */
export function displayMathIn(node: XmlNode): { math: XmlElement; wrapper?: XmlElement } | undefined {
  if (node.type !== 'element') return undefined;
  if (isMathElement(node)) return isDisplayMath(node) ? { math: node } : undefined;
  if (tag(node) !== 'span') return undefined;
  const elements = node.children.filter((c) => c.type === 'element') as XmlElement[];
  const onlyWhitespace = node.children.every((c) => c.type === 'element' || !/\S/.test(c.value));
  if (elements.length !== 1 || !onlyWhitespace) return undefined;
  const inner = displayMathIn(elements[0]!);
  return inner ? { math: inner.math, wrapper: node } : undefined;
}

/** Reads one math element (see the module comment). Never throws. */
export function readMath(el: XmlElement, wrapperId?: string): FoundMath {
  const display = isDisplayMath(el);
  const text = presentationText(el).replace(/\s+/g, ' ').trim();
  let tex: string | undefined;
  if (tag(el) === 'math') {
    const annotation = texAnnotation(el);
    tex = annotation !== undefined ? annotation : mathmlToTex(el);
  } else {
    tex = textContent(el);
  }
  const cleaned = tex === undefined ? undefined : cleanTex(tex);
  const found: FoundMath = { tex: cleaned?.tex || undefined, display, text };
  const id = wrapperId ?? attr(el, 'id') ?? cleaned?.label;
  if (id) found.id = id;
  return found;
}

/** Text content without `<annotation>`s (what a reader sees of the equation). */
function presentationText(node: XmlNode): string {
  if (node.type === 'text') return node.value;
  if (tag(node) === 'annotation' || tag(node) === 'annotation-xml') return '';
  return node.children.map(presentationText).join('');
}

/** The TeX of `<annotation encoding="application/x-tex">` (or `TeX`, `text/x-latex`), when present. */
function texAnnotation(el: XmlElement): string | undefined {
  for (const c of el.children) {
    if (c.type !== 'element') continue;
    const t = tag(c);
    if (t === 'annotation' && /^(?:application\/x-tex|tex|latex|text\/x-latex|application\/x-latex)$/i.test((attr(c, 'encoding') ?? '').trim())) {
      const tex = textContent(c).trim();
      if (tex) return tex;
    }
    if (t === 'semantics') {
      const inner = texAnnotation(c);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

/** MathML -> TeX by `mathml-to-latex`; undefined when it fails or gives nothing. */
function mathmlToTex(el: XmlElement): string | undefined {
  try {
    const tex = mathmlToLatex().MathMLToLaTeX.convert(serializeMathml(el)).trim();
    return tex || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Delimiters and environments that the model's math-mode TeX must not carry: pandoc spans' `\(..\)` / `\[..\]`,
 * `$..$`, `$$..$$`, an outer `equation`/`displaymath` environment (display math is a block already), a `\label{}`
 * (becomes the id) and pandoc-crossref's `\qquad(3)` number (Quire numbers equations itself).
 */
export function cleanTex(raw: string): { tex: string; label?: string } {
  let tex = raw.trim();
  const wrapped = /^\\\(([\s\S]*)\\\)$/.exec(tex) ?? /^\\\[([\s\S]*)\\\]$/.exec(tex) ?? /^\$\$([\s\S]*)\$\$$/.exec(tex) ?? /^\$([\s\S]*)\$$/.exec(tex);
  if (wrapped) tex = wrapped[1]!.trim();
  const env = /^\\begin\{(equation\*?|displaymath|math)\}([\s\S]*)\\end\{\1\}$/.exec(tex);
  if (env) tex = env[2]!.trim();
  let label: string | undefined;
  tex = tex.replace(/\\label\{([^{}]*)\}/g, (_m, l: string) => {
    label ??= l.trim() || undefined;
    return '';
  });
  tex = tex.replace(/\s*\\qquad\s*\{?\(\d+(?:\.\d+)*\)\}?\s*$/, '').trim();
  return label ? { tex, label } : { tex };
}

/** The element as MathML markup (namespace added, annotations left out: they are not presentation). */
export function serializeMathml(el: XmlElement): string {
  const out: string[] = [];
  const walk = (node: XmlNode, root: boolean): void => {
    if (node.type === 'text') {
      out.push(escapeXml(node.value));
      return;
    }
    const name = tag(node);
    if (name === 'annotation' || name === 'annotation-xml') return;
    const attrs = Object.entries(node.attrs).filter(([k]) => !/^xmlns(?::|$)/.test(k));
    if (root) attrs.unshift(['xmlns', 'http://www.w3.org/1998/Math/MathML']);
    out.push(`<${name}${attrs.map(([k, v]) => ` ${k}="${escapeXml(v)}"`).join('')}>`);
    for (const c of node.children) walk(c, false);
    out.push(`</${name}>`);
  };
  walk(el, true);
  return out.join('');
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
