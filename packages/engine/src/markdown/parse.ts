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
 * - [X] emphasis, strong, links, hard line breaks; code spans and code blocks become plain text
 * - [X] small caps (`[text]{.smallcaps}` spans, `small-caps.ts`)
 * - [ ] tables: switched off; a table's pipes stay as text
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
import { chapterLabelAndTitle } from '../structure/chapter-label.ts';
import { headingAttributesPlugin } from './heading-attributes.ts';
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
  if (parser) return parser;
  const md = markdownIt('default', { html: false, linkify: false, typographer: false });
  md.disable(['table']);
  md.use(markdownItFootnote);
  md.use(verseBlockPlugin);
  // `::: speech LADY BRACKNELL`: the name follows the container's name.
  md.use(markdownItContainer, 'speech', { validate: (params: string) => /^speech(?:\s|$)/.test(params.trim()) });
  for (const name of Object.keys(ROLE_CONTAINERS)) md.use(markdownItContainer, name);
  md.use(headingAttributesPlugin);
  md.use(smallCapsPlugin);
  parser = md;
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
  inline: InlineContext;
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

/** Converts block tokens `from` .. `to - 1` to model blocks; heading levels 1 are not expected here. */
function blocksFrom(state: State, tokens: readonly Token[], from: number, to: number): Block[] {
  const out: Block[] = [];
  for (let i = from; i < to; i++) {
    const t = tokens[i]!;
    switch (t.type) {
      case 'paragraph_open': {
        const close = closingIndex(tokens, i);
        const inline = tokens[i + 1];
        const children = inline?.type === 'inline' ? inlineTokensToModel(inline.children ?? [], state.inline) : [];
        const only = inline?.children?.filter((c) => !(c.type === 'text' && c.content.trim() === '')) ?? [];
        if (only.length === 1 && only[0]!.type === 'image') {
          const img = only[0]!;
          const caption = img.children ? inlineTokensToModel(img.children, state.inline) : [];
          // The alt is the caption's plain text (markdown-it's `content` is the source, escapes and all).
          const alt = inlineText(caption);
          const src = img.attrGet('src');
          out.push(src ? { type: 'figure', src: String(src), alt, caption } : { type: 'figure', alt, caption });
        } else if (children.length > 0) {
          out.push({ type: 'paragraph', children });
        }
        i = close;
        break;
      }
      case 'heading_open': {
        const close = closingIndex(tokens, i);
        const inline = tokens[i + 1];
        const level = Math.min(6, Math.max(2, Number(t.tag.slice(1)) || 2)) as 2 | 3 | 4 | 5 | 6;
        out.push({ type: 'heading', level, children: inline ? inlineTokensToModel(inline.children ?? [], state.inline) : [] });
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
        // The model has no code; keep the lines as a paragraph with line breaks.
        const lines = t.content.replace(/\n$/, '').split('\n');
        const children: Inline[] = [];
        lines.forEach((line, k) => {
          if (k > 0) children.push({ type: 'lineBreak' });
          if (line) children.push({ type: 'text', value: line });
        });
        if (children.length > 0) out.push({ type: 'paragraph', children });
        break;
      }
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
function build(markdown: string, meta: BookMeta): BookDocument {
  const md = getParser();
  const env: Record<string, unknown> = {};
  const tokens = md.parse(markdown, env);
  const usedFootnoteIds = new Set<string>();
  const footnoteIds = new Map<number, string>();
  const state: State = {
    md,
    inline: {
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
        (isFront ? front : back).push(section);
        target = section.blocks;
        if (!isFront) currentPart = undefined;
      } else if (classes.includes('part')) {
        currentPart = { type: 'part', id: `part-${++counters.part}`, title, blocks: [], chapters: [] };
        // A collection names the author of each of its texts on the part's heading (`{.part author="..."}`).
        const author = String(t.attrGet('author') ?? '').trim();
        if (author) currentPart.author = author;
        body.push(currentPart);
        target = currentPart.blocks;
      } else {
        const chapter: Chapter = { type: 'chapter', id: `ch-${++counters.ch}`, ...chapterLabelAndTitle(title), blocks: [] };
        const kind = DIVISION_KINDS.find((k) => classes.includes(k));
        if (kind) chapter.kind = kind;
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
 * - `opts.assets`: the book's image files (what `readBook` returned, as stored); the document keeps those
 *   a figure references (`![caption](images/img-1.png)`) in `assets`, keyed by path. A figure whose `src`
 *   names no asset keeps its `src` and caption, and writers show the caption alone.
 * Linear in the input (War and Peace, 3.3 MB, parses in a few hundred milliseconds). Never throws: a bug
 * on some input degrades to one chapter holding the text as paragraphs.
 */
export function parseMarkdown(markdown: string, meta: BookMeta, opts: { assets?: readonly BookAsset[] } = {}): BookDocument {
  const text = typeof markdown === 'string' ? markdown : '';
  try {
    const doc = build(text, meta);
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
