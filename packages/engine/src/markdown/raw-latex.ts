/**
 * Raw LaTeX in Markdown (pandoc's `raw_tex` extension) and HTML comments: never printed.
 *
 * Block rule (a paragraph of LaTeX, as pandoc reads it): a line that starts with a command
 * (`\newpage`, `\vspace{1em}`, `\afterpage{%` ... `}`) and holds nothing but commands, their `[...]`/`{...}`
 * arguments and `%` comments, or an environment `\begin{name}` ... `\end{name}` (blank lines allowed inside).
 * It gives a `latex_block` token, meta {@link LatexBlockMeta}; the parser turns page breaks into `pageBreak`,
 * a `figure` environment with `\includegraphics` into a figure, and reports everything else.
 * A line that starts with an inline command and goes on with text (`\emph{Note}: ...`) is a paragraph.
 *
 * Inline rule: `\textbf{x}` -> strong, `\emph{x}` / `\textit{x}` -> emphasis, `\url{u}` and `\href{u}{text}`
 * -> links, `\ref{fig:x}` / `\autoref` / `\cref` -> a cross-reference; any other `\name{arg}` keeps its last
 * argument's text and `\name` alone is left out, each reported through a `latex_inline` token (content: the
 * command). `\` before a letter is not a Markdown escape (CommonMark 2.4), so no text is taken from Markdown.
 *
 * `<!-- ... -->` comments are dropped silently (block and inline), as pandoc drops them from every output but
 * HTML (Quire reads Markdown without raw HTML: `html: false`).
 */
import type { MarkdownIt, StateBlock, StateInline, Token } from 'markdown-it';

/** What a `latex_block` token holds: the commands in order (`\newpage`, `\begin{figure}`) and the source. */
export type LatexBlockMeta = {
  commands: string[];
  /** For an environment, its name (`figure`, `longtable`). */
  environment?: string;
  source: string;
};

/** Commands that are a page break (`\cleardoublepage` too: Quire decides recto openings itself). */
export const PAGE_BREAK_COMMANDS: ReadonlySet<string> = new Set(['newpage', 'clearpage', 'pagebreak', 'cleardoublepage']);

/** Commands for something Quire builds itself (title page, contents, lists of figures, matter divisions). */
export const MAPPED_COMMANDS: ReadonlySet<string> = new Set([
  'maketitle', 'tableofcontents', 'listoffigures', 'listoftables', 'appendix', 'frontmatter', 'mainmatter', 'backmatter',
]);

/** Inline commands with a meaning the model holds (handled by the inline rule; never a block on their own). */
const INLINE_FORMAT: Readonly<Record<string, 'strong' | 'emphasis'>> = { textbf: 'strong', emph: 'emphasis', textit: 'emphasis' };
const INLINE_LINKS = new Set(['url', 'href']);
const INLINE_REFS = new Set(['ref', 'autoref', 'cref', 'Cref', 'eqref']);
/** Inline commands whose arguments are not text to print (names, lengths, files, keys). */
const NON_TEXT = new Set([
  'begin', 'end', 'label', 'vspace', 'hspace', 'includegraphics', 'setlength', 'addtolength', 'input', 'include',
  'bibliography', 'bibliographystyle', 'cite', 'citep', 'citet', 'nocite', 'newcommand', 'renewcommand', 'usepackage',
  'pagenumbering', 'markright', 'markboth', 'thispagestyle', 'pagestyle', 'hypertarget', 'pageref', 'color',
]);

const BACKSLASH = 0x5c;

/** End (exclusive) of a balanced group opening at `from` (`{` or `[`), or -1 when it does not close. */
function groupEnd(src: string, from: number, max: number): number {
  const open = src[from]!;
  const close = open === '{' ? '}' : ']';
  let depth = 0;
  for (let i = from; i < max; i++) {
    const c = src[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '%' && open === '{') {
      // A TeX comment runs to the end of its line.
      const nl = src.indexOf('\n', i);
      if (nl < 0 || nl >= max) return -1;
      i = nl;
      continue;
    }
    if (c === open) depth++;
    else if (c === close && --depth === 0) return i + 1;
    else if (c === '\n' && src[i + 1] === '\n' && open === '[') return -1;
  }
  return -1;
}

interface CommandMatch {
  name: string;
  args: string[];
  end: number;
}

/** A command at `pos` (`\name*` then `[...]` and `{...}` arguments, spaces between), or undefined. */
export function readCommand(src: string, pos: number, max: number, multiline: boolean): CommandMatch | undefined {
  if (src.charCodeAt(pos) !== BACKSLASH) return undefined;
  const m = /^\\([A-Za-z]+)\*?/.exec(src.slice(pos, Math.min(max, pos + 64)));
  if (!m) return undefined;
  const name = m[1]!;
  let i = pos + m[0].length;
  const args: string[] = [];
  for (;;) {
    let j = i;
    while (j < max && (src[j] === ' ' || src[j] === '\t')) j++;
    const c = src[j];
    if (c !== '{' && c !== '[') break;
    const end = groupEnd(src, j, max);
    if (end < 0) break;
    const inside = src.slice(j + 1, end - 1);
    if (!multiline && inside.includes('\n')) break;
    if (c === '{') args.push(inside);
    i = end;
  }
  return { name, args, end: i };
}

/** Line index holding offset `pos` (from `line`). */
function lineAt(state: StateBlock, line: number, pos: number, endLine: number): number {
  while (line < endLine - 1 && state.eMarks[line]! < pos) line++;
  return line;
}

function latexBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const src = state.src;
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  const max = state.eMarks[endLine - 1] ?? src.length;
  if (src.startsWith('<!--', start)) {
    const close = src.indexOf('-->', start + 4);
    if (close < 0) return false;
    const last = lineAt(state, startLine, close, endLine);
    if (src.slice(close + 3, state.eMarks[last]).trim() !== '') return false;
    if (silent) return true;
    const token = state.push('comment_block', '', 0);
    token.map = [startLine, last + 1];
    state.line = last + 1;
    return true;
  }
  if (src.charCodeAt(start) !== BACKSLASH) return false;
  const commands: string[] = [];
  let pos = start;
  let environment: string | undefined;
  const begin = /^\\begin\{([A-Za-z*]+)\}/.exec(src.slice(start, start + 80));
  if (begin) {
    environment = begin[1]!;
    // The matching `\end{name}`, counting nested environments of the same name.
    const name = environment.replace(/\*/g, '\\*');
    const re = new RegExp(`\\\\(begin|end)\\{${name}\\}`, 'g');
    re.lastIndex = start;
    let depth = 0;
    let end = -1;
    for (let m = re.exec(src); m && m.index < max; m = re.exec(src)) {
      depth += m[1] === 'begin' ? 1 : -1;
      if (depth === 0) {
        end = m.index + m[0].length;
        break;
      }
    }
    if (end < 0) return false;
    commands.push(`\\begin{${environment}}`);
    pos = end;
  } else {
    // Commands only, up to the end of the line (arguments may run over lines, as `\afterpage{%`).
    const first = readCommand(src, start, max, true);
    if (!first || first.name in INLINE_FORMAT || INLINE_LINKS.has(first.name) || INLINE_REFS.has(first.name)) return false;
    for (;;) {
      const cmd = readCommand(src, pos, max, true);
      if (!cmd) break;
      commands.push(`\\${cmd.name}`);
      pos = cmd.end;
      while (src[pos] === ' ' || src[pos] === '\t') pos++;
      if (src[pos] === '%') while (pos < max && src[pos] !== '\n') pos++;
    }
  }
  const last = lineAt(state, startLine, Math.max(start, pos - 1), endLine);
  const rest = src.slice(pos, state.eMarks[last]).replace(/%.*$/, '').trim();
  if (rest !== '') return false;
  // Checked while a paragraph runs on (`silent`): only a page break or a command Quire does itself ends it;
  // any other command line there may be part of the paragraph's display math (`\end{bmatrix}`).
  if (silent) return commands.every((c) => PAGE_BREAK_COMMANDS.has(c.slice(1)) || MAPPED_COMMANDS.has(c.slice(1)));
  const token = state.push('latex_block', '', 0);
  const meta: LatexBlockMeta = { commands, source: src.slice(start, pos) };
  if (environment) meta.environment = environment;
  token.meta = meta;
  token.map = [startLine, last + 1];
  token.block = true;
  state.line = last + 1;
  return true;
}

/** TeX grouping braces removed (`{[}149{]}` -> `[149]`), escaped ones (`\\{`) kept as the character. */
function unbrace(tex: string): string {
  return tex.replace(/\\([{}%&#_$])|[{}]/g, (_m, ch: string | undefined) => ch ?? '');
}

function latexInline(state: StateInline, silent: boolean): boolean {
  const { src, pos, posMax } = state;
  if (src.charCodeAt(pos) !== BACKSLASH) return false;
  if (src.startsWith('<!--', pos)) return false;
  const cmd = readCommand(src, pos, posMax, false);
  if (!cmd) return false;
  if (silent) {
    state.pos = cmd.end;
    return true;
  }
  const parseInto = (text: string) => {
    state.md.inline.parse(text, state.md, state.env, state.tokens);
  };
  const format = INLINE_FORMAT[cmd.name];
  const arg = cmd.args[cmd.args.length - 1];
  if (format && arg !== undefined) {
    const tag = format === 'strong' ? 'strong' : 'em';
    state.push(`${tag}_open`, tag, 1);
    parseInto(arg);
    state.push(`${tag}_close`, tag, -1);
  } else if (cmd.name === 'texttt' && arg !== undefined) {
    state.push('code_inline', 'code', 0).content = unbrace(arg);
  } else if (INLINE_LINKS.has(cmd.name) && cmd.args.length > 0) {
    const open = state.push('link_open', 'a', 1);
    open.attrs = [['href', cmd.args[0]!]];
    const text = state.push('text', '', 0);
    text.content = cmd.args[cmd.name === 'href' ? 1 : 0] ?? cmd.args[0]!;
    state.push('link_close', 'a', -1);
  } else if (INLINE_REFS.has(cmd.name) && arg !== undefined && /^(?:fig|tbl|eq|sec|lst):\S+$/i.test(arg)) {
    const token = state.push('cross_ref', '', 0);
    token.meta = { target: arg.replace(/^[A-Za-z]+/, (p) => p.toLowerCase()), suppressPrefix: true };
  } else {
    const token = state.push('latex_inline', '', 0);
    token.content = `\\${cmd.name}`;
    if (arg !== undefined && !NON_TEXT.has(cmd.name)) parseInto(unbrace(arg));
  }
  state.pos = cmd.end;
  return true;
}

function commentInline(state: StateInline, silent: boolean): boolean {
  const { src, pos, posMax } = state;
  if (!src.startsWith('<!--', pos)) return false;
  const close = src.indexOf('-->', pos + 4);
  if (close < 0 || close + 3 > posMax) return false;
  if (!silent) state.push('comment_inline', '', 0);
  state.pos = close + 3;
  return true;
}

/** Registers the block rule (before `paragraph`, interrupting one) and the inline rules (before `escape`). */
export function rawLatexPlugin(md: MarkdownIt): void {
  md.block.ruler.before('paragraph', 'quire_latex_block', latexBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.inline.ruler.before('escape', 'quire_latex_inline', latexInline);
  md.inline.ruler.before('escape', 'quire_comment_inline', commentInline);
}

/** The `latex_block` meta of a token, when it is one. */
export function latexBlockMeta(token: Token): LatexBlockMeta | undefined {
  return token.type === 'latex_block' ? (token.meta as LatexBlockMeta) : undefined;
}
