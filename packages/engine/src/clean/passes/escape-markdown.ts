/**
 * Pass `escaped`: characters at the start or end of a paragraph that Markdown would read as syntax,
 * so that the author's text stays text (CommonMark 0.31: ATX headings 4.2, block quotes 5.1, list items
 * 5.2, thematic breaks 4.1, link reference definitions 4.7; markdown-it-footnote definitions,
 * markdown-it-container fences, markdown-it-attrs trailing `{...}`). Emphasis with `_` and `*` is left
 * alone: Gutenberg texts use `_italics_` the way Markdown does. Count: characters escaped.
 *
 * Examples: `# 1 in our series` -> `\# 1 in our series`; `- a dash` -> `\- a dash`;
 * `1. The first rule` -> `1\. The first rule`; `{1} Section` at the end of a paragraph -> `\{1}`;
 * `[1]{x}` at the end of a line -> `[1]\{x}` (only `[text]{.smallcaps}` is a span, and it is kept).
 */
import { isHeadingLine, isSceneBreakLine } from '../../structure/markdown-syntax.ts';
import { isVerseContainer, joinBlocks, readBlocks } from '../blocks.ts';
import type { CleanPass, PassContext } from '../pass.ts';

/** What a paragraph may not start with, and its escaped form (the first that matches is escaped). */
const START_ESCAPES: ReadonlyArray<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^(#{1,6})(?=\s|$)/, (m) => `\\${m[1]}`],
  [/^>/, () => '\\>'],
  [/^([-+*])(?=\s|$)/, (m) => `\\${m[1]}`],
  [/^(\d{1,9})([.)])(?=\s|$)/, (m) => `${m[1]}\\${m[2]}`],
  [/^(:{3,})/, (m) => `\\${m[1]}`],
  [/^(`{3,}|~{3,})/, (m) => `\\${m[1]}`],
  // A footnote definition (`[^c12-1]: text` from the footnotes pass, `[^1]: text` from a reader's Markdown)
  // is meant as Markdown: plain text never writes `[^label]:`, so only other `[label]:` lines are escaped.
  [/^\[(?!\^[^\]\s]+\]:)([^\]]*)\]:/, (m) => `\\[${m[1]}]:`],
  [/^([=_-]{3,})\s*$/, (m) => `\\${m[1]}`],
  [/^\|/, () => '\\|'],
  [/^</, () => '\\<'],
];

/** The first characters of {@link START_ESCAPES}: a paragraph that starts otherwise (most do) needs none. */
const START_SYNTAX = /^[#>*+\-0-9:`~[=_|<]/;

/** Returns the escaped line and how many escapes were added. */
export function escapeParagraph(line: string): { line: string; escapes: number } {
  let out = line;
  let escapes = 0;
  if (START_SYNTAX.test(out)) {
    for (const [re, fix] of START_ESCAPES) {
      const m = re.exec(out);
      if (m) {
        out = fix(m) + out.slice(m[0].length);
        escapes++;
        break;
      }
    }
  }
  // A trailing `{...}` would be read as attributes and disappear (markdown-it-attrs). A small-caps span
  // (`[Lord]{.smallcaps}`, markdown/small-caps.ts) is Markdown already, as `_italics_` are: left alone, so
  // cleaning a reader's Markdown again keeps its small caps. Any other group, `[1]{x}` included, is escaped.
  const attrs = out.includes('}') ? /\{([^{}\\]*)\}\s*$/.exec(out) : null;
  const smallCapsSpan = attrs !== null && attrs[1] === '.smallcaps' && out[attrs.index - 1] === ']';
  if (attrs && out[attrs.index - 1] !== '\\' && !smallCapsSpan) {
    out = `${out.slice(0, attrs.index)}\\${out.slice(attrs.index)}`;
    escapes++;
  }
  // A trailing backslash would be a hard line break with nothing after it.
  if (out.endsWith('\\') && /(^|[^\\])\\$/.test(out)) {
    out = `${out}\\`;
    escapes++;
  }
  return { line: out, escapes };
}

function escapeMarkdown(text: string, ctx: PassContext): string {
  const list = readBlocks(text);
  let escapes = 0;
  const blocks = list.blocks.map((block) => {
    const first = block.lines[0]!;
    if (isVerseContainer(block) || isHeadingLine(first) || (block.lines.length === 1 && isSceneBreakLine(first))) {
      return block;
    }
    // Only a paragraph's first line can open a block construct (its other lines are kept as they are).
    const r = escapeParagraph(first);
    if (r.escapes === 0) return block;
    escapes += r.escapes;
    return { ...block, lines: [r.line, ...block.lines.slice(1)] };
  });
  if (escapes === 0) return text;
  ctx.count(escapes);
  return joinBlocks({ blocks, blankAfter: list.blankAfter });
}

export const escapeMarkdownPass: CleanPass = {
  id: 'escaped',
  label: 'Characters escaped so Markdown keeps them as text',
  run: escapeMarkdown,
};
