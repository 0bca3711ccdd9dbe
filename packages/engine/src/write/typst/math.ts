/**
 * TeX math (the model's `math` nodes) as Typst math, through `tex2typst`, made safe to place between `$ ... $`.
 *
 * The TeX comes from strangers and tex2typst passes much of it through: an unknown command `\panic` becomes the
 * identifier `panic`, `\text{" #x "}` becomes `"" #x ""` (an embedded `#` expression), `\hspace` becomes `#h(...)`.
 * So its output is never trusted: {@link sanitizeTypstMath} reads it token by token as Typst's math lexer does
 * (Typst 0.14 syntax reference, "Math mode") and accepts only
 * - strings, decoded and written again by `typstStringLiteral` (so none can run on past its quote);
 * - identifiers of more than one letter that name a Typst math symbol or function tex2typst emits
 *   ({@link isMathIdentifier}: never `eval`, `panic`, `read`, `include`...), and the named arguments
 *   `delim:`/`align:`/`limits:` inside a call;
 * - the embedded values `#none`, `#true`, `#false`, `#left`, `#center`, `#right` that tex2typst writes for
 *   matrix arguments, and no other `#`;
 * - letters, digits, marks, symbols, spaces and the math punctuation, backslash escapes of one character;
 * and refuses a `$` (which would end the equation), a comment (`//`, `/*`, `*\/`), a call left unclosed, or
 * anything else: the equation is then set as its TeX source in the monospace face and reported
 * (`math-unconverted`).
 */
import { symbolMap, tex2typst } from 'tex2typst';
import { typstStringLiteral } from './escape.ts';

/**
 * Function names tex2typst emits that its symbol table does not list (accents, styles, layouts); each is a
 * function of Typst 0.14's `math` module (a test compiles every accepted identifier).
 */
const EMITTED_FUNCTIONS = [
  'upright', 'bold', 'italic', 'sans', 'mono', 'serif', 'cal', 'frak', 'scr', 'bb', 'frac', 'binom', 'mat', 'cases',
  'vec', 'op', 'lr', 'sqrt', 'root', 'hat', 'tilde', 'macron', 'arrow', 'dot', 'breve', 'acute', 'grave', 'circle',
  'overline', 'underline', 'overbrace', 'underbrace', 'overbracket', 'underbracket', 'overparen', 'underparen',
  'cancel', 'limits', 'scripts', 'attach', 'class', 'display', 'inline', 'script', 'sscript', 'abs', 'norm', 'floor',
  'ceil', 'round', 'stretch', 'accent', 'primes', 'lim', 'dif', 'Dif',
  // Typst's predefined text operators (math module, "op"), which tex2typst writes for `\max`, `\arg`, `\det`...
  'arccos', 'arcsin', 'arctan', 'arg', 'cos', 'cosh', 'cot', 'coth', 'csc', 'csch', 'ctg', 'deg', 'det', 'dim', 'exp',
  'gcd', 'lcm', 'hom', 'id', 'im', 'inf', 'ker', 'lg', 'liminf', 'limsup', 'ln', 'log', 'max', 'min', 'mod', 'Pr',
  'sec', 'sech', 'sin', 'sinc', 'sinh', 'sup', 'tan', 'tanh', 'tg', 'tr',
];

/** Identifiers of the standard library a math expression must never call, even if a future symbol table named them. */
const FORBIDDEN = new Set(['eval', 'panic', 'assert', 'read', 'include', 'import', 'plugin', 'json', 'yaml', 'toml', 'csv', 'xml', 'cbor', 'image', 'bibliography', 'metadata', 'query', 'state', 'counter', 'here', 'locate', 'label', 'link', 'page', 'pagebreak', 'set', 'show', 'let']);

/** Named arguments tex2typst writes inside a call (`mat(delim: "[", ...)`, `op("max", limits: #true)`). */
const NAMED_ARGUMENTS = new Set(['delim', 'align', 'limits', 'augment', 'gap', 'size']);

/** Embedded values tex2typst writes as arguments (`#none`, `#center`, `#true`). */
const EMBEDDED_VALUES = new Set(['none', 'true', 'false', 'left', 'center', 'right']);

/** Symbol-table names that Typst 0.14 does not know (found by compiling each one) or that are code, not math. */
const UNKNOWN_TO_TYPST = new Set(['LaTeX', 'TeX', 'align', 'binary', 'boxed', 'center', 'check', 'delim', 'em', 'none', 'stackrel', 'textrm', 'true', 'xrightarrow', 'h']);

/** A multi-letter identifier with its dotted modifiers (`arrow.r.double`), as Typst's math lexer reads one. */
const IDENTIFIER = /^\p{L}[\p{L}\p{N}]*(?:\.\p{L}[\p{L}\p{N}]*)*/u;

let identifiers: Set<string> | undefined;

/** Every identifier the sanitizer accepts: tex2typst's symbol names and emitted functions, less the unsafe and unknown. */
export function mathIdentifiers(): ReadonlySet<string> {
  if (identifiers) return identifiers;
  const out = new Set<string>(EMITTED_FUNCTIONS);
  for (const value of symbolMap.values()) {
    for (const m of value.matchAll(new RegExp(IDENTIFIER.source.slice(1), 'gu'))) if (m[0].length > 1) out.add(m[0]);
  }
  for (const name of [...out]) if (UNKNOWN_TO_TYPST.has(name) || FORBIDDEN.has(name.split('.')[0]!)) out.delete(name);
  identifiers = out;
  return out;
}

/** Whether `name` (`alpha`, `arrow.r`, `upright`) may stand in a sanitized equation. */
export function isMathIdentifier(name: string): boolean {
  return mathIdentifiers().has(name);
}

/** Characters allowed outside strings besides letters, digits, marks, symbols and spaces (math punctuation). */
const PUNCTUATION = new Set([...'()[]{}.,;:!?\'|&^_+-*/=<>~%']);

/**
 * Decodes a Typst string's body (between the quotes) as Typst reads it: `\\`, `\"`, `\n`, `\r`, `\t`, `\u{hex}`;
 * any other backslash stands for itself (Typst would refuse it; the sanitizer writes the text back safely).
 */
function decodeString(body: string): string {
  return body.replace(/\\(u\{([0-9A-Fa-f]{1,6})\}|.)/gsu, (all, esc: string, hex?: string) => {
    if (hex !== undefined) {
      const cp = Number.parseInt(hex, 16);
      return cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : '';
    }
    return ({ '\\': '\\', '"': '"', n: '\n', r: '\r', t: '\t' } as Record<string, string>)[esc] ?? all;
  });
}

/**
 * Typst math source made safe to place between `$` signs (see the module docs), or `undefined` when it holds
 * anything outside the accepted tokens. Input: tex2typst's output. Never throws.
 */
export function sanitizeTypstMath(source: string): string | undefined {
  let out = '';
  let i = 0;
  // Open parentheses, and whether each one opened a call (`root(` must be closed or Typst fails).
  const parens: boolean[] = [];
  let prevIdentifier = false;
  while (i < source.length) {
    const ch = source[i]!;
    const rest = source.slice(i);
    if (ch === '"') {
      let j = i + 1;
      while (j < source.length && source[j] !== '"') j += source[j] === '\\' ? 2 : 1;
      if (j >= source.length) return undefined;
      out += typstStringLiteral(decodeString(source.slice(i + 1, j)));
      i = j + 1;
      prevIdentifier = false;
      continue;
    }
    if (ch === '#') {
      const m = /^#([a-z]+)(?![\p{L}\p{N}_.(])/u.exec(rest);
      // `#none^x`, `#none_2`: tex2typst's base of an attachment that has none (`_2` or `^{*}` alone). Typst
      // would read `#none_2` as a variable's name: the base is written as an empty string.
      const baseless = /^#none[\^_]/u.test(rest);
      if (baseless) {
        out += '""';
        i += '#none'.length;
        prevIdentifier = false;
        continue;
      }
      if (!m || !EMBEDDED_VALUES.has(m[1]!) || parens.length === 0) return undefined;
      out += m[0];
      i += m[0].length;
      prevIdentifier = false;
      continue;
    }
    if (ch === '\\') {
      const next = source[i + 1];
      if (next === undefined) return undefined;
      // `\u{...}` is a Unicode escape in math too: write the character as a string instead.
      if (next === 'u' && source[i + 2] === '{') return undefined;
      out += next === '\n' || next === ' ' ? `\\${next}` : `\\${next}`;
      i += 2;
      prevIdentifier = false;
      continue;
    }
    const id = IDENTIFIER.exec(rest);
    if (id) {
      const name = id[0];
      if (name.length > 1 || name.includes('.')) {
        const named = NAMED_ARGUMENTS.has(name) && /^\s*:/u.test(source.slice(i + name.length)) && parens.some(Boolean);
        if (!named && !isMathIdentifier(name)) return undefined;
      }
      out += name;
      i += name.length;
      prevIdentifier = name.length > 1;
      continue;
    }
    if (rest.startsWith('//') || rest.startsWith('/*') || rest.startsWith('*/')) return undefined;
    if (ch === '(') parens.push(prevIdentifier);
    else if (ch === ')') parens.pop();
    if (ch === '$' || ch === '`' || ch === '@') return undefined;
    const ok = PUNCTUATION.has(ch) || /[\p{L}\p{N}\p{M}\p{S} \n\t]/u.test(ch);
    if (!ok) return undefined;
    out += ch;
    i += 1;
    prevIdentifier = false;
  }
  if (parens.some(Boolean)) return undefined;
  return out;
}

/** `\begin{array}{rcl} ... \end{array}` without another array inside. */
const RCL_ARRAY = /\\begin\{array\}\{\s*rcl\s*\}((?:(?!\\begin\{array\})[\s\S])*?)\\end\{array\}/gu;

/** Splits `text` at each `separator` (`&` or the row break `\\`) that stands outside braces and is not escaped (`\&`). */
function splitTopLevel(text: string, separator: '&' | '\\\\'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\') {
      if (separator === '\\\\' && depth === 0 && text[i + 1] === '\\') {
        parts.push(text.slice(start, i));
        start = i + 2;
      }
      i += 1;
    } else if (ch === '{') depth += 1;
    else if (ch === '}') depth -= 1;
    else if (ch === '&' && separator === '&' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * The `eqnarray`-like `array{rcl}` (left side, relation, right side) as `aligned`: tex2typst writes an array as
 * `mat(align: #center, ...)`, every column centred, so a derivation's `=` signs wandered; `aligned`'s `A &= B`
 * rows become Typst alignment points, the left sides set flush right and the relations aligned, as LaTeX sets
 * `rcl`. An array with a row of more than three cells is left as it is.
 */
export function rclArraysAsAligned(tex: string): string {
  return tex.replace(RCL_ARRAY, (whole, body: string) => {
    const rows = splitTopLevel(body, '\\\\')
      .filter((row) => row.trim() !== '')
      .map((row) => splitTopLevel(row, '&'));
    if (rows.some((cells) => cells.length > 3)) return whole;
    const aligned = rows.map(([left = '', relation = '', right = '']) => `${left} &${relation} ${right}`);
    return `\\begin{aligned}${aligned.join(' \\\\ ')}\\end{aligned}`;
  });
}

/** What {@link texToTypstMath} gives: Typst math to put between `$` signs, or the reason it could not. */
export type MathConversion = { ok: true; typst: string } | { ok: false; reason: string };

/**
 * TeX rewritten before conversion, for commands tex2typst passes through as names Typst does not know:
 * - `\label{...}`, `\tag{...}` dropped (the model carries the id; the writer numbers);
 * - the delimiter sizes `\big`, `\Big`, `\bigg`, `\Bigg` (and their `l`/`r`/`m` forms) dropped: Typst sizes
 *   delimiters itself;
 * - text-mode styles (`\textbf`, `\textit`, `\textrm`, `\textsf`, `\texttt`) as their math forms, `\mbox` and
 *   `\hbox` as `\text`, `\hspace{...}` as a `\quad`, `\vspace{...}` dropped;
 * - a raised `\circ` (`30^{\circ}`, `^\circ C`) as the degree sign `°` it stands for (tex2typst would set a small
 *   circle);
 * - the style switches `\displaystyle`, `\textstyle`, `\scriptstyle`, `\scriptscriptstyle` dropped except at the
 *   start of the equation: tex2typst 0.6 extends a switch to the end of the whole equation, across `&` (which it
 *   then refuses: "Unknown control sequence: &", so an aligned array with `\displaystyle` cells was printed as TeX)
 *   and out of a `{...}` group (whose content it then loses). A switch changes only the size of what follows.
 */
const TEX_REWRITES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\\(?:label|tag)\*?\s*\{[^{}]*\}/gu, ''],
  [/\\[Bb]igg?[lrm]?(?![A-Za-z])/gu, ''],
  [/\\text(bf|it|rm|sf|tt)(?![A-Za-z])/gu, '\\math$1'],
  [/\\[mh]box(?![A-Za-z])/gu, '\\text'],
  [/\\hspace\*?\s*\{[^{}]*\}/gu, '\\quad '],
  [/\\vspace\*?\s*\{[^{}]*\}/gu, ''],
  [/\\\\\s*\[[^\]]*\]/gu, '\\\\ '],
  [/\^\s*(?:\{\s*\\circ\s*\}|\\circ(?![A-Za-z]))/gu, '°'],
  [/(?<!^\s*)\\(?:display|text|script|scriptscript)style(?![A-Za-z])\s*/gu, ''],
];

/**
 * TeX math (without delimiters) as safe Typst math, after the {@link TEX_REWRITES}. Never throws: tex2typst's
 * errors and refused output come back as `{ ok: false }`.
 */
export function texToTypstMath(tex: string): MathConversion {
  const cleaned = rclArraysAsAligned(TEX_REWRITES.reduce((t, [re, by]) => t.replace(re, by), tex)).trim();
  if (cleaned === '') return { ok: false, reason: 'the equation is empty' };
  let converted: string;
  try {
    converted = tex2typst(cleaned);
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  const safe = sanitizeTypstMath(converted);
  if (safe === undefined || safe.trim() === '') return { ok: false, reason: 'it uses commands Quire cannot set in Typst' };
  return { ok: true, typst: safe };
}
