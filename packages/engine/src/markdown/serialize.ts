/**
 * {@link BookDocument} -> Quire Markdown, in the convention of `../model/README.md`, so that
 * `parseMarkdown(serializeMarkdown(doc), doc.meta)` gives back the same document (the round-trip tests
 * in `test/readers/serialize.test.ts` check it on the corpus). Readers of structured formats (HTML,
 * DOCX, EPUB) build a document and hand the user this Markdown to edit.
 *
 * One handler per block type (like the writers); `escapeText` is the one place where text meets
 * Markdown syntax, and `escapeLineStart` the one place for what a line may not begin with.
 *
 * Checklist:
 * - [X] front/back sections with their kind, parts with their chapters, untitled leading section
 * - [X] paragraphs, headings, scene breaks, verse (stanzas, indents), block quotes, lists, figures
 * - [X] emphasis, strong, links, footnote references and definitions, hard line breaks
 * - [X] small caps as `[text]{.smallcaps}` (brackets in the text escaped); verse in any block (footnote
 *       definitions, list items, block quotes, speeches)
 * - [-] not representable, degraded: small caps inside a link's text (written as plain text: a link's
 *       text cannot hold a bracketed span); a chapter after a part that does not belong to it (the parser
 *       files every chapter after a part under it); a figure's `alt` different from its caption's plain
 *       text (one Markdown image text holds both; the parser sets `alt` to the caption's text)
 */
import type { Block, BookDocument, Inline, Section, VerseLine } from '../model/book-document.ts';
import { serializeTable } from './serialize-table.ts';

/** Where a block is written: containers of speeches and paragraph roles are written at the top level only. */
interface BlockContext {
  topLevel: boolean;
  /** Set by `serializeBlocks` for a list right after a list of the same kind written with the usual marker. */
  alternateList?: boolean;
}

/** Every character that {@link escapeText} may escape: text without them is written as it is. */
const MAY_NEED_ESCAPE = /[\\`*~[\]<^_&{$@]/;

/**
 * Escapes text for Markdown inline content: every character markdown-it could read as syntax
 * (CommonMark 0.31 section 2.4: any ASCII punctuation may be backslash-escaped).
 * - `\` `` ` `` `*` `~` always (escapes, code, emphasis, strikethrough); `[` before `^` (footnote
 *   references), `^` before `[` (inline footnotes, markdown-it-footnote), `]` before `(` or `[` (link
 *   texts), `<` before a letter (autolinks); a `[` that ends the text (but for spaces), which would open a
 *   bracket of cross-references with what follows (`[ @fig:x ]`);
 * - `_` unless it stands between two letters or digits (CommonMark 6.2: intraword `_` cannot open or
 *   close emphasis, so `snake_case` stays readable);
 * - `&` only when it starts an entity or numeric reference (`&amp;` would be decoded);
 * - `$` always (TeX math, `math.ts`); `@` before a cross-reference prefix (`@fig:`, `cross-refs.ts`);
 *   `<` before `!--` (a comment, dropped by the parser);
 * - `{` when the text ends with a `{...}` group (a heading would read it as attributes), and before
 *   `.smallcaps}` (a small-caps span, `small-caps.ts`);
 * - with `brackets: true` (text inside a link's text or a small-caps span) every `[` and `]`, so the
 *   span's own brackets stay the outermost pair.
 */
export function escapeText(text: string, opts: { brackets?: boolean } = {}): string {
  // Most text of a book has none of the characters escaped below.
  if (!MAY_NEED_ESCAPE.test(text)) return text;
  let out = text.replace(/[\\`*~$]/g, '\\$&');
  out = out.replace(/@(?=(?:fig|tbl|eq|sec|lst):)/gi, '\\@').replace(/<(?=!--)/g, '\\<');
  // Brackets only where they could open a footnote reference or close a link text; `<` only where it
  // could open an autolink. Elsewhere `[sic]` and `a < b` stay as written.
  out = opts.brackets
    ? out.replace(/[[\]]|<(?=[A-Za-z])|\^(?=\[)/g, '\\$&')
    : out.replace(/\[(?=\^)|\[(?=[ \t]*$)|\](?=[([])|<(?=[A-Za-z])|\^(?=\[)/g, '\\$&');
  out = out.replace(/_/g, (m, i: number, s: string) =>
    /[\p{L}\p{N}]/u.test(s[i - 1] ?? '') && /[\p{L}\p{N}]/u.test(s[i + 1] ?? '') ? m : '\\_',
  );
  out = out.replace(/&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{1,31};)/g, '\\&');
  const group = /\{[^{}]*\}\s*$/.exec(out);
  out = out.replace(/\{/g, (m, i: number, s: string) => (i === group?.index || s.startsWith('.smallcaps}', i + 1) ? '\\{' : m));
  return out;
}

/** The first characters {@link escapeLineStart} acts on: spaces and tabs, `#`, `>`, `+`, `=`, `-`, `:`, `[` and digits. */
const LINE_START_SYNTAX = /^[ \t#>+=\-:[0-9]/;

/**
 * Escapes what would make a line start a block construct instead of continuing text (CommonMark 4.x):
 * ATX headings `#`, block quotes `>`, list markers `-` `+` (and `1.` / `1)`), setext underlines and
 * thematic breaks `=` `-`, containers `:::`, a definition or a table caption `: ` (pandoc's definition lists,
 * `definition-list.ts`), reference definitions `[x]:` (and a `[` the line leaves open), and leading spaces or tabs (indented code; dropped).
 * A line that opens with a footnote reference and a colon (`[^1]: ...`) would define the note: its colon
 * is escaped (`[^1]\:`), keeping the reference.
 */
export function escapeLineStart(line: string): string {
  // A line that starts with none of the characters below is safe as it is (most lines of a book).
  if (line.length > 0 && !LINE_START_SYNTAX.test(line)) return line;
  const trimmed = line.replace(/^[ \t]+/, '');
  const reference = /^\[\^[^\]\s]+\]:/.exec(trimmed);
  if (reference) return `${trimmed.slice(0, reference[0].length - 1)}\\${trimmed.slice(reference[0].length - 1)}`;
  // `-@fig:x` (a number-only cross-reference) is neither a list item nor a rule: its `-` stays as written.
  // A `[` the line leaves open may be a reference definition's label that runs on to the next line (`[a -\` then
  // `b]: c`, the `\` a line break): escaped as well.
  if (/^#/.test(trimmed) || /^(?:[>+=]|-(?!@))/.test(trimmed) || /^:(?::::*|[ \t]|$)/.test(trimmed) || /^\[(?:[^\]\\]|\\.)*(?:\]:|\\?$)/.test(trimmed)) {
    return `\\${trimmed}`;
  }
  const ordered = /^(\d{1,9})([.)])(?=\s|$)/.exec(trimmed);
  if (ordered) return `${ordered[1]}\\${trimmed.slice(ordered[1]!.length)}`;
  return trimmed;
}

/** True for letters and digits (what makes a `_` or `*` run intraword). */
function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
}

/**
 * Where phrasing content is written: `brackets` inside a link's text or a small-caps span (text brackets
 * escaped, see {@link escapeText}); `inLink` inside a link's text (small caps written as plain text).
 */
export interface InlineContext {
  brackets?: boolean;
  inLink?: boolean;
}

/** Serializes phrasing content to one line of Markdown (line breaks become `\` + newline). */
export function serializeInlines(inlines: readonly Inline[], ctx: InlineContext = {}): string {
  let out = '';
  for (let i = 0; i < inlines.length; i++) {
    const node = inlines[i]!;
    switch (node.type) {
      case 'text':
        out += escapeText(node.value.includes('\n') ? node.value.replace(/\s*\n\s*/g, ' ') : node.value, ctx);
        break;
      case 'lineBreak':
        out = out.replace(/[ \t]+$/, '');
        out += '\\\n';
        break;
      case 'footnoteRef':
        out += `[^${node.id.replace(/^fn-/, '')}]`;
        break;
      case 'math': {
        const tex = node.tex.replace(/[ \t]*\n[ \t]*/g, ' ').trim().replace(/(^|[^\\])\$/g, '$1\\$');
        if (!tex) break;
        // A closing `$` before a digit does not close (pandoc): write the digit as a character reference.
        const next = inlines[i + 1];
        out += `$${tex}$`;
        if (next?.type === 'text' && /^[0-9]/.test(next.value)) {
          out += `&#${next.value.charCodeAt(0)};`;
          out += escapeText(next.value.slice(1).replace(/\s*\n\s*/g, ' '), ctx);
          i++;
        }
        break;
      }
      case 'code':
        out += codeSpan(node.value);
        break;
      case 'crossRef': {
        const key = `${node.suppressPrefix ? '-' : ''}@${node.target}`;
        if (!CROSS_REF_TARGET.test(node.target)) {
          out += escapeText(key, ctx);
          break;
        }
        const next = inlines[i + 1];
        const after = next?.type === 'text' ? next.value[0] : undefined;
        const before = out.slice(-1);
        // Bare `@fig:x` unless a letter touches it (a word before, or text after that would run into the key),
        // or a `+`, `!` or `{` before it would be read as pandoc-xnos's marks (`+@fig:x`, `{@fig:x}`).
        const bracket = /[\p{L}\p{N}_@.+!{-]/u.test(before) || (after !== undefined && /[\p{L}\p{N}_:.#$%&\-+?<>~/]/u.test(after));
        out += bracket ? `[${key}]` : key;
        break;
      }
      case 'link': {
        const inner = serializeInlines(node.children, { brackets: true, inLink: true });
        const href = /[\s()<>]/.test(node.href) ? `<${node.href.replace(/[<>]/g, encodeURIComponent)}>` : node.href;
        out += `[${inner}](${href})`;
        break;
      }
      case 'smallCaps': {
        if (ctx.inLink) {
          out += serializeInlines(node.children, ctx);
          break;
        }
        const inner = serializeInlines(node.children, { ...ctx, brackets: true });
        if (inner) out += `[${inner}]{.smallcaps}`;
        break;
      }
      case 'emphasis':
      case 'strong': {
        const inner = serializeInlines(node.children, ctx);
        // Delimiters must hug non-space text (CommonMark 6.2 flanking rules): move edge spaces outside.
        const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner)!;
        const [lead, core, trail] = [m[1]!, m[2]!, m[3]!];
        if (!core) {
          out += inner;
          break;
        }
        const before = out.slice(-1) || undefined;
        const next = inlines[i + 1];
        const after = next?.type === 'text' ? next.value[0] : undefined;
        const intraword = (!lead && isWordChar(before)) || (!trail && isWordChar(after));
        // CommonMark 6.2: a delimiter before punctuation opens only after a space or punctuation, and one
        // after punctuation closes only before them; between a letter and punctuation nothing can.
        const cannotOpen = !lead && isWordChar(before) && /^[\p{P}\p{S}]/u.test(core);
        const cannotClose = !trail && isWordChar(after) && /[\p{P}\p{S}]$/u.test(core);
        if (cannotOpen || cannotClose) {
          out += inner;
          break;
        }
        // `_` cannot open or close inside a word (CommonMark 6.2); `*` can.
        const mark = node.type === 'strong' ? '**' : intraword ? '*' : '_';
        out += `${lead}${mark}${core}${mark}${trail}`;
        break;
      }
    }
  }
  return out;
}

/** A target {@link serializeInlines} can write as `@target` (`cross-refs.ts` reads it back). */
const CROSS_REF_TARGET = /^(?:fig|tbl|eq|sec|lst):[\p{L}\p{N}_](?:[\p{L}\p{N}_]|[:.#$%&\-+?<>~/](?=[\p{L}\p{N}_]))*$/u;

/**
 * Inline code as a code span (CommonMark 6.1): a backtick run longer than any inside, with a space inside
 * each end when the value starts or ends with a backtick or has spaces at both ends (one is stripped).
 */
function codeSpan(value: string): string {
  const text = value.replace(/\n/g, ' ');
  if (!text) return '';
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '');
  return pad ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

/** Inline content as one or more lines, each safe at the start of a line. */
function inlineLines(inlines: readonly Inline[]): string[] {
  // A hard break at either end of a paragraph is not one in Markdown (a final `\` is text): drop it.
  let from = 0;
  let to = inlines.length;
  while (from < to && inlines[from]!.type === 'lineBreak') from++;
  while (to > from && inlines[to - 1]!.type === 'lineBreak') to--;
  return serializeInlines(inlines.slice(from, to))
    .split('\n')
    .map((line) => escapeLineStart(line));
}

function verseLine(line: VerseLine): string {
  // Inside `::: verse` one source line is one verse line: hard breaks cannot be kept there.
  const text = serializeInlines(line.children.map((n) => (n.type === 'lineBreak' ? { type: 'text', value: ' ' } : n)))
    .replace(/\\\n/g, ' ')
    .trim();
  // A line is text up to the closing fence; a leading `[^1]:` would define a note (`verse-block.ts`).
  const safe = /^:::/.test(text) ? `\\${text}` : /^\[\^[^\]\s]+\]:/.test(text) ? escapeLineStart(text) : text;
  return `${'  '.repeat(Math.max(0, Math.min(8, line.indent)))}${safe}`;
}

/** Verse as `::: verse`, in any block (the caller indents or prefixes the lines for its container). */
function serializeVerse(stanzas: readonly VerseLine[][]): string {
  const kept = stanzas.map((s) => s.filter((l) => l.children.length > 0)).filter((s) => s.length > 0);
  if (kept.length === 0) return '';
  return ['::: verse', kept.map((s) => s.map(verseLine).join('\n')).join('\n\n'), ':::'].join('\n');
}

/** Prefixes every line (blank lines get the prefix without trailing space). */
function prefixLines(text: string, first: string, rest: string): string {
  return text
    .split('\n')
    .map((line, i) => {
      const p = i === 0 ? first : rest;
      return line === '' ? p.trimEnd() : p + line;
    })
    .join('\n');
}

/** Container name of each paragraph role (see `parse.ts`). */
const ROLE_CONTAINER: Readonly<Record<NonNullable<Extract<Block, { type: 'paragraph' }>['role']>, string>> = {
  dateline: 'dateline',
  salutation: 'salutation',
  signature: 'signature',
  stageDirection: 'stage',
  persona: 'persona',
  ending: 'ending',
};

type BlockHandlers = {
  [K in Block['type']]: (node: Extract<Block, { type: K }>, ctx: BlockContext, prev: Block | undefined) => string;
};

const blockHandlers = {
  paragraph: (node, ctx) => {
    // A paragraph that starts `Table:` or `: ` would be read as a table's caption (`tables.ts`).
    const text = inlineLines(node.children).join('\n').replace(/^((?:Table)?)(:)(?=[ \t]|$)/, '$1\\$2');
    // A role is a container (`::: signature` ...), which the parser reads at the top level.
    return node.role && ctx.topLevel && text ? `::: ${ROLE_CONTAINER[node.role]}\n${text}\n:::` : text;
  },
  speech: (node, ctx) => {
    const speaker = serializeInlines(node.speaker).replace(/\\\n/g, ' ').replace(/\s+/g, ' ').trim();
    const inner = serializeBlocks(node.children, ctx);
    if (!ctx.topLevel || !speaker) return [speaker, inner].filter(Boolean).join('\n\n');
    // Containers inside (verse, stage directions) close with `:::`: the speech's fence is longer.
    // (verse at any depth: a `:::` indented by a list item still closes a container).
    const nested = node.children.some((b) => (b.type === 'paragraph' && b.role) || JSON.stringify(b).includes('"type":"verse"'));
    const fence = nested ? '::::' : ':::';
    return `${fence} speech ${speaker}\n${inner}\n${fence}`;
  },
  heading: (node) =>
    [`${'#'.repeat(node.level)} ${escapeHeadingEnd(serializeInlines(node.children).replace(/\\\n/g, ' '))}`.trimEnd(), node.id ? `{#${node.id}}` : '']
      .filter(Boolean)
      .join(' '),
  sceneBreak: () => '* * *',
  verse: (node) => serializeVerse(node.stanzas),
  blockQuote: (node) => {
    const inner = serializeBlocks(node.children, { topLevel: false });
    return prefixLines(inner, '> ', '> ');
  },
  list: (node, ctx) => {
    // Two lists in a row of the same kind would merge: the second uses the other marker (CommonMark 5.3).
    const alternate = ctx.alternateList === true;
    const items = node.items.map((blocks, i) => {
      const marker = node.ordered ? `${i + 1}${alternate ? ')' : '.'} ` : alternate ? '* ' : '- ';
      const inner = serializeBlocks(blocks, { topLevel: false });
      if (!inner) return marker.trimEnd();
      return prefixLines(inner, marker, ' '.repeat(marker.length));
    });
    const tight = node.items.every((b) => b.length <= 1 && (b[0] === undefined || b[0].type === 'paragraph'));
    return items.join(tight ? '\n' : '\n\n');
  },
  figure: (node) => {
    const text =
      node.caption.length > 0
        ? serializeInlines(node.caption, { brackets: true }).replace(/\\\n/g, ' ')
        : escapeText(node.alt, { brackets: true });
    const src = node.src ? (/[\s()<>]/.test(node.src) ? `<${node.src.replace(/[<>]/g, encodeURIComponent)}>` : node.src) : '';
    const attrs = [node.id ? `#${node.id}` : '', node.widthFraction !== undefined ? `width=${+(node.widthFraction * 100).toFixed(4)}%` : '']
      .filter(Boolean)
      .join(' ');
    return `![${text}](${src})${attrs ? `{${attrs}}` : ''}`;
  },
  table: (node) => {
    const table = serializeTable(node, (inl) => serializeInlines(inl));
    const note = node.note && node.note.length > 0 ? inlineLines(node.note).join('\n') : '';
    return [table, note].filter(Boolean).join('\n\n');
  },
  math: (node) => {
    // No blank line inside display math (it would end the paragraph); `$$` inside would close it.
    const tex = node.tex.replace(/\n[ \t]*(?=\n)/g, '').replace(/\$\$/g, '$ $').trim();
    if (!tex) return '';
    const body = tex.includes('\n') ? `$$\n${tex}\n$$` : `$$${tex}$$`;
    return node.id ? `${body} {#${node.id}}` : body;
  },
  code: (node) => {
    const longest = Math.max(2, ...[...node.value.matchAll(/^[ \t]*(`{3,})/gm)].map((m) => m[1]!.length));
    const fence = '`'.repeat(longest + 1);
    const info = node.language && /^[A-Za-z0-9_+#.-]+$/.test(node.language) ? node.language : '';
    return node.value === '' ? `${fence}${info}\n${fence}` : `${fence}${info}\n${node.value}\n${fence}`;
  },
  pageBreak: () => '\\newpage',
} satisfies BlockHandlers;

/** A heading must not end in `#` (an ATX closing sequence) nor `{...}` (attributes, escaped in text). */
function escapeHeadingEnd(text: string): string {
  return text.replace(/(^|\s)(#+)$/, (_m, sp: string, hashes: string) => `${sp}${hashes.replace(/#/g, '\\#')}`);
}

/** Serializes blocks separated by one blank line; unknown block types degrade to their text. */
function serializeBlocks(blocks: readonly Block[], ctx: BlockContext): string {
  const parts: string[] = [];
  let prev: Block | undefined;
  let prevAlternate = false;
  for (const block of blocks) {
    const handler = (blockHandlers as Record<string, ((n: Block, c: BlockContext, p: Block | undefined) => string) | undefined>)[
      block.type
    ];
    // Lists of one kind in a row take turns with the two markers (`-` / `*`, `1.` / `1)`).
    const alternateList: boolean = block.type === 'list' && prev?.type === 'list' && prev.ordered === block.ordered && !prevAlternate;
    const text = handler ? handler(block, { ...ctx, alternateList }, prev) : fallbackBlock(block, ctx);
    if (text) parts.push(text);
    prev = block;
    prevAlternate = alternateList;
  }
  return parts.join('\n\n');
}

/** A block type this serializer does not know yet: its inline and block content, so nothing is lost. */
function fallbackBlock(block: Block, ctx: BlockContext): string {
  const node = block as unknown as { children?: unknown; speaker?: unknown };
  const out: string[] = [];
  if (Array.isArray(node.speaker)) out.push(inlineLines(node.speaker as Inline[]).join('\n'));
  if (Array.isArray(node.children) && node.children.length > 0) {
    const first = node.children[0] as { type?: string };
    const isBlocks = typeof first.type === 'string' && first.type in blockHandlers;
    out.push(isBlocks ? serializeBlocks(node.children as Block[], ctx) : inlineLines(node.children as Inline[]).join('\n'));
  }
  return out.filter(Boolean).join('\n\n');
}

/**
 * `# Title {classes}` with the title escaped; an empty title keeps only the attributes. A chapter's label
 * comes first, a space between it and the title (`# CHAPTER I. Down the Rabbit-Hole`).
 */
function divisionHeading(title: readonly Inline[], classes: string[], label?: string, author?: string, refId?: string): string {
  const titleText = serializeInlines(title).replace(/\\\n/g, ' ').trim();
  const text = escapeHeadingEnd([label, titleText].filter(Boolean).join(' '));
  const items = classes.map((c) => `.${c}`);
  if (refId) items.unshift(`#${refId}`);
  if (author?.trim()) items.push(`author=${quoteAttribute(author.trim())}`);
  const attrs = items.length > 0 ? `{${items.join(' ')}}` : '';
  return ['#', text, attrs].filter(Boolean).join(' ');
}

/**
 * An attribute value in double quotes, `"` and `\` escaped (`heading-attributes.ts` reads them back); braces,
 * which would end the attribute list, become parentheses, and line breaks spaces.
 */
function quoteAttribute(value: string): string {
  return `"${value.replace(/[\\"]/g, '\\$&').replace(/\{/g, '(').replace(/\}/g, ')').replace(/\s+/g, ' ')}"`;
}

function sectionHeading(section: Section, where: 'front' | 'back'): string {
  return divisionHeading(section.title, [where, section.kind], undefined, undefined, section.refId);
}

/** Footnote definitions: `[^label]: first block`, further blocks indented by four spaces. */
function serializeFootnotes(footnotes: Record<string, Block[]>): string {
  const out: string[] = [];
  for (const [id, blocks] of Object.entries(footnotes)) {
    const label = id.replace(/^fn-/, '');
    const inner = serializeBlocks(blocks, { topLevel: false });
    out.push(prefixLines(inner || escapeText(label), `[^${label}]: `, '    '));
  }
  return out.join('\n\n');
}

/**
 * Serializes a document to Quire Markdown (see `../model/README.md`, "Markdown convention").
 * - Front sections first (`# Title {.front .kind}`; an untitled first section of kind `other` is
 *   written as the text before the first heading), then parts (`# Title {.part}`, with `author="..."` when the
 *   part names its author) with their chapters,
 *   top-level chapters (`# Title`, `# Title {.piece}` for a piece, an act or a scene), back sections (`# Title {.back .kind}`), then footnote definitions.
 * - Blocks are separated by one blank line; the result ends with one newline.
 * - `meta` is not written: it travels beside the Markdown (the book's metadata fields).
 * A document with nothing in it serializes to the empty string. Never throws.
 */
export function serializeMarkdown(doc: BookDocument): string {
  const out: string[] = [];
  const top: BlockContext = { topLevel: true };
  doc.front.forEach((section, i) => {
    if (!(i === 0 && section.kind === 'other' && section.title.length === 0)) out.push(sectionHeading(section, 'front'));
    out.push(serializeBlocks(section.blocks, top));
  });
  for (const division of doc.body) {
    if (division.type === 'part') {
      out.push(divisionHeading(division.title, ['part'], undefined, division.author, division.refId));
      out.push(serializeBlocks(division.blocks, top));
      for (const chapter of division.chapters) {
        out.push(divisionHeading(chapter.title, chapter.kind ? [chapter.kind] : [], chapter.label, undefined, chapter.refId));
        out.push(serializeBlocks(chapter.blocks, top));
      }
    } else {
      out.push(divisionHeading(division.title, division.kind ? [division.kind] : [], division.label, undefined, division.refId));
      out.push(serializeBlocks(division.blocks, top));
    }
  }
  for (const section of doc.back) {
    out.push(sectionHeading(section, 'back'));
    out.push(serializeBlocks(section.blocks, top));
  }
  out.push(serializeFootnotes(doc.footnotes));
  const text = out.filter((s) => s !== '').join('\n\n');
  return text ? `${text}\n` : '';
}
