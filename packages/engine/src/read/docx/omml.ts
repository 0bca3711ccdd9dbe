/**
 * Office Math (OMML, ECMA-376 Part 1 §22.1, the `m:` namespace) -> TeX (LaTeX math mode, no delimiters), the
 * form the document model holds math in (pandoc's Math node holds TeX too).
 *
 * Written here rather than taken from npm: `omml2mathml` needs a browser DOM, and going through MathML would
 * only add a second lossy step. Covered (§22.1.2): runs (`m:r` with `m:t`, plain style `m:sty="p"` and normal
 * text `m:nor`), fractions `m:f` (bar, linear, skewed, no bar), scripts `m:sSup` `m:sSub` `m:sSubSup` `m:sPre`,
 * radicals `m:rad`, n-ary operators `m:nary`, delimiters `m:d`, accents `m:acc`, bars `m:bar`, functions
 * `m:func`, matrices `m:m`, equation arrays `m:eqArr`, boxes `m:box` `m:borderBox`, group characters
 * `m:groupChr`, limits `m:limLow` `m:limUpp`, phantoms `m:phant`. Anything else is read for its content and
 * counted in {@link OmmlResult.unknown}.
 */
import { type XmlElement, type XmlNode } from '../xml.ts';

/** The TeX of one equation, and the OMML elements met that this converter does not know (by name). */
export interface OmmlResult {
  tex: string;
  /** The equation's plain text (its `m:t` / `w:t` in order): what is kept when the TeX cannot be used. */
  text: string;
  unknown: string[];
}

/** Unicode math characters -> TeX commands (the common ones; others stay as Unicode, which temml reads). */
const SYMBOLS: Record<string, string> = {
  α: '\\alpha', β: '\\beta', γ: '\\gamma', δ: '\\delta', ε: '\\varepsilon', ϵ: '\\epsilon', ζ: '\\zeta', η: '\\eta',
  θ: '\\theta', ϑ: '\\vartheta', ι: '\\iota', κ: '\\kappa', λ: '\\lambda', μ: '\\mu', ν: '\\nu', ξ: '\\xi', π: '\\pi',
  ϖ: '\\varpi', ρ: '\\rho', ϱ: '\\varrho', σ: '\\sigma', ς: '\\varsigma', τ: '\\tau', υ: '\\upsilon', φ: '\\phi',
  ϕ: '\\phi', χ: '\\chi', ψ: '\\psi', ω: '\\omega', Γ: '\\Gamma', Δ: '\\Delta', Θ: '\\Theta', Λ: '\\Lambda',
  Ξ: '\\Xi', Π: '\\Pi', Σ: '\\Sigma', Υ: '\\Upsilon', Φ: '\\Phi', Ψ: '\\Psi', Ω: '\\Omega',
  '∞': '\\infty', '±': '\\pm', '∓': '\\mp', '×': '\\times', '÷': '\\div', '·': '\\cdot', '⋅': '\\cdot', '∙': '\\cdot',
  '≤': '\\leq', '≥': '\\geq', '≠': '\\neq', '≈': '\\approx', '≡': '\\equiv', '∼': '\\sim', '≅': '\\cong',
  '∝': '\\propto', '≪': '\\ll', '≫': '\\gg', '→': '\\rightarrow', '←': '\\leftarrow', '↔': '\\leftrightarrow',
  '⇒': '\\Rightarrow', '⇐': '\\Leftarrow', '⇔': '\\Leftrightarrow', '↦': '\\mapsto', '∈': '\\in', '∉': '\\notin',
  '∋': '\\ni', '⊂': '\\subset', '⊃': '\\supset', '⊆': '\\subseteq', '⊇': '\\supseteq', '∪': '\\cup', '∩': '\\cap',
  '∅': '\\emptyset', '∀': '\\forall', '∃': '\\exists', '¬': '\\neg', '∧': '\\wedge', '∨': '\\vee', '∂': '\\partial',
  '∇': '\\nabla', '…': '\\ldots', '⋯': '\\cdots', '⋮': '\\vdots', '⋱': '\\ddots', '°': '^{\\circ}', '′': "'",
  '″': "''", '∘': '\\circ', '⊕': '\\oplus', '⊗': '\\otimes', '⊥': '\\perp', '∥': '\\parallel', '∠': '\\angle',
  'ℏ': '\\hbar', 'ℓ': '\\ell', 'ℝ': '\\mathbb{R}', 'ℕ': '\\mathbb{N}', 'ℤ': '\\mathbb{Z}', 'ℚ': '\\mathbb{Q}',
  'ℂ': '\\mathbb{C}', '−': '-', '∗': '\\ast', '⟨': '\\langle', '⟩': '\\rangle', '\u2061': '', '\u200b': '',
  '\u2062': '', '\u2063': '', '\u2064': '',
};

/** Characters TeX reads as commands, escaped in math mode. */
const ESCAPES: Record<string, string> = {
  '\\': '\\backslash ', '{': '\\{', '}': '\\}', '#': '\\#', $: '\\$', '%': '\\%', '&': '\\&', _: '\\_',
  '~': '\\sim ', '^': '\\hat{}',
};

/** n-ary operator characters (`m:naryPr/m:chr`, default ∫ per §22.1.2.20). */
const NARY: Record<string, string> = {
  '∑': '\\sum', '∏': '\\prod', '∐': '\\coprod', '∫': '\\int', '∬': '\\iint', '∭': '\\iiint', '∮': '\\oint',
  '∯': '\\oint', '⋃': '\\bigcup', '⋂': '\\bigcap', '⋁': '\\bigvee', '⋀': '\\bigwedge', '⨁': '\\bigoplus',
  '⨂': '\\bigotimes',
};

/** Accent characters (`m:accPr/m:chr`, default U+0302 per §22.1.2.1). */
const ACCENTS: Record<string, string> = {
  '\u0302': '\\hat', '^': '\\hat', '\u0303': '\\tilde', '~': '\\tilde', '\u0307': '\\dot', '\u0308': '\\ddot',
  '\u20db': '\\dddot', '\u20d7': '\\vec', '\u2192': '\\vec', '\u0304': '\\bar', '\u0305': '\\overline', '\u00af': '\\bar',
  '\u0306': '\\breve', '\u030c': '\\check', '\u0301': '\\acute', '\u0300': '\\grave', '\u20d6': '\\overleftarrow',
  '\u20e1': '\\overleftrightarrow', '\u2190': '\\overleftarrow',
};

/** Delimiters (`m:dPr/m:begChr`, `m:endChr`) as TeX after `\left` / `\right`. */
const DELIMS: Record<string, string> = {
  '': '.', '(': '(', ')': ')', '[': '[', ']': ']', '{': '\\{', '}': '\\}', '|': '|', '‖': '\\|', '⟨': '\\langle',
  '⟩': '\\rangle', '〈': '\\langle', '〉': '\\rangle', '⌊': '\\lfloor', '⌋': '\\rfloor', '⌈': '\\lceil', '⌉': '\\rceil',
  '<': '<', '>': '>', '/': '/',
};

/** Function names TeX has a command for (`m:func` with `m:fName` "sin" -> `\sin`). */
const FUNCTIONS = new Set([
  'sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'tanh', 'coth', 'log', 'ln',
  'lg', 'exp', 'lim', 'max', 'min', 'sup', 'inf', 'det', 'dim', 'ker', 'deg', 'arg', 'gcd', 'Pr', 'liminf', 'limsup',
]);

const name = (el: XmlElement): string => el.name;
const kids = (el: XmlElement): XmlElement[] => el.children.filter((c): c is XmlElement => c.type === 'element');
const child = (el: XmlElement | undefined, n: string): XmlElement | undefined => (el ? kids(el).find((c) => name(c) === n) : undefined);
/** The `m:val` of a property element (`<m:chr m:val="∑"/>`), or undefined when absent. */
const val = (props: XmlElement | undefined, n: string): string | undefined => {
  const p = child(props, n);
  if (!p) return undefined;
  return p.attrs['m:val'] ?? p.attrs['w:val'] ?? p.attrs.val ?? '';
};
const on = (props: XmlElement | undefined, n: string): boolean => {
  const v = val(props, n);
  return v !== undefined && !/^(0|off|false)$/i.test(v);
};

/**
 * Joins TeX pieces, putting a space where a control word would otherwise swallow the next letter
 * (`\alpha` + `x` -> `\alpha x`, not `\alphax`).
 */
export function joinTex(parts: readonly string[]): string {
  let out = '';
  for (const p of parts) {
    if (!p) continue;
    if (/\\[A-Za-z]+$/.test(out) && /^[A-Za-z0-9]/.test(p)) out += ' ';
    out += p;
  }
  return out;
}

/** A group `{...}` unless the TeX is one character or one control word (keeps `x^2` readable). */
function group(tex: string): string {
  if (/^(?:[A-Za-z0-9]|\\[A-Za-z]+)$/.test(tex)) return tex;
  return `{${tex}}`;
}

function plainText(el: XmlNode): string {
  if (el.type === 'text') return '';
  if (el.name === 'm:t' || el.name === 'w:t') return el.children.map((c) => (c.type === 'text' ? c.value : '')).join('');
  if (el.name === 'w:delText' || el.name === 'w:del' || el.name.endsWith('Pr')) return '';
  return el.children.map(plainText).join('');
}

class Converter {
  readonly unknown: string[] = [];
  private inArray = 0;

  /** The TeX of an argument element (`m:e`, `m:num`, `m:sub`, ...) or any container: its children in order. */
  seq(el: XmlElement | undefined): string {
    if (!el) return '';
    return joinTex(kids(el).map((c) => this.node(c)));
  }

  node(el: XmlElement): string {
    const n = name(el);
    switch (n) {
      case 'm:r':
        return this.run(el);
      case 'm:f':
        return this.fraction(el);
      case 'm:sSup':
        return `${group(this.seq(child(el, 'm:e')))}^${group(this.seq(child(el, 'm:sup')))}`;
      case 'm:sSub':
        return `${group(this.seq(child(el, 'm:e')))}_${group(this.seq(child(el, 'm:sub')))}`;
      case 'm:sSubSup':
        return `${group(this.seq(child(el, 'm:e')))}_${group(this.seq(child(el, 'm:sub')))}^${group(this.seq(child(el, 'm:sup')))}`;
      case 'm:sPre':
        return joinTex([`{}_${group(this.seq(child(el, 'm:sub')))}^${group(this.seq(child(el, 'm:sup')))}`, group(this.seq(child(el, 'm:e')))]);
      case 'm:rad': {
        const props = child(el, 'm:radPr');
        const deg = on(props, 'm:degHide') ? '' : this.seq(child(el, 'm:deg'));
        return `\\sqrt${deg ? `[${deg}]` : ''}{${this.seq(child(el, 'm:e'))}}`;
      }
      case 'm:nary':
        return this.nary(el);
      case 'm:d':
        return this.delimiter(el);
      case 'm:acc': {
        const chr = val(child(el, 'm:accPr'), 'm:chr') ?? '\u0302';
        const cmd = ACCENTS[chr] ?? '\\hat';
        return `${cmd}{${this.seq(child(el, 'm:e'))}}`;
      }
      case 'm:bar': {
        const pos = val(child(el, 'm:barPr'), 'm:pos') ?? 'bot';
        return `${pos === 'top' ? '\\overline' : '\\underline'}{${this.seq(child(el, 'm:e'))}}`;
      }
      case 'm:func':
        return this.func(el);
      case 'm:m':
        return this.matrix(el);
      case 'm:eqArr': {
        this.inArray++;
        const rows = kids(el).filter((c) => name(c) === 'm:e').map((e) => this.seq(e));
        this.inArray--;
        const aligned = rows.some((r) => /(^|[^\\])&/.test(r));
        return `\\begin{${aligned ? 'aligned' : 'gathered'}}${rows.join(' \\\\ ')}\\end{${aligned ? 'aligned' : 'gathered'}}`;
      }
      case 'm:box':
        return this.seq(child(el, 'm:e'));
      case 'm:borderBox':
        return `\\boxed{${this.seq(child(el, 'm:e'))}}`;
      case 'm:groupChr': {
        const props = child(el, 'm:groupChrPr');
        const chr = val(props, 'm:chr') ?? '\u23df';
        const pos = val(props, 'm:pos') ?? 'bot';
        const e = this.seq(child(el, 'm:e'));
        if (chr === '\u23df' || chr === '\u23de') return `${chr === '\u23de' || pos === 'top' ? '\\overbrace' : '\\underbrace'}{${e}}`;
        const c = SYMBOLS[chr] ?? chr;
        return pos === 'top' ? `\\overset{${c}}{${e}}` : `\\underset{${c}}{${e}}`;
      }
      case 'm:limLow':
      case 'm:limUpp': {
        const e = this.seq(child(el, 'm:e'));
        const lim = this.seq(child(el, 'm:lim'));
        if (/^\\(?:lim|max|min|sup|inf|liminf|limsup)$/.test(e)) return `${e}${n === 'm:limLow' ? '_' : '^'}{${lim}}`;
        return n === 'm:limLow' ? `\\underset{${lim}}{${e}}` : `\\overset{${lim}}{${e}}`;
      }
      case 'm:phant': {
        const props = child(el, 'm:phantPr');
        const e = this.seq(child(el, 'm:e'));
        return on(props, 'm:show') || !props ? e : `\\phantom{${e}}`;
      }
      case 'm:e':
      case 'm:num':
      case 'm:den':
      case 'm:sub':
      case 'm:sup':
      case 'm:deg':
      case 'm:lim':
      case 'm:fName':
      case 'm:oMath':
      case 'm:oMathPara':
        return this.seq(el);
      case 'w:r':
        return this.run(el);
      case 'w:ins':
      case 'w:smartTag':
      case 'w:sdt':
      case 'w:sdtContent':
      case 'w:hyperlink':
        return this.seq(el);
      default:
        // Properties (`m:ctrlPr`, `m:oMathParaPr`, `w:rPr`), bookmarks, proofing marks, deletions: no content.
        if (n.endsWith('Pr') || /^w:(bookmark|proofErr|del$|permStart|permEnd|commentRange|lastRenderedPageBreak)/.test(n)) return '';
        this.unknown.push(n);
        return this.seq(el);
    }
  }

  private run(el: XmlElement): string {
    const props = child(el, 'm:rPr');
    const text = kids(el)
      .filter((c) => name(c) === 'm:t' || name(c) === 'w:t')
      .map((t) => plainText(t))
      .join('');
    if (!text) return '';
    const normal = on(props, 'm:nor') || child(props, 'm:nor') !== undefined && val(props, 'm:nor') === '';
    if (normal) return `\\text{${text.replace(/[\\{}]/g, (c) => `\\${c === '\\' ? 'backslash ' : c}`)}}`;
    const sty = val(props, 'm:sty');
    const scr = val(props, 'm:scr');
    let tex = this.chars(text);
    if (scr === 'double-struck') tex = `\\mathbb{${tex}}`;
    else if (scr === 'script') tex = `\\mathcal{${tex}}`;
    else if (scr === 'fraktur') tex = `\\mathfrak{${tex}}`;
    else if (sty === 'p' && /[A-Za-z]{2,}/.test(text)) tex = FUNCTIONS.has(text.trim()) ? `\\${text.trim()}` : `\\mathrm{${tex}}`;
    else if (sty === 'b') tex = `\\mathbf{${tex}}`;
    return tex;
  }

  /** A run's characters: TeX specials escaped, known symbols as commands, spaces kept as `\ ` where meant. */
  private chars(text: string): string {
    const parts: string[] = [];
    for (const ch of text) {
      if (ch === '&' && this.inArray > 0) parts.push('&');
      else if (ch in ESCAPES) parts.push(ESCAPES[ch]!);
      else if (ch in SYMBOLS) parts.push(SYMBOLS[ch]!);
      else if (ch === ' ' || ch === '\u00a0') parts.push(' ');
      else parts.push(ch);
    }
    // Runs of spaces in OMML are the author's spacing: one TeX space (`\ `) between words, none at the ends.
    return joinTex(parts).replace(/^ +| +$/g, '').replace(/ {2,}/g, '\\ ');
  }

  private fraction(el: XmlElement): string {
    const type = val(child(el, 'm:fPr'), 'm:type') ?? 'bar';
    const num = this.seq(child(el, 'm:num'));
    const den = this.seq(child(el, 'm:den'));
    if (type === 'lin' || type === 'skw') return `${group(num)}/${group(den)}`;
    if (type === 'noBar') return `\\genfrac{}{}{0pt}{}{${num}}{${den}}`;
    return `\\frac{${num}}{${den}}`;
  }

  private nary(el: XmlElement): string {
    const props = child(el, 'm:naryPr');
    const chr = val(props, 'm:chr') ?? '∫';
    const op = NARY[chr] ?? (SYMBOLS[chr] ? `\\mathop{${SYMBOLS[chr]}}` : `\\mathop{${chr}}`);
    const sub = on(props, 'm:subHide') ? '' : this.seq(child(el, 'm:sub'));
    const sup = on(props, 'm:supHide') ? '' : this.seq(child(el, 'm:sup'));
    // Integrals take their limits beside them unless `m:limLoc` says above and below (§22.1.2.53).
    const limits = (sub || sup) && val(props, 'm:limLoc') === 'undOvr' && /int$/.test(op) ? '\\limits' : '';
    let tex = op + limits;
    if (sub) tex += `_{${sub}}`;
    if (sup) tex += `^{${sup}}`;
    return joinTex([tex, group(this.seq(child(el, 'm:e')))]);
  }

  private delimiter(el: XmlElement): string {
    const props = child(el, 'm:dPr');
    const beg = val(props, 'm:begChr') ?? '(';
    const end = val(props, 'm:endChr') ?? ')';
    const sep = val(props, 'm:sepChr') ?? '|';
    const sepTex = sep === '|' ? '\\mid ' : (DELIMS[sep] ?? SYMBOLS[sep] ?? sep);
    const inner = kids(el)
      .filter((c) => name(c) === 'm:e')
      .map((e) => this.seq(e))
      .join(sepTex === '\\mid ' ? ' \\mid ' : sepTex);
    const l = DELIMS[beg] ?? '.';
    const r = DELIMS[end] ?? '.';
    return joinTex([`\\left${l}`, inner, `\\right${r}`]);
  }

  private func(el: XmlElement): string {
    const fname = child(el, 'm:fName');
    const nameText = fname ? plainText(fname).trim() : '';
    const onlyRuns = fname ? kids(fname).every((c) => name(c) === 'm:r' || name(c).endsWith('Pr')) : false;
    const head = onlyRuns && FUNCTIONS.has(nameText) ? `\\${nameText}` : onlyRuns && /^[A-Za-z]+$/.test(nameText) ? `\\operatorname{${nameText}}` : this.seq(fname);
    return joinTex([head, ' ', this.seq(child(el, 'm:e'))]).replace(/ +$/, '');
  }

  private matrix(el: XmlElement): string {
    this.inArray++;
    const rows = kids(el)
      .filter((c) => name(c) === 'm:mr')
      .map((mr) => kids(mr).filter((c) => name(c) === 'm:e').map((e) => this.seq(e)).join(' & '));
    this.inArray--;
    return `\\begin{matrix}${rows.join(' \\\\ ')}\\end{matrix}`;
  }
}

/**
 * Converts one `m:oMath` (or an `m:oMathPara`'s `m:oMath`) to TeX.
 * @returns the TeX (trimmed, `''` for an empty equation), the equation's plain text, and unknown element names.
 */
export function ommlToTex(oMath: XmlElement): OmmlResult {
  const c = new Converter();
  const tex = c.seq(oMath).replace(/\s+/g, ' ').trim();
  return { tex, text: plainText(oMath).replace(/\s+/g, ' ').trim(), unknown: c.unknown };
}
