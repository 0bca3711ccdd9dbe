/**
 * pandoc-crossref references in Markdown (pandoc-crossref's manual, "Syntax"): `@fig:x`, `[@fig:x]`, `-@fig:x`
 * (number only), `[@fig:a; @fig:b]`, for the prefixes `fig`, `tbl`, `eq`, `sec` and `lst` (`@Fig:x`, which
 * pandoc-crossref capitalises, is read as `fig:x`: writers print the label the numbering gives).
 * pandoc-xnos's forms (pandoc-fignos/eqnos/tablenos/secnos READMEs, "Usage") are read too: `+@fig:x`
 * (capitalised, read as `@fig:x`), `!@fig:x` (number only, as `-@fig:x`) and any of them in protecting braces,
 * `{+@fig:x}`, whose braces are not printed (theses built from the academic pandoc templates write those).
 *
 * Every other `@key` and `[@key]` is a citation (pandoc's `citations` extension), which a later issue reads:
 * it stays text exactly as written (a bracket of citations whole); in a bracket that mixes citations and
 * cross-references the references are read and the rest stays text.
 *
 * Token: `cross_ref` with meta `{ target, suppressPrefix }`; a bracket of several references gives several
 * tokens with `, ` text between them.
 */
import type { MarkdownIt, StateInline } from 'markdown-it';

/** The prefixes of pandoc-crossref's reference kinds. */
export const CROSS_REF_PREFIXES = ['fig', 'tbl', 'eq', 'sec', 'lst'] as const;

/**
 * A reference key after `@`: a prefix, `:`, then pandoc's citation-key characters (letters, digits, `_`, and
 * `:.#$%&-+?<>~/` only between two of those), so `@fig:a.` ends before the full stop.
 */
const KEY = /^([-!+]?)@(fig|tbl|eq|sec|lst):([\p{L}\p{N}_](?:[\p{L}\p{N}_]|[:.#$%&\-+?<>~/](?=[\p{L}\p{N}_]))*)/iu;

/** A whole bracket of references: `[@fig:a]`, `[-@tbl:b]`, `[@fig:a; @fig:b]` (`,` also separates). */
const BRACKET = /^\[[ \t]*(-?@[^\s;,\]]+(?:[ \t]*[;,][ \t]*-?@[^\s;,\]]+)*)[ \t]*\]/u;

/**
 * A bracket holding a citation key (`[@doe]`, `[see @doe, p. 3]`): no nested brackets, not a footnote, and no
 * escapes, code, math or emphasis inside (such a bracket is parsed as usual).
 */
const CITATION_BRACKET = /^\[(?!\^)[^[\]\n\\`$*]*(?<![\p{L}\p{N}_])@[\p{L}\p{N}_][^[\]\n\\`$*]*\]/u;

/** pandoc-xnos's protecting braces around one reference: `{@fig:x}`, `{+@tbl:y}`, `{!@eq:z}`. */
const BRACED = /^\{([-!+]?@[^\s{}]+)\}/u;

const AT = 0x40;
const DASH = 0x2d;
const PLUS = 0x2b;
const BANG = 0x21;
const OPEN = 0x5b;
const BRACE = 0x7b;

/** The target of a key as the model holds it: the prefix lower-cased (`Fig:x` -> `fig:x`). */
function target(prefix: string, id: string): string {
  return `${prefix.toLowerCase()}:${id}`;
}

/** True when the character before `pos` lets a reference start there (not inside a word or an e-mail). */
function startsHere(src: string, pos: number): boolean {
  const before = src[pos - 1];
  return before === undefined || !/[\p{L}\p{N}_@.-]/u.test(before);
}

function crossRef(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  const c = src.charCodeAt(pos);
  if (c !== AT && c !== DASH && c !== PLUS && c !== BANG && c !== OPEN && c !== BRACE) return false;
  // Most `-`, `+`, `!` are text: only `-@`, `+@`, `!@` can start a reference, and only `{@`, `{+@`... a braced
  // one. Look-aheads are bounded (a key or a bracket of references is short), so a long paragraph is not re-read
  // at every `[` or `@`.
  if ((c === DASH || c === PLUS || c === BANG) && src.charCodeAt(pos + 1) !== AT) return false;
  if (c === BRACE && src.charCodeAt(pos + 1) !== AT && src.charCodeAt(pos + 2) !== AT) return false;
  const ahead = src.slice(pos, Math.min(state.posMax, pos + 400));
  if (c === BRACE) {
    const braced = BRACED.exec(ahead);
    const key = braced ? KEY.exec(braced[1]!) : null;
    if (!braced || !key || key[0].length !== braced[1]!.length || !startsHere(src, pos)) return false;
    if (!silent) pushRef(state, key);
    state.pos += braced[0].length;
    return true;
  }
  if (c === OPEN) {
    const m = BRACKET.exec(ahead);
    if (!m) {
      // A citation bracket (`[see @doe, p. 3; @fig:x]`): text as written, for the citation reader to come,
      // and no reference read out of it.
      const cite = CITATION_BRACKET.exec(ahead);
      const after = cite ? src[pos + cite[0].length] : undefined;
      // A bracket that also holds a cross-reference is parsed as usual (its references read).
      if (!cite || after === '(' || after === '[' || after === '{' || /@(?:fig|tbl|eq|sec|lst):/i.test(cite[0])) return false;
      if (!silent) state.push('text', '', 0).content = cite[0];
      state.pos += cite[0].length;
      return true;
    }
    // `[@fig:x](url)` or `[@fig:x][ref]` is a link; leave it to the link rule.
    const next = src[pos + m[0].length];
    if (next === '(' || next === '[') return false;
    const keys = m[1]!.split(/[ \t]*[;,][ \t]*/);
    const refs = keys.map((k) => KEY.exec(k));
    if (refs.some((r, i) => !r || r[0].length !== keys[i]!.length)) return false;
    if (!silent) {
      refs.forEach((r, i) => {
        if (i > 0) state.push('text', '', 0).content = ', ';
        pushRef(state, r!);
      });
    }
    state.pos += m[0].length;
    return true;
  }
  if (!startsHere(src, pos)) return false;
  const m = KEY.exec(ahead);
  if (!m) return false;
  if (!silent) pushRef(state, m);
  state.pos += m[0].length;
  return true;
}

/** One `cross_ref` token from a {@link KEY} match; `-` and pandoc-xnos's `!` print the number only. */
function pushRef(state: StateInline, key: RegExpExecArray): void {
  const token = state.push('cross_ref', '', 0);
  token.meta = { target: target(key[2]!, key[3]!), suppressPrefix: key[1] === '-' || key[1] === '!' };
}

/** Registers the rule (before `link`, so `[@fig:x]` is a reference, not a link text). */
export function crossRefPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('link', 'quire_cross_ref', crossRef);
}
