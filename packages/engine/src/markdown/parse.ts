/**
 * Quire Markdown -> {@link BookDocument}, through markdown-it tokens.
 *
 * The convention (see `../model/README.md`): `#` headings open divisions — `# Title` a chapter,
 * `# Title {.part}` a part that holds the chapters after it, `# Title {.piece}` / `{.act}` / `{.scene}` a piece
 * of a collection, an act or a scene of a play, `# Title {.front}` / `{.front .preface}`
 * a front-matter section, `# Title {.back}` / `{.back .notes}` a back-matter section; `##`-`######` are
 * headings inside a division; `* * *` a scene break; `::: verse` ... `:::` verse with one line per line
 * (two leading spaces per indent level, blank lines between stanzas); `[^1]` / `[^1]: text` footnotes;
 * `::: speech NAME` ... `:::` a play's speech; `::: stage`, `::: dateline`, `::: salutation`,
 * `::: signature` paragraphs with a role (stage directions, the parts of a letter); `[text]{.smallcaps}`
 * small capitals. Verse may stand in any block (a footnote definition, a list item, a block quote, a
 * speech); its lines are parsed with the document's footnotes like any other text (`verse-block.ts`).
 *
 * Checklist:
 * - [X] paragraphs, sub-headings, scene breaks, block quotes, lists, verse, footnotes, images (figures)
 * - [X] speeches and paragraph roles (stage directions, datelines, salutations, signatures)
 * - [X] emphasis, strong, links, hard line breaks, code spans (`code`), fenced and indented code (`code` blocks)
 * - [X] small caps (`[text]{.smallcaps}` spans, `small-caps.ts`)
 * - [X] pipe tables (markdown-it's `table`), grid tables (`grid-table.ts`), simple and multiline tables
 *       (`line-tables.ts`), captions `Table: ... {#tbl:id}` (`tables.ts`)
 * - [X] TeX math `$...$`, `$$...$$ {#eq:id}` (`math.ts`); figures with `{#fig:id width=50%}`; heading ids
 * - [X] cross-references `@fig:x` (`cross-refs.ts`); citations stay text
 * - [X] raw LaTeX: page breaks, mapped and reported commands (`raw-latex.ts`), comments dropped; pandoc
 *       definition lists as paragraphs (`definition-list.ts`)
 * - [ ] citations (`@key`, `[@key]`): a later issue
 */
import markdownIt, { type MarkdownIt, type Token } from 'markdown-it';
import markdownItContainer from 'markdown-it-container';
import markdownItFootnote from 'markdown-it-footnote';
import {
  inlineText,
  referencedAssets,
  type Block,
  type BookAsset,
  type BookDocument,
  type BookMeta,
  type Chapter,
  type Division,
  type DivisionKind,
  type Inline,
  type ParagraphRole,
  type Part,
  type Section,
  type SectionKind,
  type VerseLine,
} from '../model/book-document.ts';
import { Diagnostics } from '../model/diagnostics.ts';
import { chapterLabelAndTitle } from '../structure/chapter-label.ts';
import { crossRefPlugin } from './cross-refs.ts';
import { definitionListPlugin } from './definition-list.ts';
import { gridTablePlugin } from './grid-table.ts';
import { headingAttributesPlugin, parseAttributeList } from './heading-attributes.ts';
import { lineTablesPlugin } from './line-tables.ts';
import { mathPlugin } from './math.ts';
import { MAPPED_COMMANDS, PAGE_BREAK_COMMANDS, rawLatexPlugin, readCommand, type LatexBlockMeta } from './raw-latex.ts';
import { attachCaptions, tableFromTokens } from './tables.ts';
import { inlineTokensToModel, type InlineContext } from './inlines.ts';
import { smallCapsPlugin } from './small-caps.ts';
import { verseBlockPlugin } from './verse-block.ts';

/** Classes of a chapter heading that say what the division is (`# One's-Self I Sing {.piece}`, `# FIRST ACT {.act}`). */
const DIVISION_KINDS: readonly DivisionKind[] = ['piece', 'act', 'scene'];

const SECTION_KINDS: readonly SectionKind[] = [
  'preface', 'foreword', 'introduction', 'dedication', 'epigraph', 'prologue', 'epilogue', 'afterword',
  'notes', 'appendix', 'glossary', 'index', 'other',
];

/** Section kind from a heading's text when no kind class is given (`Preface` -> `preface`). */
const KIND_BY_TITLE: ReadonlyArray<[RegExp, SectionKind]> = [
  [/^(?:the\s+)?(?:author['’]s\s+)?preface\b/i, 'preface'],
  [/^(?:the\s+)?foreword\b/i, 'foreword'],
  [/^(?:the\s+)?introduct/i, 'introduction'],
  [/^(?:the\s+)?dedication\b/i, 'dedication'],
  [/^(?:the\s+)?epigraph\b/i, 'epigraph'],
  [/^(?:the\s+)?prologue\b/i, 'prologue'],
  [/^(?:the\s+)?epilogue\b/i, 'epilogue'],
  [/^(?:the\s+)?afterword\b/i, 'afterword'],
  [/^(?:end\s*|foot\s*)?notes\b/i, 'notes'],
  [/^appendi/i, 'appendix'],
  [/^glossary\b/i, 'glossary'],
  [/^index\b/i, 'index'],
];

/**
 * Containers whose paragraphs take a {@link ParagraphRole}: `::: stage` (stage directions), and the parts
 * of a letter, `::: dateline`, `::: salutation`, `::: signature`, in which line breaks are kept (a
 * signature's `Your affectionate brother,` / `Robert Walton` stay two lines), and `::: ending` (`THE END`).
 */
const ROLE_CONTAINERS: Readonly<Record<string, { role: ParagraphRole; keepLines: boolean }>> = {
  stage: { role: 'stageDirection', keepLines: false },
  dateline: { role: 'dateline', keepLines: true },
  salutation: { role: 'salutation', keepLines: true },
  signature: { role: 'signature', keepLines: true },
  persona: { role: 'persona', keepLines: false },
  ending: { role: 'ending', keepLines: false },
};

let parser: MarkdownIt | undefined;

/** The shared markdown-it instance (built once: plugins and rules never change). */
function getParser(): MarkdownIt {
  parser ??= createMarkdownParser();
  return parser;
}

/**
 * A new markdown-it instance with every rule and plugin of Quire Markdown (for a reader that needs the same
 * block structure, e.g. `read/markdown.ts`'s heading pass; `parseMarkdown` uses one shared instance).
 */
export function createMarkdownParser(): MarkdownIt {
  const md = markdownIt('default', { html: false, linkify: false, typographer: false });
  md.use(markdownItFootnote);
  md.use(mathPlugin);
  md.use(gridTablePlugin);
  md.use(lineTablesPlugin);
  md.use(rawLatexPlugin);
  md.use(crossRefPlugin);
  md.use(definitionListPlugin);
  md.use(verseBlockPlugin);
  // `::: speech LADY BRACKNELL`: the name follows the container's name.
  md.use(markdownItContainer, 'speech', { validate: (params: string) => /^speech(?:\s|$)/.test(params.trim()) });
  for (const name of Object.keys(ROLE_CONTAINERS)) md.use(markdownItContainer, name);
  md.use(headingAttributesPlugin);
  md.use(smallCapsPlugin);
  return md;
}

/** XML-id-safe form of a footnote label: letters, digits, `-`, `_`; never empty. */
function footnoteId(label: string, used: Set<string>): string {
  const base = `fn-${label.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'note'}`;
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  used.add(id);
  return id;
}

interface State {
  md: MarkdownIt;
  env: Record<string, unknown>;
  inline: InlineContext;
  diagnostics: Diagnostics;
  /** Where the blocks being converted stand, for diagnostics (`Chapter 3: Results`). */
  where: string | undefined;
}

/** Index of the token closing the one at `open` (same nesting level). */
function closingIndex(tokens: readonly Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    depth += tokens[i]!.nesting;
    if (depth === 0) return i;
  }
  return tokens.length - 1;
}

/** A verse block from the tokens of `verse-block.ts` between `verse_open` (at `open`) and its close. */
function verseFromTokens(state: State, tokens: readonly Token[], open: number, close: number): Extract<Block, { type: 'verse' }> {
  const stanzas: VerseLine[][] = [];
  let stanza: VerseLine[] | undefined;
  let indent = 0;
  for (let k = open + 1; k < close; k++) {
    const t = tokens[k]!;
    if (t.type === 'verse_stanza_open') {
      stanza = [];
      stanzas.push(stanza);
    } else if (t.type === 'verse_line_open') {
      indent = (t.meta as { indent?: number } | null)?.indent ?? 0;
    } else if (t.type === 'inline' && stanza) {
      stanza.push({ indent, children: inlineTokensToModel(t.children ?? [], state.inline) });
    }
  }
  return { type: 'verse', stanzas: stanzas.filter((s) => s.length > 0) };
}

/** What Quire does instead of each mapped command (`latex-mapped` diagnostics). */
const MAPPED_WHAT: Readonly<Record<string, string>> = {
  maketitle: 'Quire sets the title page itself',
  tableofcontents: 'Quire builds the table of contents itself',
  listoffigures: 'Quire builds the list of figures itself where the layout has one',
  listoftables: 'Quire builds the list of tables itself where the layout has one',
  appendix: 'Quire starts the appendices from headings marked `{.back .appendix}`',
  frontmatter: 'Quire arranges front matter itself',
  mainmatter: 'Quire arranges the main matter itself',
  backmatter: 'Quire arranges back matter itself',
};

/** The first commands of a raw block's source, for its diagnostic (`\afterpage, \clearpage`). */
function firstCommands(source: string): string {
  const names = [...new Set([...source.matchAll(/\\([A-Za-z]+)/g)].map((m) => `\\${m[1]}`))];
  return names.length === 0 ? 'no commands' : names.slice(0, 3).join(', ') + (names.length > 3 ? ', ...' : '');
}

/** The `{...}` argument of the first `\name` in `source`, or undefined. */
function commandArgument(source: string, name: string): string | undefined {
  const at = source.search(new RegExp(`\\\\${name}(?![A-Za-z])`));
  if (at < 0) return undefined;
  const cmd = readCommand(source, at, source.length, true);
  return cmd?.args[cmd.args.length - 1];
}

/**
 * A raw LaTeX block (`raw-latex.ts`) as model blocks: page breaks; a `figure` environment with
 * `\includegraphics` as a figure (its `\caption` and `\label` kept); everything else left out and reported.
 */
function latexBlockToModel(state: State, meta: LatexBlockMeta): Block[] {
  if (meta.environment === 'figure' || meta.environment === 'figure*') {
    const src = commandArgument(meta.source, 'includegraphics');
    if (src) {
      const captionTex = commandArgument(meta.source, 'caption') ?? '';
      const caption = inlineTokensToModel(state.md.parseInline(captionTex.replace(/\\label\{[^{}]*\}/g, '').replace(/\s*\n\s*/g, ' ').trim(), state.env)[0]?.children ?? [], state.inline);
      const label = commandArgument(meta.source, 'label');
      const figure: Extract<Block, { type: 'figure' }> = { type: 'figure', src: src.trim(), alt: inlineText(caption), caption };
      if (label) figure.id = label.trim();
      state.diagnostics.add('latex-mapped', 'A LaTeX figure environment was read as a figure with its caption; its LaTeX placement options were left out.', state.where);
      return [figure];
    }
  }
  if (meta.environment) {
    state.diagnostics.add(
      'latex-command',
      `The LaTeX environment \\begin{${meta.environment}} was left out, with what it holds: Quire does not run LaTeX. Write it in Markdown to keep it.`,
      state.where,
    );
    return [];
  }
  const out: Block[] = [];
  for (const command of meta.commands) {
    const name = command.slice(1);
    if (PAGE_BREAK_COMMANDS.has(name)) {
      if (out[out.length - 1]?.type !== 'pageBreak') out.push({ type: 'pageBreak' });
    } else if (MAPPED_COMMANDS.has(name)) {
      state.diagnostics.add('latex-mapped', `${command} was left out: ${MAPPED_WHAT[name]}.`, state.where);
    } else {
      state.diagnostics.add('latex-command', `The LaTeX command ${command} was left out: Quire lays out the pages itself and does not run LaTeX.`, state.where);
    }
  }
  return out;
}

/** `{width=50%}` / `{width=0.5\textwidth}` as a share of the text block, 0 < w <= 1; else undefined. */
function widthFraction(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const m = /^([0-9]*\.?[0-9]+)(%|\\(?:textwidth|linewidth|columnwidth))$/.exec(value.trim());
  if (!m) return undefined;
  // Rounded to ten-thousandths, so `33.3%` is 0.333 and not 0.33299999999999996.
  const n = Math.round((Number(m[1]) / (m[2] === '%' ? 100 : 1)) * 1e4) / 1e4;
  return n > 0 ? Math.min(1, n) : undefined;
}

/**
 * A paragraph that holds only an image, optionally followed by attributes (`{#fig:id width=50%}`, pandoc's
 * `implicit_figures` and `link_attributes`), as a figure; undefined for any other paragraph. Other attributes
 * (`height`, classes) are ignored, as the model has no place for them.
 */
function figureFromInlines(state: State, kids: readonly Token[]): Extract<Block, { type: 'figure' }> | undefined {
  // The first token that is not blank (a plain loop: this is asked of every paragraph of a book).
  let at = 0;
  while (at < kids.length && (kids[at]!.type === 'softbreak' || (kids[at]!.type === 'text' && !/\S/.test(kids[at]!.content)))) at++;
  const img = kids[at];
  if (img?.type !== 'image') return undefined;
  // After the image only attributes, which may run over a line (`{#fig:x\nwidth=75%}`).
  const rest = kids.slice(at + 1);
  if (rest.some((c) => c.type !== 'text' && c.type !== 'softbreak')) return undefined;
  const tail = rest.map((c) => (c.type === 'softbreak' ? ' ' : c.content)).join('');
  let attrs: [string, string][] | undefined;
  if (tail.trim() !== '') {
    const m = /^\s*\{([^{}]*)\}\s*$/.exec(tail);
    attrs = m ? parseAttributeList(m[1]!.replace(/\s+/g, ' ').trim()) : undefined;
    if (!attrs) return undefined;
  }
  // A caption is one line of phrasing (the serializer writes it inside `![...]`): hard breaks become spaces.
  const caption = img.children ? withoutLineBreaks(inlineTokensToModel(img.children, state.inline)) : [];
  // The alt is the caption's plain text (markdown-it's `content` is the source, escapes and all).
  const alt = inlineText(caption);
  const src = img.attrGet('src');
  const figure: Extract<Block, { type: 'figure' }> = src ? { type: 'figure', src: String(src), alt, caption } : { type: 'figure', alt, caption };
  const id = attrs?.find(([k]) => k === 'id')?.[1];
  if (id) figure.id = id;
  const width = widthFraction(attrs?.find(([k]) => k === 'width')?.[1]);
  if (width !== undefined) figure.widthFraction = width;
  return figure;
}

/** Inline content with its line breaks made spaces (neighbouring text merged), at any depth. */
function withoutLineBreaks(inlines: readonly Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const n of inlines) {
    const node: Inline = n.type === 'lineBreak' ? { type: 'text', value: ' ' } : 'children' in n ? { ...n, children: withoutLineBreaks(n.children) } : n;
    const last = out[out.length - 1];
    if (node.type === 'text' && last?.type === 'text') out[out.length - 1] = { type: 'text', value: last.value + node.value };
    else out.push(node);
  }
  return out;
}

/** Trims the edges of inline content (spaces of the text nodes at both ends). */
function trimInlines(inlines: Inline[]): Inline[] {
  const first = inlines[0];
  // trimStart/trimEnd, not a `\s+$` regex: that is slow on the long paragraphs of a novel.
  if (first?.type === 'text') {
    first.value = first.value.trimStart();
    if (!first.value) inlines.shift();
  }
  const last = inlines[inlines.length - 1];
  if (last?.type === 'text') {
    last.value = last.value.trimEnd();
    if (!last.value) inlines.pop();
  }
  return inlines;
}

/**
 * A paragraph's inline tokens as blocks: one paragraph, or, where display math (`$$...$$`) stands in it,
 * the paragraph split around a `math` block at each equation (pandoc reads display math as inline; the model
 * holds it as a block).
 */
function paragraphsAround(state: State, kids: readonly Token[]): Block[] {
  const out: Block[] = [];
  // Most paragraphs hold neither: one paragraph, the tokens not copied.
  if (!kids.some((t) => t.type === 'image' || t.type === 'math_display')) {
    pushParagraph(out, state, kids);
    return out;
  }
  let depth = 0;
  let from = 0;
  for (let k = 0; k < kids.length; k++) {
    const t = kids[k]!;
    depth += t.nesting;
    if (depth !== 0) continue;
    if (t.type === 'image') {
      // An image inside a paragraph (a caption line under it, as a thesis writes `![...](a.png)` then
      // `*Figure 1.1: ...*`, or amid text): a figure, the paragraph split around it. The model has no inline
      // images, and a picture is worth more than its place in the line.
      let end = k + 1;
      if (kids[end]?.type === 'text' && /^\s*\{[^{}]*\}/.test(kids[end]!.content)) {
        const m = /^\s*\{[^{}]*\}/.exec(kids[end]!.content)!;
        if (m[0].length === kids[end]!.content.length) end++;
      }
      const withAttrs = end > k + 1 ? figureFromInlines(state, kids.slice(k, end)) : undefined;
      const figure = withAttrs ?? figureFromInlines(state, [t]);
      if (!figure) continue;
      if (!withAttrs) end = k + 1;
      pushParagraph(out, state, kids.slice(from, k));
      out.push(figure);
      from = end;
      k = end - 1;
      continue;
    }
    if (t.type !== 'math_display') continue;
    pushParagraph(out, state, kids.slice(from, k));
    const id = (t.meta as { id?: string } | null)?.id;
    out.push(id ? { type: 'math', tex: t.content, id } : { type: 'math', tex: t.content });
    from = k + 1;
  }
  pushParagraph(out, state, from === 0 ? kids : kids.slice(from));
  return out;
}

/** Appends the paragraph of inline tokens `kids`, when it holds anything (`paragraphsAround`). */
function pushParagraph(out: Block[], state: State, kids: readonly Token[]): void {
  // Trimmed: a split, or a LaTeX command left out at an edge (`\vskip 5mm`), leaves spaces there.
  const kept = trimInlines(inlineTokensToModel(kids, state.inline));
  if (kept.length > 0) out.push({ type: 'paragraph', children: kept });
}

/** Converts block tokens `from` .. `to - 1` to model blocks; heading levels 1 are not expected here. */
function blocksFrom(state: State, tokens: readonly Token[], from: number, to: number): Block[] {
  const out: Block[] = [];
  // Indexes in `out` of paragraphs whose source starts like a table caption (`tables.ts`).
  const captionCandidates = new Set<number>();
  for (let i = from; i < to; i++) {
    const t = tokens[i]!;
    switch (t.type) {
      case 'paragraph_open': {
        const close = closingIndex(tokens, i);
        const inline = tokens[i + 1];
        const kids = inline?.type === 'inline' ? (inline.children ?? []) : [];
        const figure = figureFromInlines(state, kids);
        if (inline?.type === 'inline' && /^(?:Table)?:(?:[ \t]|$)/.test(inline.content)) captionCandidates.add(out.length);
        if (figure) out.push(figure);
        else if ((t.meta as { definitionTerm?: boolean } | null)?.definitionTerm) {
          // A definition list's term (`definition-list.ts`): a paragraph of strong text.
          const children = inlineTokensToModel(kids, state.inline);
          if (children.length > 0) out.push({ type: 'paragraph', children: [{ type: 'strong', children }] });
        } else out.push(...paragraphsAround(state, kids));
        i = close;
        break;
      }
      case 'heading_open': {
        const close = closingIndex(tokens, i);
        const inline = tokens[i + 1];
        const level = Math.min(6, Math.max(2, Number(t.tag.slice(1)) || 2)) as 2 | 3 | 4 | 5 | 6;
        const heading: Extract<Block, { type: 'heading' }> = { type: 'heading', level, children: inline ? inlineTokensToModel(inline.children ?? [], state.inline) : [] };
        const id = t.attrGet('id');
        if (id) heading.id = String(id);
        out.push(heading);
        i = close;
        break;
      }
      case 'hr':
        out.push({ type: 'sceneBreak' });
        break;
      case 'blockquote_open': {
        const close = closingIndex(tokens, i);
        out.push({ type: 'blockQuote', children: blocksFrom(state, tokens, i + 1, close) });
        i = close;
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const close = closingIndex(tokens, i);
        const items: Block[][] = [];
        for (let k = i + 1; k < close; k++) {
          if (tokens[k]!.type !== 'list_item_open') continue;
          const itemClose = closingIndex(tokens, k);
          items.push(blocksFrom(state, tokens, k + 1, itemClose));
          k = itemClose;
        }
        out.push({ type: 'list', ordered: t.type === 'ordered_list_open', items });
        i = close;
        break;
      }
      case 'container_speech_open': {
        const close = closingIndex(tokens, i);
        const name = t.info.trim().replace(/^speech\s*/, '');
        const speaker = inlineTokensToModel(state.md.parseInline(name, {})[0]?.children ?? [], state.inline);
        out.push({ type: 'speech', speaker, children: blocksFrom(state, tokens, i + 1, close) });
        i = close;
        break;
      }
      case 'container_stage_open':
      case 'container_dateline_open':
      case 'container_salutation_open':
      case 'container_signature_open':
      case 'container_persona_open':
      case 'container_ending_open': {
        const close = closingIndex(tokens, i);
        const { role, keepLines } = ROLE_CONTAINERS[t.type.slice('container_'.length, -'_open'.length)]!;
        if (keepLines) {
          for (let k = i + 1; k < close; k++) {
            for (const child of tokens[k]!.children ?? []) if (child.type === 'softbreak') child.type = 'hardbreak';
          }
        }
        for (const block of blocksFrom(state, tokens, i + 1, close)) out.push(block.type === 'paragraph' ? { ...block, role } : block);
        i = close;
        break;
      }
      case 'verse_open': {
        const close = closingIndex(tokens, i);
        // A verse that held only footnote definitions (see `verse-block.ts`) leaves no block.
        const verse = verseFromTokens(state, tokens, i, close);
        if (verse.stanzas.length > 0) out.push(verse);
        i = close;
        break;
      }
      case 'code_block':
      case 'fence': {
        const info = t.type === 'fence' ? t.info.trim() : '';
        const raw = /^\{=([A-Za-z0-9_-]+)\}/.exec(info);
        if (raw) {
          // A raw block (```{=latex}): only its target format could use it; Quire never prints it.
          const format = raw[1]!.toLowerCase();
          const what = format === 'latex' || format === 'tex' ? 'LaTeX' : format.toUpperCase();
          state.diagnostics.add(
            'latex-command',
            `A raw ${what} block was left out: Quire does not run ${what} code (${firstCommands(t.content)}).`,
            state.where,
          );
          break;
        }
        const value = t.content.replace(/\n$/, '');
        const language = /^\{?\.?([A-Za-z0-9_+#.-]+)/.exec(info)?.[1];
        out.push(language ? { type: 'code', language, value } : { type: 'code', value });
        break;
      }
      case 'table_open':
      case 'grid_table_open': {
        const close = closingIndex(tokens, i);
        out.push(tableFromTokens(tokens, i, close, (x) => inlineTokensToModel(x.children ?? [], state.inline)));
        i = close;
        break;
      }
      case 'math_block': {
        const id = (t.meta as { id?: string } | null)?.id;
        out.push(id ? { type: 'math', tex: t.content, id } : { type: 'math', tex: t.content });
        break;
      }
      case 'latex_block':
        out.push(...latexBlockToModel(state, t.meta as LatexBlockMeta));
        break;
      case 'comment_block':
        break;
      case 'html_block':
        if (t.content.trim()) out.push({ type: 'paragraph', children: [{ type: 'text', value: t.content.trim() }] });
        break;
      default:
        if (t.nesting === 1) {
          // An unknown container (another `::: name`): keep its content.
          const close = closingIndex(tokens, i);
          out.push(...blocksFrom(state, tokens, i + 1, close));
          i = close;
        }
    }
  }
  attachCaptions(out, new Set([...captionCandidates].map((k) => out[k]!).filter(Boolean)));
  return out;
}

function sectionKind(classes: readonly string[], title: string): SectionKind {
  for (const c of classes) if ((SECTION_KINDS as readonly string[]).includes(c)) return c as SectionKind;
  for (const [re, kind] of KIND_BY_TITLE) if (re.test(title.trim())) return kind;
  return 'other';
}

function plainText(inlines: readonly Inline[]): string {
  return inlines.map((n) => (n.type === 'text' ? n.value : 'children' in n ? plainText(n.children) : ' ')).join('');
}

/** Builds the document from the token stream (internal; may throw on a bug, {@link parseMarkdown} guards). */
function build(markdown: string, meta: BookMeta, diagnostics: Diagnostics): BookDocument {
  const md = getParser();
  const env: Record<string, unknown> = {};
  const tokens = md.parse(markdown, env);
  const usedFootnoteIds = new Set<string>();
  const footnoteIds = new Map<number, string>();
  const state: State = {
    md,
    env,
    diagnostics,
    where: undefined,
    inline: {
      latexCommand(command: string) {
        diagnostics.add('latex-command', `The LaTeX command ${command} was left out of the text: Quire does not run LaTeX.`, state.where);
      },
      footnoteId(index: number, label: string | undefined) {
        let id = footnoteIds.get(index);
        if (!id) {
          id = footnoteId(label ?? String(index + 1), usedFootnoteIds);
          footnoteIds.set(index, id);
        }
        return id;
      },
    },
  };

  const front: Section[] = [];
  const body: Division[] = [];
  const back: Section[] = [];
  const footnotes: Record<string, Block[]> = {};
  const counters = { ch: 0, part: 0, front: 0, back: 0 };
  let currentPart: Part | undefined;
  let target: Block[] | undefined;
  let leading: Block[] = [];
  let sawHeading = false;

  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (t.type === 'footnote_block_open') {
      const close = closingIndex(tokens, i);
      for (let k = i + 1; k < close; k++) {
        const open = tokens[k]!;
        if (open.type !== 'footnote_open') continue;
        const end = closingIndex(tokens, k);
        const meta2 = open.meta as { id?: number; label?: string } | undefined;
        const index = meta2?.id ?? 0;
        const id = state.inline.footnoteId(index, meta2?.label);
        const inner = tokens.slice(k + 1, end).filter((x: Token) => x.type !== 'footnote_anchor');
        state.where = 'A footnote';
        footnotes[id] = blocksFrom(state, inner, 0, inner.length);
        k = end;
      }
      i = close + 1;
      continue;
    }
    if (t.type === 'heading_open' && t.tag === 'h1') {
      const close = closingIndex(tokens, i);
      const inline = tokens[i + 1];
      const title = inline ? inlineTokensToModel(inline.children ?? [], state.inline) : [];
      const classes = String(t.attrGet('class') ?? '').split(/\s+/).filter(Boolean);
      const refId = t.attrGet('id') ? String(t.attrGet('id')) : undefined;
      state.where = plainText(title).trim() || undefined;
      if (!sawHeading && leading.length > 0) {
        front.push({ type: 'section', kind: 'other', id: `front-${++counters.front}`, title: [], blocks: leading });
      }
      sawHeading = true;
      leading = [];
      if (classes.includes('front') || classes.includes('back')) {
        const isFront = classes.includes('front');
        const section: Section = {
          type: 'section',
          kind: sectionKind(classes, plainText(title)),
          id: isFront ? `front-${++counters.front}` : `back-${++counters.back}`,
          title,
          blocks: [],
        };
        if (refId) section.refId = refId;
        (isFront ? front : back).push(section);
        target = section.blocks;
        if (!isFront) currentPart = undefined;
      } else if (classes.includes('part')) {
        currentPart = { type: 'part', id: `part-${++counters.part}`, title, blocks: [], chapters: [] };
        // A collection names the author of each of its texts on the part's heading (`{.part author="..."}`).
        const author = String(t.attrGet('author') ?? '').trim();
        if (author) currentPart.author = author;
        if (refId) currentPart.refId = refId;
        body.push(currentPart);
        target = currentPart.blocks;
      } else {
        const chapter: Chapter = { type: 'chapter', id: `ch-${++counters.ch}`, ...chapterLabelAndTitle(title), blocks: [] };
        const kind = DIVISION_KINDS.find((k) => classes.includes(k));
        if (kind) chapter.kind = kind;
        if (refId) chapter.refId = refId;
        if (currentPart) currentPart.chapters.push(chapter);
        else body.push(chapter);
        target = chapter.blocks;
      }
      i = close + 1;
      continue;
    }
    // Any other top-level block: collect up to the next h1 or footnote block.
    let end = i;
    while (end < tokens.length) {
      const x = tokens[end]!;
      if (x.level === 0 && ((x.type === 'heading_open' && x.tag === 'h1') || x.type === 'footnote_block_open')) break;
      end++;
    }
    const blocks = blocksFrom(state, tokens, i, end);
    (target ?? leading).push(...blocks);
    i = end;
  }
  if (!sawHeading) {
    // No heading at all: the whole text is one chapter titled with the book title.
    body.push({ type: 'chapter', id: `ch-${++counters.ch}`, title: [{ type: 'text', value: meta.title }], blocks: leading });
  }
  return { meta, front, body, back, footnotes, assets: {} };
}

/**
 * Parses Quire Markdown into a {@link BookDocument}.
 * - Divisions get ids `ch-N`, `part-N`, `front-N`, `back-N` (1-based, in document order); footnotes
 *   `fn-<label>`; all unique and XML-id safe.
 * - Text before the first `#` heading becomes an untitled front section (`title: []`, kind `other`);
 *   a text with no `#` heading at all becomes one chapter titled `meta.title`.
 * - `opts.diagnostics`: told of what the text holds that Quire does not print (raw LaTeX commands and
 *   environments, raw blocks), with the chapter title as `where`; when absent, a local collector is discarded.
 * - `opts.assets`: the book's image files (what `readBook` returned, as stored); the document keeps those
 *   a figure references (`![caption](images/img-1.png)`) in `assets`, keyed by path. A figure whose `src`
 *   names no asset keeps its `src` and caption, and writers show the caption alone.
 * Linear in the input (War and Peace, 3.3 MB, parses in a few hundred milliseconds). Never throws: a bug
 * on some input degrades to one chapter holding the text as paragraphs.
 */
export function parseMarkdown(
  markdown: string,
  meta: BookMeta,
  opts: { assets?: readonly BookAsset[]; diagnostics?: Diagnostics } = {},
): BookDocument {
  const text = typeof markdown === 'string' ? markdown : '';
  try {
    const doc = build(text, meta, opts.diagnostics ?? new Diagnostics());
    if (opts.assets && opts.assets.length > 0) doc.assets = referencedAssets(doc, opts.assets);
    return doc;
  } catch {
    const paragraphs: Block[] = text
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => ({ type: 'paragraph', children: [{ type: 'text', value: p }] }));
    return {
      meta,
      front: [],
      body: [{ type: 'chapter', id: 'ch-1', title: [{ type: 'text', value: meta.title }], blocks: paragraphs }],
      back: [],
      footnotes: {},
      assets: {},
    };
  }
}
