/**
 * (X)HTML tree -> a flat stream of headings and blocks of the document model, plus footnotes.
 * `structure.ts` then builds divisions from the headings. Used for HTML files, each EPUB spine
 * document and the HTML that mammoth makes of a DOCX.
 *
 * Checklist (Project Gutenberg HTML conventions, EPUB 3 structural semantics, mammoth's output):
 * - [X] paragraphs, headings h1-h6, block quotes, lists, tables (navigation tables dropped, others as
 *       one paragraph per row), `hr` as a scene-break candidate, `* * *` paragraphs as scene breaks
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
 * - [X] images (`<img>`, SVG `<image>`): a figure with its caption or alt text; with an
 *       {@link ImageSource} (EPUB, DOCX, `data:` URIs) the figure's `src` names the imported file; without
 *       one, or when the file is not available, the caption alone is kept. An image inside a paragraph of
 *       text is left out (in books it is a drop cap or an ornament), except with `textImages` (Word, whose
 *       pictures stand in paragraphs): an imported one then follows the paragraph as a figure
 * - [ ] tables as tables (the model has none); definition lists as paragraphs
 */
import type { Block, Inline, VerseLine } from '../../model/book-document.ts';
import { attr, textContent, type XmlElement, type XmlNode } from '../xml.ts';
import { classes, epubTypes, hasClass, isInline, SKIPPED, tag, type Report } from './dom.ts';

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

/**
 * Finds the file of an image met in a document: `src` as written (`<img src>`, `<image href>`), `base` the
 * document's path (EPUB) or `''`. Returns the asset path of the imported image (`images/img-1.png`), or
 * undefined when the file is not available (remote, missing, refused): the figure then keeps its caption.
 */
export type ImageSource = (src: string, base: string) => string | undefined;

/** Report labels shared by the readers. */
export const LABELS = {
  pageNumbers: 'Page numbers removed',
  navigation: 'Navigation links and contents lists removed',
  images: 'Images kept as captions only (the image file is not in the upload)',
  footnotes: 'Footnotes linked to their references',
} as const;

const VERSE_CLASS = /^(poem|poetry|stanza|verse|lg|poem-?container)$/;
const PAGENUM_CLASS = /^(pagenum|pageno|page-?num(ber)?|pgnum)$/;
const NOTE_CLASS = /^(footnotes?|endnotes?|notes?|fnote|rearnote)$/;
const NOTE_REF_CLASS = /^(fnanchor|noteref|footnote-?ref|fnref|footnote-?anchor)$/;
const NOTE_TYPES = new Set(['footnote', 'endnote', 'rearnote', 'note', 'footnotes', 'endnotes', 'rearnotes']);
const PAGE_MARKER = /\[\s*Pg\.?\s*[0-9ivxlcdm]+\s*\]/gi;
const SCENE_BREAK = /^\s*(?:[*⁂✱·•]\s*){3,}$|^\s*⁂\s*$/;
const CONTENTS_LABEL = /^\s*(?:table\s+of\s+)?contents\.?\s*$/i;

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

  constructor(
    private readonly docs: readonly SourceDocument[],
    private readonly report: Report,
    private readonly images?: ImageSource,
    private readonly textImages = false,
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
      if (this.docs.length > 1 || d.title !== undefined) items.push({ kind: 'file', href: d.href, ...(d.title ? { title: d.title } : {}) });
      const body = findBody(d.root);
      this.blocks(body, {
        heading: (level, title, text, ids) => items.push({ kind: 'heading', level, title, text, ids }),
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
      if (c.type === 'text' || isInline(c)) {
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
      if (image && this.images) this.figure(image, sink);
      return;
    }
    if (SKIPPED.has(t)) return;
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
        this.paragraph(el.children, sink, following, ids);
        return;
      case 'pre': {
        const b = preBlock(textContent(el));
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
      case 'table': {
        for (const row of rows(el)) {
          const cells = row.map((cell) => normalizeInlines(trimInlines(this.inlines(cell.children))));
          const children: Inline[] = [];
          for (const cell of cells.filter((c) => c.length > 0)) {
            if (children.length > 0) children.push({ type: 'text', value: ' ' });
            children.push(...cell);
          }
          const clean = normalizeInlines(children);
          if (clean.length > 0) sink.block({ type: 'paragraph', children: clean }, []);
        }
        return;
      }
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
      const img = findImg(el);
      if (img) {
        const caption = normalizeInlines(
          trimInlines(this.inlines(el.children.filter((c) => !(c.type === 'element' && tag(c) === 'img')))),
        );
        this.figure(img, sink, caption);
        return;
      }
    }
    this.blocks(el, sink);
  }

  private paragraph(nodes: readonly XmlNode[], sink: Sink, following: Iterable<XmlNode> = [], ids: string[] = []): void {
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

  /** A figure for an image; `importedOnly`: nothing unless the image file was imported. */
  private figure(img: XmlElement, sink: Sink, caption: Inline[] = [], importedOnly = false): void {
    let alt = (attr(img, 'alt') ?? attr(img, 'title') ?? '').replace(/\s+/g, ' ').trim();
    // Alt texts that are file names or identifiers (`Illo1`, `i001.jpg`, `cover`) say nothing to a reader.
    if (/^[\w.-]*\d[\w.-]*$|\.(?:jpe?g|png|gif|svg|webp)$|^(?:cover|image|img|picture)$/i.test(alt)) alt = '';
    const cap = caption.length > 0 ? caption : alt ? [{ type: 'text' as const, value: alt }] : [];
    const raw = (attr(img, 'src') ?? attr(img, 'href') ?? '').trim();
    const src = raw && this.images ? this.images(raw, this.currentDoc) : undefined;
    if (src) {
      sink.block({ type: 'figure', src, alt: alt || plain(cap), caption: cap }, []);
      return;
    }
    if (importedOnly) return;
    this.report.add('images', LABELS.images);
    if (cap.length === 0) return;
    sink.block({ type: 'figure', alt: alt || plain(cap), caption: cap }, []);
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
        if (SKIPPED.has(t) || this.noteContainers.has(c)) continue;
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
      if (SKIPPED.has(t) || this.noteContainers.has(n) || this.backLinks.has(n)) continue;
      if (hasClass(n, PAGENUM_CLASS)) {
        this.report.add('pageNumbers', LABELS.pageNumbers);
        continue;
      }
      if (t === 'br') {
        out.push({ type: 'lineBreak' });
        continue;
      }
      if (t === 'img') continue;
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

function findImg(el: XmlElement): XmlElement | undefined {
  for (const c of el.children) {
    if (c.type !== 'element') continue;
    if (tag(c) === 'img') return c;
    const inner = findImg(c);
    if (inner) return inner;
  }
  return undefined;
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
