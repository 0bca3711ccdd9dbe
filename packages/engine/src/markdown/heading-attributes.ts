/**
 * A markdown-it core rule: attributes at the end of a heading, `# Title {.part}`,
 * `# Preface {.front .preface}`, `# Notes {#notes .back}` (the syntax of markdown-it-attrs and pandoc's
 * `header_attributes`). Only headings take attributes: markdown-it-attrs would also read a trailing
 * `{1}` of a paragraph as attributes and drop it from the text (Pilgrim's Progress numbers its sections
 * `{1}`, `{2}`), which cleanup must never do. An escaped brace (`\{`) is text, and so is a group right
 * after `]` (the end of a `[text]{.smallcaps}` span).
 */
import type { MarkdownIt, StateCore } from 'markdown-it';

// Not after `]`: `## [Finis]{.smallcaps}` ends with a small-caps span (`small-caps.ts`), not attributes.
const TRAILING = /(^|[^\\\]])\{([^{}]*)\}[ \t]*$/;
const ITEM = /^(?:\.[\w-]+|#[\w-]+|[\w-]+=(?:"[^"]*"|[^\s"]*))$/;

/** Parses `.a .b #id key=val` into attribute pairs; undefined when anything else is inside. */
export function parseAttributeList(inside: string): [string, string][] | undefined {
  const items = inside.trim().split(/\s+/).filter(Boolean);
  if (items.length === 0 || !items.every((x) => ITEM.test(x))) return undefined;
  const classes: string[] = [];
  const attrs: [string, string][] = [];
  for (const item of items) {
    if (item.startsWith('.')) classes.push(item.slice(1));
    else if (item.startsWith('#')) attrs.push(['id', item.slice(1)]);
    else {
      const eq = item.indexOf('=');
      attrs.push([item.slice(0, eq), item.slice(eq + 1).replace(/^"|"$/g, '')]);
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
