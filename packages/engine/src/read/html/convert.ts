/**
 * (X)HTML tree -> a flat stream of headings and blocks of the document model, plus footnotes.
 * `structure.ts` then builds divisions from the headings. Used for HTML files, each EPUB spine
 * document and the HTML that mammoth makes of a DOCX.
 *
 * Checklist (Project Gutenberg HTML conventions, EPUB 3 structural semantics, mammoth's output):
 * - [X] paragraphs, headings h1-h6, block quotes, lists, `hr` as a scene-break candidate, `* * *`
 *       paragraphs as scene breaks
 * - [X] tables (`table.ts`): data tables (two rows or more with text in two cells or more) become table
 *       nodes with caption, head, spans, alignments and widths; navigation tables are dropped; layout tables
 *       (one row or one column, or mostly pictures) are read as one paragraph per row, their pictures as figures
 * - [X] math (`math.ts`): MathML (its TeX annotation, else converted) and pandoc's `span.math` as inline or
 *       display math; display math inside a paragraph splits it
 * - [X] code (`code.ts`): `<pre><code>`, `pre.sourceCode`, `language-x` as code blocks; inline `<code>`,
 *       `<kbd>`, `<samp>` as inline code
 * - [X] italics/emphasis, bold/strong, small caps (`span.smcap`, `.smallcaps`, `.sc`,
 *       `font-variant: small-caps`), external links (internal ones become plain text)
 * - [X] verse: `div.poem` / `.poetry` / `.stanza` / `.verse` / `.lg` (lines at `<br>` or line elements,
 *       indents from `i2`-style classes or leading no-break spaces), and `<pre>` (PG's older files set
 *       poems in `<pre>`; leading spaces are the indents)
 * - [X] footnotes: a short link (`[1]`, `*`, a `<sup>` number, `a.fnanchor`, `epub:type="noteref"`) to a
 *       note-like target (`.footnote`, `epub:type="footnote|endnote"`, an id like `Footnote_1_1` /
 *       `footnote-1`, or a block that links back) becomes a footnote; the back link is dropped
 * - [X] dropped and counted: page numbers (`span.pagenum`, `[Pg 23]`), navigation (`nav`, `.toc`, lists,
 *       tables and paragraphs made of internal links, and their "Contents" label)
 * - [X] images (`<img>`, SVG `<image>`, `<embed>`/`<object>` in a figure): a figure with its caption or alt
 *       text, id (`<figure id>` or the image's) and a caption's own number (`Figure 1:`) dropped; with an
 *       {@link ImageSource} (EPUB, DOCX, `data:` URIs, files beside an HTML file) the figure's `src` names the
 *       imported file; without one, or when the file is not available, the caption alone is kept and the
 *       reason is a diagnostic. An image inside a paragraph of
 *       text is left out (in books it is a drop cap or an ornament), except with `textImages` (Word, whose
 *       pictures stand in paragraphs): an imported one then follows the paragraph as a figure
 * - [X] nothing silent: what is left out (SVG drawings, video, embedded pages, forms, a missing picture, an
 *       equation that cannot be read, a list inside a table cell) is a diagnostic (`model/diagnostics.ts`)
 * - [ ] definition lists as paragraphs
 */
import type { Block, Inline, VerseLine } from '../../model/book-document.ts';
import { Diagnostics, type DiagnosticCode } from '../../model/diagnostics.ts';
import { attr, textContent, type XmlElement, type XmlNode } from '../xml.ts';
import { labelledId, stripCaptionLabel } from './caption.ts';
import { codeBlock, isCodePre } from './code.ts';
import { classes, epubTypes, hasClass, isInline, SKIPPED, tag, type Report } from './dom.ts';
import type { ImageSource } from './image-source.ts';
import { displayMathIn, isDisplayMath, isMathElement, readMath } from './math.ts';
import { buildTable, captionElement, isDataTable, sourceRows } from './table.ts';

export type { ImageProblem, ImageSource } from './image-source.ts';

/** A heading found in the flow; `ids` are the element ids at or inside it (EPUB nav targets). */
export interface HeadingItem {
  kind: 'heading';
  level: number;
  title: Inline[];
  text: string;
  ids: string[];
}

/** Start of an EPUB spine document: `title` is its nav/NCX label; `skip` marks non-book files. */
export interface FileItem {
  kind: 'file';
  href: string;
  title?: string;
}

/** What the converter yields: headings, blocks, and EPUB file boundaries, in reading order. */
export type Item = HeadingItem | { kind: 'block'; block: Block; ids: string[] } | FileItem;

/** One source document: its tree and its path (for links between EPUB files; `''` for one HTML file). */
export interface SourceDocument {
  root: XmlElement;
  href: string;
  title?: string;
}

/** Report labels shared by the readers. */
export const LABELS = {
  pageNumbers: 'Page numbers removed',
  navigation: 'Navigation links and contents lists removed',
  images: 'Images kept as captions only (the image file is not in the upload)',
  footnotes: 'Footnotes linked to their references',
  pictureLinks: 'Links to the full-size pictures set as headings removed',
} as const;

const VERSE_CLASS = /^(poem|poetry|stanza|verse|lg|poem-?container)$/;
const PAGENUM_CLASS = /^(pagenum|pageno|page-?num(ber)?|pgnum)$/;
const NOTE_CLASS = /^(footnotes?|endnotes?|notes?|fnote|rearnote)$/;
const NOTE_REF_CLASS = /^(fnanchor|noteref|footnote-?ref|fnref|footnote-?anchor)$/;
const NOTE_TYPES = new Set(['footnote', 'endnote', 'rearnote', 'note', 'footnotes', 'endnotes', 'rearnotes']);
const PAGE_MARKER = /\[\s*Pg\.?\s*[0-9ivxlcdm]+\s*\]/gi;
const SCENE_BREAK = /^\s*(?:[*⁂✱·•]\s*){3,}$|^\s*⁂\s*$/;
const CONTENTS_LABEL = /^\s*(?:table\s+of\s+)?contents\.?\s*$/i;

/** Elements left out of the book that held something the reader saw, named for the user; others go silently. */
const UNSUPPORTED: Readonly<Record<string, string>> = {
  svg: 'a drawing in SVG format',
  video: 'a video',
  audio: 'a sound recording',
  iframe: 'an embedded web page',
  object: 'an embedded object',
  embed: 'an embedded object',
  canvas: 'a drawing made by a script',
  form: 'a form',
  input: 'a form field',
  button: 'a button',
  select: 'a drop-down list',
  textarea: 'a text-entry box',
};

/** Resolves `href` (relative to `base`, a document path) to `path#id`; `#x` stays in `base`. */
export function resolveHref(base: string, href: string): { path: string; id: string } | undefined {
  const hash = href.indexOf('#');
  if (hash < 0) return undefined;
  const rel = href.slice(0, hash);
  let id = href.slice(hash + 1);
  try {
    id = decodeURIComponent(id);
  } catch {
    /* keep as written */
  }
  if (!id) return undefined;
  if (!rel) return { path: base, id };
  if (/^[a-z][a-z0-9+.-]*:/i.test(rel)) return undefined;
  const url = new URL(rel, `http://book.invalid/${base}`);
  let path = url.pathname.slice(1);
  try {
    path = decodeURIComponent(path);
  } catch {
    /* keep */
  }
  return { path, id };
}

/** Converts documents to items; footnotes go to `footnotes` with ids `fn-<label>` unique in the book. */
export class HtmlConverter {
  readonly footnotes: Record<string, Block[]> = {};
  private readonly byId = new Map<string, XmlElement>();
  private readonly parent = new Map<XmlElement, XmlElement>();
  private readonly docOf = new Map<XmlElement, string>();
  private readonly noteContainers = new Set<XmlElement>();
  private readonly noteRefs = new Map<XmlElement, XmlElement>();
  private readonly backLinks = new Set<XmlElement>();
  private readonly usedNoteIds = new Set<string>();
  private currentDoc = '';
  /** Where in the text the converter is, for diagnostics: the last heading's text (or the EPUB file's title). */
  private where: string | undefined;

  /**
   * @param diagnostics what could not be kept is added here (a local collector when absent: read it back with
   *   {@link HtmlConverter.diagnostics}).
   */
  constructor(
    private readonly docs: readonly SourceDocument[],
    private readonly report: Report,
    private readonly images?: ImageSource,
    private readonly textImages = false,
    readonly diagnostics: Diagnostics = new Diagnostics(),
  ) {
    for (const d of docs) this.index(d.root, d.href);
    for (const d of docs) this.findNotes(d.root, d.href);
  }

  private index(el: XmlElement, href: string): void {
    for (const c of el.children) {
      if (c.type !== 'element') continue;
      this.parent.set(c, el);
      this.docOf.set(c, href);
      const id = attr(c, 'id') ?? (tag(c) === 'a' ? attr(c, 'name') : undefined);
      if (id && !this.byId.has(`${href}#${id}`)) this.byId.set(`${href}#${id}`, c);
      this.index(c, href);
    }
  }

  private readonly resolved = new Map<string, XmlElement | undefined>();

  private resolve(base: string, href: string | undefined): XmlElement | undefined {
    if (!href) return undefined;
    const key = `${base}\n${href}`;
    if (this.resolved.has(key)) return this.resolved.get(key);
    const r = resolveHref(base, href);
    const el = r ? this.byId.get(`${r.path}#${r.id}`) : undefined;
    this.resolved.set(key, el);
    return el;
  }

  private isNoteLike(el: XmlElement): boolean {
    return (
      hasClass(el, NOTE_CLASS) ||
      epubTypes(el).some((t) => NOTE_TYPES.has(t)) ||
      (tag(el) === 'aside' && !epubTypes(el).includes('sidebar'))
    );
  }

  /** The element holding a note's text, given the element a reference points at. */
  private noteContainer(target: XmlElement): XmlElement | undefined {
    let el: XmlElement | undefined = target;
    for (let depth = 0; el && depth < 4; depth++) {
      if (this.isNoteLike(el) && !['body', 'section'].includes(tag(el))) return el;
      if (tag(el) === 'li') return el;
      el = this.parent.get(el);
    }
    el = target;
    while (el && isInline(el)) el = this.parent.get(el);
    if (!el || ['body', 'html', 'section', 'article', 'main', '#document'].includes(tag(el))) return undefined;
    return el;
  }

  /** Finds note references and their containers (see the module checklist). */
  /**
   * A link to a numbered figure, table, equation or section as a cross-reference, so that Quire's own numbers are
   * printed: the DOCX reader's REF fields (`data-crossref="fig:Ref123"`, docx/finish-html.ts) and pandoc-crossref's
   * links (`<a href="#fig:betadiv">4</a>`). Only a target this document holds, by an id of that shape; a link whose
   * text is only a number (`4`, `(2)`) keeps no prefix (pandoc-crossref's `-@fig:x`).
   */
  private crossReference(a: XmlElement, href: string): Extract<Inline, { type: 'crossRef' }> | undefined {
    const target = attr(a, 'data-crossref') ?? (href.startsWith('#') ? href.slice(1) : undefined);
    if (!target || !/^(?:fig|tbl|eq|sec|lst):/.test(target)) return undefined;
    const base = this.docOf.get(a);
    if (base === undefined || !this.byId.has(`${base}#${target}`)) return undefined;
    const text = textContent(a).trim();
    return /^\(?\d+(?:[.-]\d+)*\)?$/.test(text) ? { type: 'crossRef', target, suppressPrefix: true } : { type: 'crossRef', target };
  }

  private findNotes(root: XmlElement, href: string): void {
    const anchors: XmlElement[] = [];
    const walk = (el: XmlElement): void => {
      for (const c of el.children) {
        if (c.type !== 'element') continue;
        if (tag(c) === 'a' && attr(c, 'href')?.includes('#')) anchors.push(c);
        walk(c);
      }
    };
    walk(root);
    for (const a of anchors) {
      const target = this.resolve(href, attr(a, 'href'));
      if (!target) continue;
      const text = textContent(a).trim();
      const explicit = hasClass(a, NOTE_REF_CLASS) || epubTypes(a).includes('noteref');
      const shortLabel = /^[[(]?(?:\d{1,4}|[a-z]|[*†‡§¶]+)[\])]?$/i.test(text);
      const inSup = tag(this.parent.get(a) ?? a) === 'sup' || a.children.some((c) => c.type === 'element' && tag(c) === 'sup');
      if (!explicit && !(shortLabel && (inSup || /^[[(]/.test(text) || /^(?:foot)?note|^fn/i.test(attr(a, 'href')!.split('#')[1] ?? '')))) continue;
      const container = this.noteContainer(target);
      if (!container || this.containsHeading(container) || this.contains(container, a)) continue;
      // `Footnote_1_1`, `footnote-1`, `fn1`, `note-3`; not `FNanchor_1_1`, `footnote-ref-1`, `noteref-1`,
      // which are the references themselves (a note's back link points at them).
      const targetId = attr(target, 'id') ?? attr(target, 'name') ?? '';
      const idLike = /foot|note|^fn/i.test(targetId) && !/anchor|ref|back/i.test(targetId);
      if (!explicit && /anchor|ref|back/i.test(targetId)) continue;
      const linksBack = this.linksBackTo(container, a);
      if (!explicit && !idLike && !linksBack && !this.isNoteLike(container)) continue;
      this.noteRefs.set(a, container);
      this.noteContainers.add(container);
    }
  }

  private containsHeading(el: XmlElement): boolean {
    return el.children.some((c) => c.type === 'element' && (/^h[1-6]$/.test(tag(c)) || this.containsHeading(c)));
  }

  private contains(outer: XmlElement, inner: XmlElement): boolean {
    for (let el: XmlElement | undefined = inner; el; el = this.parent.get(el)) if (el === outer) return true;
    return false;
  }

  /** Marks the links inside a note container that point back at the reference; true when one does. */
  private linksBackTo(container: XmlElement, ref: XmlElement): boolean {
    let found = false;
    const base = this.docOf.get(container) ?? '';
    const walk = (el: XmlElement): void => {
      for (const c of el.children) {
        if (c.type !== 'element') continue;
        if (tag(c) === 'a') {
          const t = this.resolve(base, attr(c, 'href'));
          if (t && (t === ref || this.contains(t, ref))) {
            this.backLinks.add(c);
            found = true;
          }
        }
        walk(c);
      }
    };
    walk(container);
    return found;
  }

  /** Converts every document; each starts with a {@link FileItem} when there are several. */
  convert(): Item[] {
    const items: Item[] = [];
    for (const d of this.docs) {
      this.currentDoc = d.href;
      this.where = d.title;
      if (this.docs.length > 1 || d.title !== undefined) items.push({ kind: 'file', href: d.href, ...(d.title ? { title: d.title } : {}) });
      const body = findBody(d.root);
      this.blocks(body, {
        heading: (level, title, text, ids) => {
          this.where = text.length > 80 ? `${text.slice(0, 77)}...` : text;
          items.push({ kind: 'heading', level, title, text, ids });
        },
        block: (block, ids) => items.push({ kind: 'block', block, ids }),
      });
    }
    return items;
  }

  // ---- blocks ----

  private blocks(el: XmlElement, sink: Sink): void {
    let run: XmlNode[] = [];
    const flush = (): void => {
      if (run.length > 0) this.paragraph(run, sink);
      run = [];
    };
    const children = el.children;
    for (let i = 0; i < children.length; i++) {
      const c = children[i]!;
      if (c.type === 'text' || isInline(c) || (isMathElement(c) && !isDisplayMath(c))) {
        if (c.type === 'element' && this.noteContainers.has(c)) continue;
        run.push(c);
        continue;
      }
      flush();
      this.block(c, sink, siblingsAfter(children, i));
    }
    flush();
  }

  private block(el: XmlElement, sink: Sink, following: Iterable<XmlNode>): void {
    const t = tag(el);
    if (t === 'svg') {
      // An SVG wrapper around a raster image (EPUB covers and plates): the image, never the SVG itself.
      const image = findFirstTag(el, 'image');
      if (!image) this.leftOut(el);
      else if (this.images) this.figure(image, sink);
      return;
    }
    if (isMathElement(el)) {
      this.mathBlock(el, sink, collectIds(el));
      return;
    }
    if (this.skipped(el)) return;
    if (this.noteContainers.has(el)) return;
    if (hasClass(el, PAGENUM_CLASS)) {
      this.report.add('pageNumbers', LABELS.pageNumbers);
      return;
    }
    if (this.isNavigation(el)) {
      this.report.add('navigation', LABELS.navigation);
      return;
    }
    const ids = collectIds(el);
    if (/^h[1-6]$/.test(t)) {
      // A heading that is only a link to a picture's file (`<h5><a href="images/0403.jpg"><i>Original</i></a></h5>`
      // under each plate, pg98): the way to the full-size picture, not a heading of the book.
      if (isPictureLink(el)) {
        this.report.add('pictureLinks', LABELS.pictureLinks);
        return;
      }
      const title = trimInlines(this.inlines(el.children)).map((n) => (n.type === 'lineBreak' ? ({ type: 'text', value: ' ' } as Inline) : n));
      const clean = normalizeInlines(title);
      const text = plain(clean).trim();
      if (!text) return;
      if (CONTENTS_LABEL.test(text) && this.navigationFollows(following)) {
        this.report.add('navigation', LABELS.navigation);
        return;
      }
      sink.heading(Number(t[1]), clean, text, ids);
      return;
    }
    switch (t) {
      case 'p':
        // A paragraph left open before the next heading (`<p>...` then `<center><h3>THE GIFT OF THE MAGI</h3>`, pg2776):
        // HTML closes it there (WHATWG 13.2.6.4.7, "in body": a start tag of a block element closes an open `p`), but
        // the parser nests what follows inside it. Read as the browser shows it: text, then the heading as a heading.
        if (el.children.some((c) => c.type === 'element' && !isInline(c) && holdsHeading(c))) {
          this.blocks(el, idsOnFirst(sink, ids));
          return;
        }
        this.paragraph(el.children, sink, following, ids);
        return;
      case 'pre': {
        const b = isCodePre(el, this.parent.get(el)) ? codeBlock(el) : preBlock(textContent(el));
        if (b) sink.block(b, ids);
        return;
      }
      case 'blockquote': {
        const inner = collectBlocks((s) => this.blocks(el, s));
        if (inner.length > 0) sink.block({ type: 'blockQuote', children: inner }, ids);
        return;
      }
      case 'ul':
      case 'ol': {
        const items: Block[][] = [];
        for (const li of el.children) {
          if (li.type !== 'element' || this.noteContainers.has(li)) continue;
          const inner = collectBlocks((s) => this.blocks(tag(li) === 'li' ? li : { ...li, children: [li] }, s));
          if (inner.length > 0) items.push(inner);
        }
        if (items.length > 0) sink.block({ type: 'list', ordered: t === 'ol', items }, ids);
        return;
      }
      case 'table':
        this.table(el, sink, ids);
        return;
      case 'hr':
        sink.block({ type: 'sceneBreak' }, ids);
        return;
      case 'img':
        this.figure(el, sink);
        return;
      case 'br':
        return;
      default:
        break;
    }
    if (hasClass(el, VERSE_CLASS) || epubTypes(el).includes('z3998:poem') || epubTypes(el).includes('z3998:verse')) {
      const verse = this.verse(el);
      if (verse) {
        sink.block(verse, ids);
        return;
      }
    }
    if (t === 'figure' || hasClass(el, /^(fig|figure|figcenter|figleft|figright|illustration|image|caption)$/)) {
      const imgs = findImages(el, t === 'figure');
      if (imgs.length > 0) {
        const labelled = normalizeInlines(trimInlines(this.inlines(el.children.filter((c) => !(c.type === 'element' && (IMAGE_TAGS.has(tag(c)) || tag(c) === 'svg'))))));
        const caption = stripCaptionLabel(labelled, 'figure');
        // Several pictures under one caption: each is a figure, the caption and id go with the last.
        imgs.forEach((img, k) => {
          const last = k === imgs.length - 1;
          const id = last ? (attr(el, 'id') ?? imgs.map((i) => attr(i, 'id')).find(Boolean) ?? labelledId(labelled, 'figure')) : undefined;
          this.figure(img, sink, last ? caption : [], false, id);
        });
        return;
      }
      const table = t === 'figure' ? el.children.find((c) => c.type === 'element' && tag(c) === 'table') : undefined;
      const figcaption = el.children.find((c) => c.type === 'element' && tag(c) === 'figcaption');
      if (table?.type === 'element' && !captionElement(table)) {
        // A table in a `<figure>` with a `<figcaption>` (HTML's other way to caption a table).
        const caption = figcaption?.type === 'element' ? normalizeInlines(trimInlines(this.inlines(figcaption.children))) : [];
        for (const c of el.children) {
          if (c === table) this.table(table, sink, ids, caption, attr(el, 'id'));
          else if (c !== figcaption && c.type === 'element') this.block(c, sink, []);
        }
        return;
      }
    }
    this.blocks(el, sink);
  }

  /**
   * True when an element is left out of the book (scripts, styles, media, forms); what held something a reader
   * saw is reported by name ({@link UNSUPPORTED}).
   */
  private skipped(el: XmlElement): boolean {
    const t = tag(el);
    if (!SKIPPED.has(t)) return false;
    this.leftOut(el);
    return true;
  }

  private leftOut(el: XmlElement): void {
    const what = UNSUPPORTED[tag(el)];
    if (what) this.diag('unsupported-element', `The text holds ${what}, which a book cannot show; it was left out.`);
  }

  private diag(code: DiagnosticCode, message: string): void {
    this.diagnostics.add(code, message, this.where);
  }

  /** A display-math element (or inline math met as a block) -> a math block; unreadable math -> its text. */
  private mathBlock(el: XmlElement, sink: Sink, ids: string[], wrapperId?: string): void {
    const m = readMath(el, wrapperId);
    if (m.tex === undefined) {
      this.diag('math-unconverted', `An equation could not be read and is kept as plain text: "${shorten(m.text)}".`);
      if (m.text) sink.block({ type: 'paragraph', children: [{ type: 'text', value: m.text }] }, ids);
      return;
    }
    sink.block(m.id ? { type: 'math', tex: m.tex, id: m.id } : { type: 'math', tex: m.tex }, ids);
  }

  /** Inline math -> the model's inline math; unreadable math -> its text. */
  private inlineMath(el: XmlElement): Inline[] {
    const m = readMath(el);
    if (m.tex === undefined) {
      this.diag('math-unconverted', `An equation could not be read and is kept as plain text: "${shorten(m.text)}".`);
      return m.text ? [{ type: 'text', value: m.text }] : [];
    }
    return [{ type: 'math', tex: m.tex }];
  }

  /**
   * A `<table>`: a data table becomes a table node (its pictures figures after it); a layout table one paragraph
   * per row, with the pictures it frames as figures (see `table.ts`).
   */
  private table(el: XmlElement, sink: Sink, ids: string[], caption?: Inline[], id?: string): void {
    const rs = sourceRows(el);
    if (!isDataTable(el, rs)) {
      this.layoutTable(el, sink);
      return;
    }
    const moved: Block[] = [];
    const simplified = new Set<string>();
    const captionEl = captionElement(el);
    const cap = caption ?? (captionEl ? normalizeInlines(trimInlines(this.inlines(captionEl.children))) : []);
    const block = buildTable(el, rs, (cell) => this.cellInlines(cell, moved, simplified), stripCaptionLabel(cap, 'table'));
    if (!block) return;
    const sourceId = id ?? block.id ?? labelledId(cap, 'table');
    if (sourceId) block.id = sourceId;
    for (const what of simplified) this.diag('table-simplified', what);
    sink.block(block, ids);
    for (const b of moved) sink.block(b, []);
  }

  /**
   * One paragraph per row (cells joined by spaces), then the row's pictures as figures. A row whose cells hold a
   * display equation, code or a data table (Word sets an equation beside its number, a definition box, or a
   * caption above its table, in a layout table) keeps each cell's blocks in order instead, so that an equation
   * stays a display equation and a table a table.
   */
  private layoutTable(el: XmlElement, sink: Sink): void {
    for (const row of rows(el)) {
      if (row.some(holdsDisplayBlock)) {
        for (const cell of row) for (const b of collectBlocks((s) => this.blocks(cell, s))) sink.block(b, []);
        continue;
      }
      const cells = row.map((cell) => normalizeInlines(trimInlines(this.inlines(cell.children))));
      const children: Inline[] = [];
      for (const cell of cells.filter((c) => c.length > 0)) {
        if (children.length > 0) children.push({ type: 'text', value: ' ' });
        children.push(...cell);
      }
      const clean = normalizeInlines(children);
      if (clean.length > 0) sink.block({ type: 'paragraph', children: clean }, []);
      for (const cell of row) for (const img of findImages(cell, false)) this.figure(img, sink);
    }
  }

  /**
   * A cell's content as phrasing: its paragraphs joined by line breaks; lists, nested tables and code flattened to
   * lines of text (said in `simplified`); its pictures moved to `moved`, to follow the table.
   */
  private cellInlines(cell: XmlElement, moved: Block[], simplified: Set<string>): Inline[] {
    const blocks = collectBlocks((s) => this.blocks(cell, s));
    const out: Inline[] = [];
    const line = (inl: readonly Inline[]): void => {
      if (inl.length === 0) return;
      if (out.length > 0) out.push({ type: 'lineBreak' });
      out.push(...inl);
    };
    const flatten = (b: Block): void => {
      switch (b.type) {
        case 'paragraph':
        case 'heading':
          line(b.children);
          return;
        case 'verse':
          for (const stanza of b.stanzas) for (const l of stanza) line(l.children);
          return;
        case 'blockQuote':
        case 'speech':
          b.children.forEach(flatten);
          return;
        case 'list':
          simplified.add('A list inside a table cell was set as lines of text in the cell.');
          b.items.forEach((item, k) => {
            const before = out.length;
            item.forEach(flatten);
            if (out.length === before) return;
            const marker = b.ordered ? `${k + 1}. ` : '• ';
            out.splice(before === 0 ? 0 : before + 1, 0, { type: 'text', value: marker }); // after the line break `line` put first
          });
          return;
        case 'table':
          simplified.add('A table inside a table cell was set as lines of text in the cell.');
          for (const r of [...b.head, ...b.body]) {
            const cells: Inline[] = [];
            for (const c of r.cells.filter((x) => x.children.length > 0)) {
              if (cells.length > 0) cells.push({ type: 'text', value: ' ' });
              cells.push(...c.children);
            }
            line(cells);
          }
          return;
        case 'figure':
          simplified.add('A picture inside a table cell was placed after the table.');
          moved.push(b);
          return;
        case 'math':
          line([{ type: 'math', tex: b.tex }]);
          return;
        case 'code':
          simplified.add('A code listing inside a table cell was set as lines of code in the cell.');
          for (const l of b.value.split('\n')) line(l.trim() ? [{ type: 'code', value: l }] : []);
          return;
        case 'sceneBreak':
          line([{ type: 'text', value: '* * *' }]);
          return;
        case 'pageBreak':
          return;
      }
    };
    blocks.forEach(flatten);
    return normalizeInlines(out);
  }

  private paragraph(nodes: readonly XmlNode[], sink: Sink, following: Iterable<XmlNode> = [], ids: string[] = []): void {
    // Display math inside a paragraph (pandoc writes `<p><math display="block">`): the paragraph splits around it.
    const at = nodes.findIndex((n) => displayMathIn(n) !== undefined);
    if (at >= 0) {
      const found = displayMathIn(nodes[at]!)!;
      if (nodes.slice(0, at).some((n) => /\S/.test(textContent(n)) || (n.type === 'element' && tag(n) === 'img'))) this.textParagraph(nodes.slice(0, at), sink, [], ids);
      this.mathBlock(found.math, sink, at === 0 ? ids : [], found.wrapper ? attr(found.wrapper, 'id') : undefined);
      this.paragraph(nodes.slice(at + 1), sink, following, []);
      return;
    }
    this.textParagraph(nodes, sink, following, ids);
  }

  private textParagraph(nodes: readonly XmlNode[], sink: Sink, following: Iterable<XmlNode> = [], ids: string[] = []): void {
    const images = nodes.filter((n) => n.type === 'element' && tag(n) === 'img') as XmlElement[];
    const children = normalizeInlines(trimInlines(this.inlines(nodes)));
    const text = plain(children);
    if (images.length > 0 && !/\S/.test(text)) {
      for (const img of images) this.figure(img, sink);
      return;
    }
    // Pictures inside a paragraph of text (Word anchors them in paragraphs): figures after it.
    const inText = this.textImages ? images : [];
    if (children.length === 0 || !/\S/.test(text) && !children.some((c) => c.type === 'footnoteRef')) return;
    if (SCENE_BREAK.test(text)) {
      sink.block({ type: 'sceneBreak' }, ids);
      return;
    }
    if (CONTENTS_LABEL.test(text) && this.navigationFollows(following)) {
      this.report.add('navigation', LABELS.navigation);
      return;
    }
    sink.block({ type: 'paragraph', children }, ids);
    for (const img of inText) this.figure(img, sink, [], true);
  }

  /**
   * A figure for an image (`<img>`, SVG `<image>`, `<embed>`/`<object>` in a figure); `importedOnly`: nothing
   * unless the image file was imported; `id`: the figure's id (the image's own when absent).
   */
  private figure(img: XmlElement, sink: Sink, caption: Inline[] = [], importedOnly = false, id?: string): void {
    let alt = (attr(img, 'alt') ?? attr(img, 'title') ?? '').replace(/\s+/g, ' ').trim();
    // Alt texts that are file names or identifiers (`Illo1`, `i001.jpg`, `cover`) say nothing to a reader.
    if (/^[\w.-]*\d[\w.-]*$|\.(?:jpe?g|png|gif|svg|webp)(?:\s*\(\d+\s*[KM]B?\))?$|^(?:cover|image|img|picture)$/i.test(alt)) alt = '';
    // pandoc writes the caption again as the alt text, its number included (`Figure 1: Union types ...`).
    if (alt) alt = plain(stripCaptionLabel([{ type: 'text', value: alt }], 'figure'));
    const cap = caption.length > 0 ? caption : alt ? [{ type: 'text' as const, value: alt }] : [];
    const raw = (attr(img, 'src') ?? attr(img, 'href') ?? attr(img, 'data') ?? '').trim();
    const found = raw && this.images ? this.images(raw, this.currentDoc) : undefined;
    const src = typeof found === 'string' ? found : undefined;
    const figureId = id ?? (tag(img) === 'img' ? attr(img, 'id') : undefined);
    const extra: { id?: string; widthFraction?: number } = {};
    if (figureId) extra.id = figureId;
    // A share of the text block only when nothing around the image sets a width of its own (PG sets 100% of a
    // narrow `<div style="width: 30em">`).
    const width = this.hasSizedAncestor(img) ? undefined : percentWidth(img);
    if (width !== undefined) extra.widthFraction = width;
    if (src) {
      sink.block({ type: 'figure', src, alt: alt || plain(cap), caption: cap, ...extra }, []);
      return;
    }
    if (importedOnly) {
      // A picture in a line of text that was refused for a reason the source gives (a Word picture over the pixel
      // limit) is still said; one that was never imported (a drop cap) is left out quietly.
      if (typeof found === 'object') this.diag(found.code, found.message);
      return;
    }
    this.report.add('images', LABELS.images);
    if (typeof found === 'object') this.diag(found.code, found.message);
    else if (raw) this.diag('image-missing', `The picture "${shorten(raw)}" is not in the upload, so only its caption is kept.`);
    else this.diag('image-missing', 'A picture without a file name was left out; only its caption is kept.');
    if (cap.length === 0) return;
    sink.block({ type: 'figure', alt: alt || plain(cap), caption: cap, ...extra }, []);
  }

  private hasSizedAncestor(el: XmlElement): boolean {
    for (let p = this.parent.get(el); p && tag(p) !== 'body'; p = this.parent.get(p)) {
      if (attr(p, 'width') !== undefined || /(?:^|;)\s*(?:max-)?width\s*:/i.test(attr(p, 'style') ?? '')) return true;
    }
    return false;
  }

  /** True when the element is navigation: `nav`, a contents class, or mostly internal links. */
  private isNavigation(el: XmlElement): boolean {
    const t = tag(el);
    if (t === 'nav' || epubTypes(el).some((x) => x === 'toc' || x === 'landmarks' || x === 'loi')) return true;
    if (hasClass(el, /^(toc|contents|table-?of-?contents|chapterlinks|navigation)$/)) return true;
    if (!['table', 'ul', 'ol', 'p', 'div', 'dl'].includes(t)) return false;
    const links = this.internalLinks(el);
    if (links.length === 0) return false;
    const total = textContent(el).replace(/\s+/g, '').length;
    const linked = links.reduce((n, a) => n + textContent(a).replace(/\s+/g, '').length, 0);
    if (t === 'p') return total > 0 && linked / total >= 0.6;
    if (t === 'table') {
      const rs = rows(el);
      const withLink = rs.filter((r) => r.some((cell) => this.internalLinks(cell).length > 0)).length;
      return rs.length >= 2 && withLink / rs.length >= 0.6;
    }
    const parts = el.children.filter((c) => c.type === 'element' && /\S/.test(textContent(c))) as XmlElement[];
    const withLink = parts.filter((p) => this.internalLinks(p).length > 0).length;
    return parts.length >= 2 && withLink / parts.length >= 0.6 && linked / Math.max(1, total) >= 0.3;
  }

  /** Links to a place in the book (not footnote references), under `el`. */
  private internalLinks(el: XmlElement): XmlElement[] {
    const out: XmlElement[] = [];
    const walk = (e: XmlElement): void => {
      for (const c of e.children) {
        if (c.type !== 'element') continue;
        if (tag(c) === 'a' && !this.noteRefs.has(c)) {
          const href = attr(c, 'href') ?? '';
          if (href && !/^[a-z][a-z0-9+.-]*:/i.test(href)) out.push(c);
        }
        walk(c);
      }
    };
    walk(el);
    return out;
  }

  /** True when the next element with text among `following` siblings is navigation. */
  private navigationFollows(following: Iterable<XmlNode>): boolean {
    for (const n of following) {
      if (n.type === 'text') {
        if (/\S/.test(n.value)) return false;
        continue;
      }
      if (this.isNavigation(n)) return true;
      if (/\S/.test(textContent(n))) return false;
    }
    return false;
  }

  // ---- verse ----

  private verse(el: XmlElement): Block | undefined {
    const stanzas: VerseLine[][] = [];
    let stanza: VerseLine[] = [];
    let line: XmlNode[] = [];
    let indent: number | undefined;
    const endLine = (): void => {
      const children = normalizeInlines(trimInlines(this.inlines(line)));
      if (children.length > 0) {
        const lead = /^\u00a0+/.exec(line.map((n) => textContent(n)).join(''))?.[0].length ?? 0;
        stanza.push({ indent: Math.min(8, indent ?? Math.floor(lead / 2)), children });
      }
      line = [];
      indent = undefined;
    };
    const endStanza = (): void => {
      endLine();
      if (stanza.length > 0) stanzas.push(stanza);
      stanza = [];
    };
    const indentOf = (e: XmlElement): number | undefined => {
      for (const c of classes(e)) {
        const m = /^(?:i|indent)(\d{1,2})$/.exec(c);
        if (m) return Number(m[1]);
      }
      return undefined;
    };
    const visit = (e: XmlElement): void => {
      for (const c of e.children) {
        if (c.type === 'text') {
          const parts = c.value.split(/\n\s*\n/);
          parts.forEach((p, k) => {
            if (k > 0) endStanza();
            line.push({ type: 'text', value: p });
          });
          continue;
        }
        const t = tag(c);
        if (isMathElement(c)) {
          line.push(c);
          continue;
        }
        if (this.noteContainers.has(c) || this.skipped(c)) continue;
        if (hasClass(c, PAGENUM_CLASS)) {
          this.report.add('pageNumbers', LABELS.pageNumbers);
          continue;
        }
        if (t === 'br') {
          endLine();
          continue;
        }
        const lineIndent = indentOf(c);
        if (isInline(c) && !hasBr(c)) {
          if (lineIndent !== undefined && line.every((n) => !/\S/.test(textContent(n)))) indent = lineIndent;
          line.push(c);
          continue;
        }
        const isStanza = hasClass(c, /^(stanza|lg)$/);
        if (isStanza) endStanza();
        else if (!isInline(c)) endLine();
        if (lineIndent !== undefined) indent = lineIndent;
        visit(c);
        if (isStanza) endStanza();
        else if (!isInline(c)) endLine();
      }
    };
    visit(el);
    endStanza();
    return stanzas.length > 0 ? { type: 'verse', stanzas } : undefined;
  }

  // ---- inlines ----

  /** Converts phrasing content (block elements met inside are read as phrasing too). */
  inlines(nodes: readonly XmlNode[]): Inline[] {
    const out: Inline[] = [];
    for (const n of nodes) {
      if (n.type === 'text') {
        const value = n.value.replace(PAGE_MARKER, () => {
          this.report.add('pageNumbers', LABELS.pageNumbers);
          return '';
        });
        if (value) out.push({ type: 'text', value });
        continue;
      }
      const t = tag(n);
      if (isMathElement(n)) {
        out.push(...this.inlineMath(n));
        continue;
      }
      if (this.noteContainers.has(n) || this.backLinks.has(n) || this.skipped(n)) continue;
      if (hasClass(n, PAGENUM_CLASS)) {
        this.report.add('pageNumbers', LABELS.pageNumbers);
        continue;
      }
      if (t === 'br') {
        out.push({ type: 'lineBreak' });
        continue;
      }
      if (t === 'img') continue;
      if (t === 'code' || t === 'kbd' || t === 'samp') {
        const value = textContent(n).replace(/[ \t\n\r\f]+/g, ' ');
        if (/\S/.test(value)) out.push({ type: 'code', value });
        continue;
      }
      if (t === 'a') {
        const container = this.noteRefs.get(n);
        if (container) {
          out.push({ type: 'footnoteRef', id: this.footnote(n, container) });
          continue;
        }
        const href = attr(n, 'href') ?? '';
        if (/^(?:https?:|mailto:)/i.test(href)) {
          out.push({ type: 'link', href, children: this.inlines(n.children) });
          continue;
        }
        const ref = this.crossReference(n, href);
        if (ref) {
          out.push(ref);
          continue;
        }
        out.push(...this.inlines(n.children));
        continue;
      }
      const children = this.inlines(n.children);
      if (isSmallCaps(n)) out.push({ type: 'smallCaps', children });
      else if (['i', 'em', 'cite', 'var', 'dfn'].includes(t) || hasClass(n, /^(italic|italics|i)$/)) out.push({ type: 'emphasis', children });
      else if (['b', 'strong'].includes(t) || hasClass(n, /^(bold|b)$/)) out.push({ type: 'strong', children });
      else if (!isInline(n)) out.push({ type: 'text', value: ' ' }, ...children, { type: 'text', value: ' ' });
      else out.push(...children);
    }
    return out;
  }

  /** Converts a note once (the first reference) and returns its id. */
  private footnote(ref: XmlElement, container: XmlElement): string {
    const existing = this.noteIds.get(container);
    if (existing) return existing;
    const label = textContent(ref).replace(/[^A-Za-z0-9_-]+/g, '') || String(this.noteIds.size + 1);
    let id = `fn-${label}`;
    for (let n = 2; this.usedNoteIds.has(id); n++) id = `fn-${label}-${n}`;
    this.usedNoteIds.add(id);
    this.noteIds.set(container, id);
    const saved = this.currentDoc;
    this.currentDoc = this.docOf.get(container) ?? saved;
    // The container itself is skipped in the flow; convert its content with the back links left out.
    const blocks = collectBlocks((s) => this.blocks({ ...container, children: container.children }, s));
    this.currentDoc = saved;
    this.footnotes[id] = stripNoteLabel(blocks.length > 0 ? blocks : [{ type: 'paragraph', children: [{ type: 'text', value: label }] }]);
    this.report.add('footnotes', LABELS.footnotes);
    return id;
  }

  private readonly noteIds = new Map<XmlElement, string>();
}

/** Receives headings and blocks. */
interface Sink {
  heading(level: number, title: Inline[], text: string, ids: string[]): void;
  block(block: Block, ids: string[]): void;
}

/**
 * The siblings after `nodes[i]`, in order, without copying them: a block looks at what follows it (a
 * "Contents" heading before navigation), and a copy per block made a chapter of n paragraphs cost n²
 * (a 16 MB chapter, 58 KB as an EPUB, took 7 minutes).
 */
function* siblingsAfter(nodes: readonly XmlNode[], i: number): Generator<XmlNode> {
  for (let k = i + 1; k < nodes.length; k++) yield nodes[k]!;
}

/** Runs `fill` with a sink that turns headings into heading blocks; returns the blocks. */
/** A picture file's address (`images/0403.jpg`, `p1.png?x=1`). */
const PICTURE_FILE = /\.(?:jpe?g|png|gif|webp|svg|tiff?)(?:[?#].*)?$/i;

/** True when all the text of `el` sits in links to picture files (and there is some). */
function isPictureLink(el: XmlElement): boolean {
  let linked = false;
  const rest = (node: XmlNode): string => {
    if (node.type === 'text') return node.value;
    if (tag(node) === 'a' && PICTURE_FILE.test(attr(node, 'href') ?? '') && /\S/.test(textContent(node))) {
      linked = true;
      return '';
    }
    return node.children.map(rest).join('');
  };
  return !/\S/.test(el.children.map(rest).join('')) && linked;
}

/** True when `el` is a heading (`h1`-`h6`) or holds one. */
function holdsHeading(el: XmlElement): boolean {
  if (/^h[1-6]$/.test(tag(el))) return true;
  return el.children.some((c) => c.type === 'element' && holdsHeading(c));
}

/** `sink`, with `ids` given to the first heading or block it receives (a split paragraph's own anchors). */
function idsOnFirst(sink: Sink, ids: string[]): Sink {
  let pending = ids;
  const take = (own: string[]): string[] => {
    const out = pending.length > 0 ? [...pending, ...own] : own;
    pending = [];
    return out;
  };
  return {
    heading: (level, title, text, own) => sink.heading(level, title, text, take(own)),
    block: (block, own) => sink.block(block, take(own)),
  };
}

function collectBlocks(fill: (sink: Sink) => void): Block[] {
  const out: Block[] = [];
  fill({
    heading: (level, title) => out.push({ type: 'heading', level: Math.min(6, Math.max(2, level)) as 2 | 3 | 4 | 5 | 6, children: title }),
    block: (b) => out.push(b),
  });
  return out;
}

/** A leading `1.` / `[1]` label left in a note's first paragraph after its back link went. */
function stripNoteLabel(blocks: Block[]): Block[] {
  const first = blocks[0];
  if (first?.type !== 'paragraph') return blocks;
  const lead = first.children[0];
  if (lead?.type !== 'text') return blocks;
  const value = lead.value.replace(/^\s*(?:\[\d{1,4}\]|\d{1,4}\.)\s*/, '');
  if (value === lead.value) return blocks;
  const children = normalizeInlines(trimInlines([{ type: 'text', value }, ...first.children.slice(1)]));
  return children.length > 0 ? [{ type: 'paragraph', children }, ...blocks.slice(1)] : blocks.slice(1);
}

function hasBr(el: XmlElement): boolean {
  return el.children.some((c) => c.type === 'element' && (tag(c) === 'br' || hasBr(c)));
}

function isSmallCaps(el: XmlElement): boolean {
  return hasClass(el, /^(smcap|smcaps|smallcaps|small-caps|sc|caps)$/) || /font-variant\s*:\s*small-caps/i.test(attr(el, 'style') ?? '') || epubTypes(el).includes('z3998:small-caps');
}

/** The first element named `name` below `el`, depth first. */
function findFirstTag(el: XmlElement, name: string): XmlElement | undefined {
  for (const c of el.children) {
    if (c.type !== 'element') continue;
    if (tag(c) === name) return c;
    const inner = findFirstTag(c, name);
    if (inner) return inner;
  }
  return undefined;
}

/** Elements a figure's picture can be (an `<embed>` or `<object>` only inside `<figure>`). */
const IMAGE_TAGS = new Set(['img', 'image', 'embed', 'object']);

/** The pictures below `el`, in order: `<img>`, SVG `<image>`, and in a `<figure>` `<embed src>` / `<object data>`. */
function findImages(el: XmlElement, inFigure: boolean): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    for (const c of e.children) {
      if (c.type !== 'element') continue;
      const t = tag(c);
      if (t === 'img' || (t === 'image' && attr(c, 'href'))) out.push(c);
      else if (inFigure && ((t === 'embed' && attr(c, 'src')) || (t === 'object' && attr(c, 'data')))) out.push(c);
      else if (t !== 'figcaption' && t !== 'table') walk(c);
    }
  };
  walk(el);
  return out;
}

/** `width="50%"` or `style="width: 50%"` on an image, as a fraction of the text block. */
function percentWidth(img: XmlElement): number | undefined {
  const raw = /(?:^|;)\s*width\s*:\s*([\d.]+%)/i.exec(attr(img, 'style') ?? '')?.[1] ?? attr(img, 'width');
  const m = /^\s*([\d.]+)\s*%\s*$/.exec(raw ?? '');
  if (!m) return undefined;
  const v = Number.parseFloat(m[1]!) / 100;
  return v > 0 && v <= 1 ? v : undefined;
}

/** A text shortened for a message. */
function shorten(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > 80 ? `${t.slice(0, 77)}...` : t;
}

function findBody(root: XmlElement): XmlElement {
  const walk = (el: XmlElement): XmlElement | undefined => {
    for (const c of el.children) {
      if (c.type !== 'element') continue;
      if (tag(c) === 'body') return c;
      const inner = walk(c);
      if (inner) return inner;
    }
    return undefined;
  };
  return walk(root) ?? root;
}

function collectIds(el: XmlElement): string[] {
  const out: string[] = [];
  const walk = (e: XmlElement): void => {
    const id = attr(e, 'id') ?? (tag(e) === 'a' ? attr(e, 'name') : undefined);
    if (id) out.push(id);
    for (const c of e.children) if (c.type === 'element') walk(c);
  };
  walk(el);
  return out;
}

/** The cells of each row of a table (`tr` anywhere below it, nested tables left alone). */
function rows(table: XmlElement): XmlElement[][] {
  const out: XmlElement[][] = [];
  const walk = (el: XmlElement): void => {
    for (const c of el.children) {
      if (c.type !== 'element') continue;
      const t = tag(c);
      if (t === 'tr') out.push(c.children.filter((x) => x.type === 'element' && (tag(x) === 'td' || tag(x) === 'th')) as XmlElement[]);
      else if (t !== 'table') walk(c);
    }
  };
  walk(table);
  return out;
}

/**
 * A `<pre>` block: verse, one line per line (PG set poems this way), indents from leading spaces
 * beyond the least-indented line (two spaces a level, rounded up); a block of only asterisks is a
 * scene break.
 */
function preBlock(text: string): Block | undefined {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n').map((l) => l.replace(/\s+$/, ''));
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) return undefined;
  if (lines.every((l) => l === '' || SCENE_BREAK.test(l))) return { type: 'sceneBreak' };
  const min = Math.min(...lines.filter((l) => l !== '').map((l) => l.length - l.trimStart().length));
  const stanzas: VerseLine[][] = [];
  let stanza: VerseLine[] = [];
  for (const l of lines) {
    if (l === '') {
      if (stanza.length > 0) stanzas.push(stanza);
      stanza = [];
      continue;
    }
    const extra = l.length - l.trimStart().length - min;
    stanza.push({ indent: Math.min(8, Math.ceil(extra / 2)), children: [{ type: 'text', value: l.trim().replace(/\s+/g, ' ') }] });
  }
  if (stanza.length > 0) stanzas.push(stanza);
  return { type: 'verse', stanzas };
}

/** Plain text of inlines. */
export function plain(inlines: readonly Inline[]): string {
  let s = '';
  for (const n of inlines) {
    if (n.type === 'text') s += n.value;
    else if (n.type === 'lineBreak') s += '\n';
    else if (n.type === 'math') s += n.tex;
    else if (n.type === 'code') s += n.value;
    else if (n.type === 'crossRef') s += `@${n.target}`;
    else if (n.type !== 'footnoteRef') s += plain(n.children);
  }
  return s;
}

/** Drops line breaks at both ends. */
function trimInlines(inlines: Inline[]): Inline[] {
  let a = 0;
  let b = inlines.length;
  while (a < b && isBlank(inlines[a]!)) a++;
  while (b > a && isBlank(inlines[b - 1]!)) b--;
  return inlines.slice(a, b);
}

function isBlank(n: Inline): boolean {
  return n.type === 'lineBreak' || (n.type === 'text' && !/\S/.test(n.value));
}

/**
 * HTML whitespace rules for the model: runs of spaces, tabs and newlines become one space (HTML's
 * white-space collapsing), a no-break space next to a space is dropped (PG's `.&nbsp; ` after
 * sentences), no space at the ends or around line breaks, no empty formatting, adjacent texts merged.
 */
export function normalizeInlines(inlines: readonly Inline[]): Inline[] {
  // Flatten to leaves with their formatting path, fix spaces across leaves, rebuild.
  const out = collapse(inlines);
  trimEdges(out);
  return prune(out);
}

function collapse(inlines: readonly Inline[]): Inline[] {
  return inlines.map((n) => {
    if (n.type === 'text') return { type: 'text', value: n.value.replace(/[ \t\n\r\f]+/g, ' ').replace(/[ \u00a0]{2,}/g, ' ') };
    if ('children' in n) return { ...n, children: collapse(n.children) };
    return { ...n };
  });
}

/** Leaves in order (text nodes are mutable references). */
function leaves(inlines: Inline[], acc: Inline[] = []): Inline[] {
  for (const n of inlines) {
    if ('children' in n) leaves(n.children, acc);
    else acc.push(n);
  }
  return acc;
}

function trimEdges(inlines: Inline[]): void {
  const ls = leaves(inlines);
  let spaceBefore = true; // start of paragraph, or after a line break
  for (let i = 0; i < ls.length; i++) {
    const n = ls[i]!;
    if (n.type === 'lineBreak') {
      // remove trailing spaces before the break
      for (let k = i - 1; k >= 0; k--) {
        const p = ls[k]!;
        if (p.type !== 'text') break;
        p.value = p.value.replace(/[\s]+$/, '');
        if (p.value) break;
      }
      spaceBefore = true;
      continue;
    }
    if (n.type !== 'text') {
      spaceBefore = false;
      continue;
    }
    if (spaceBefore) n.value = n.value.replace(/^\s+/, '');
    if (n.value) spaceBefore = /\s$/.test(n.value);
  }
  for (let k = ls.length - 1; k >= 0; k--) {
    const p = ls[k]!;
    if (p.type !== 'text') break;
    p.value = p.value.replace(/\s+$/, '');
    if (p.value) break;
  }
}

function prune(inlines: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const n of inlines) {
    if (n.type === 'text') {
      if (!n.value) continue;
      const last = out[out.length - 1];
      if (last?.type === 'text') last.value += n.value;
      else out.push({ ...n });
      continue;
    }
    if ('children' in n) {
      const children = prune(n.children);
      if (children.length === 0) continue;
      // Formatting of nothing but spaces or punctuation (`Languidly<i>.</i>]` in PG's Earnest) shows
      // nothing and Markdown cannot express it next to a letter: its text stays, the formatting goes.
      if (n.type !== 'link' && !/[\p{L}\p{N}]/u.test(plain(children)) && !children.some((c) => c.type === 'footnoteRef')) {
        out.push(...children);
        continue;
      }
      // Spaces at the edges of formatting stand outside it (Markdown delimiters must hug the text).
      const first = children[0]!;
      const last = children[children.length - 1]!;
      let lead = '';
      let trail = '';
      if (first.type === 'text' && /^\s/.test(first.value)) {
        lead = /^\s+/.exec(first.value)![0];
        first.value = first.value.slice(lead.length);
      }
      if (last.type === 'text' && /\s$/.test(last.value)) {
        trail = /\s+$/.exec(last.value)![0];
        last.value = last.value.slice(0, -trail.length);
      }
      if (lead) out.push({ type: 'text', value: lead });
      out.push({ ...n, children: children.filter((c) => c.type !== 'text' || c.value) } as Inline);
      if (trail) out.push({ type: 'text', value: trail });
      continue;
    }
    out.push(n);
  }
  // merge texts exposed by unwrapping
  const merged: Inline[] = [];
  for (const n of out) {
    const last = merged[merged.length - 1];
    if (n.type === 'text' && last?.type === 'text') last.value += n.value;
    else merged.push(n);
  }
  // drop line breaks at the ends
  return trimInlines(merged);
}

/** True when a layout table's cell holds a display equation, a code listing or a data table. */
function holdsDisplayBlock(el: XmlElement): boolean {
  return el.children.some((c) => {
    if (c.type !== 'element') return false;
    const t = tag(c);
    if (t === 'table') return isDataTable(c);
    return (isMathElement(c) && isDisplayMath(c)) || t === 'pre' || holdsDisplayBlock(c);
  });
}
