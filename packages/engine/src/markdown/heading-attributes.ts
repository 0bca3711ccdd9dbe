/**
 * A markdown-it core rule: attributes at the end of a heading, `# Title {.part}`,
 * `# Preface {.front .preface}`, `# Notes {#notes .back}`, `# Dubliners {.part author="James Joyce"}`
 * (the syntax of markdown-it-attrs and pandoc's `header_attributes`); ids may hold `:` and `.`, as
 * pandoc-crossref's do (`## Method {#sec:method}`), and `{-}` is `{.unnumbered}`. Only headings take attributes:
 * markdown-it-attrs would also read a trailing `{1}` of a paragraph as attributes and drop it from the text
 * (Pilgrim's Progress numbers its sections `{1}`, `{2}`), which cleanup must never do. An escaped brace (`\{`) is text, and so is a group right
 * after `]` (the end of a `[text]{.smallcaps}` span).
 */
import type { MarkdownIt, StateCore } from 'markdown-it';

// Not after `]`: `## [Finis]{.smallcaps}` ends with a small-caps span (`small-caps.ts`), not attributes.
const TRAILING = /(^|[^\\\]])\{([^{}]*)\}[ \t]*$/;
/**
 * One item of an attribute list: a class, an id, or `key=value` with a bare value or a double-quoted one, in which
 * spaces are kept and `\"` and `\\` are escapes (`author="Henry van Dyke"`); curly quotes (`“Henry van Dyke”`)
 * are taken too, as an editor that types them makes them.
 */
const ITEM = /\s*(\.[\w-]+|#[\w-](?:[\w:.-]*[\w-])?|-|[\w-]+=(?:"(?:[^"\\]|\\.)*"|“[^”]*”|[^\s"“]*))(?=\s|$)/y;

/** The items of an attribute list, or undefined when anything else is inside. */
function attributeItems(inside: string): string[] | undefined {
  const items: string[] = [];
  ITEM.lastIndex = 0;
  const text = inside.trimEnd();
  while (ITEM.lastIndex < text.length) {
    const m = ITEM.exec(text);
    if (!m) return undefined;
    items.push(m[1]!);
  }
  return items;
}

/** A quoted attribute value's text: quotes removed, `\"` and `\\` unescaped. */
function unquote(value: string): string {
  if (value.startsWith('“')) return value.slice(1, -1);
  return value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
}

/** Parses `.a .b #id key=val key="a value"` into attribute pairs; undefined when anything else is inside. */
export function parseAttributeList(inside: string): [string, string][] | undefined {
  const items = attributeItems(inside);
  if (!items || items.length === 0) return undefined;
  const classes: string[] = [];
  const attrs: [string, string][] = [];
  for (const item of items) {
    // `{-}` is pandoc's short form of `{.unnumbered}`.
    if (item === '-') classes.push('unnumbered');
    else if (item.startsWith('.')) classes.push(item.slice(1));
    else if (item.startsWith('#')) attrs.push(['id', item.slice(1)]);
    else {
      const eq = item.indexOf('=');
      attrs.push([item.slice(0, eq), unquote(item.slice(eq + 1))]);
    }
  }
  if (classes.length > 0) attrs.unshift(['class', classes.join(' ')]);
  return attrs;
}

/** Registers the rule on a markdown-it instance (runs after block parsing, before inline parsing). */
export function headingAttributesPlugin(md: MarkdownIt): void {
  md.core.ruler.after('block', 'quire_heading_attributes', (state: StateCore) => {
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length - 1; i++) {
      const open = tokens[i]!;
      const inline = tokens[i + 1]!;
      if (open.type !== 'heading_open' || inline.type !== 'inline') continue;
      const m = TRAILING.exec(inline.content);
      if (!m) continue;
      const attrs = parseAttributeList(m[2]!);
      if (!attrs) continue;
      for (const [k, v] of attrs) open.attrSet(k, v);
      inline.content = inline.content.slice(0, m.index + m[1]!.length).trimEnd();
    }
  });
}
