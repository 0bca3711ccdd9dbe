/**
 * HTML / XHTML reader (two stages: parse into a tree, then tree -> {@link BookDocument}).
 * Project Gutenberg HTML editions lose their header, licence, page numbers and linked contents;
 * the book keeps its headings, italics, small caps, footnotes, verse and block quotes. Markup is never
 * passed through: only text and the model's own nodes come out.
 */
import { referencedAssets, type BookAsset, type BookDocument, type BookMeta } from '../../model/book-document.ts';
import { chapterLabelAndTitle } from '../../structure/chapter-label.ts';
import { EngineError } from '../../errors.ts';
import { Diagnostics, type Diagnostic } from '../../model/diagnostics.ts';
import { readGutenbergMeta } from '../gutenberg-header.ts';
import { ImageCollector } from '../images.ts';
import type { ResourceResolver } from '../resources.ts';
import { attr, findAll, findFirst, MAX_NESTING_DEPTH, parseHtml, textContent, type XmlElement } from '../xml.ts';
import { HtmlConverter, type ImageSource, type SourceDocument } from './convert.ts';
import { attachTableLabels } from './caption.ts';
import { Report, type ReportLine } from './dom.ts';
import { stripGutenbergHtml } from './gutenberg.ts';
import { htmlImageSource } from './image-source.ts';
import { buildDivisions } from './structure.ts';

/**
 * What the structured readers return before serialization: the document, its metadata, the report.
 * `doc.assets` holds the imported images its figures reference (`{}` when none).
 */
export interface DocumentReadResult {
  doc: BookDocument;
  meta: Partial<BookMeta>;
  report: ReportLine[];
  /** What the reader could not keep or had to change, in words the user reads (`model/diagnostics.ts`). */
  diagnostics?: Diagnostic[];
}

/** The images of a conversion: where each `<img>`'s file comes from, and what keeps them. */
export interface HtmlImages {
  source: ImageSource;
  collector: ImageCollector;
  /** Pictures inside paragraphs of text become figures after them (Word); else they are left out. */
  textImages?: boolean;
}

/** Options of {@link htmlDocumentsToBook}. */
export interface HtmlToBookOptions {
  /** Metadata known from elsewhere (EPUB package, DOCX); wins over what the HTML says. */
  meta?: Partial<BookMeta>;
  /** Strip Project Gutenberg boilerplate (default true). */
  gutenberg?: boolean;
  /** A report to add to (the EPUB reader shares one across files). */
  report?: Report;
  /** Metadata used only where nothing better is known (an HTML `<title>`). */
  fallbackMeta?: Partial<BookMeta>;
  /** Image files (EPUB entries, DOCX media, `data:` URIs); without it figures keep their captions only. */
  images?: HtmlImages;
  /**
   * Where to add what the conversion could not keep (the DOCX reader shares its own); the result's `diagnostics`
   * lists this collector's content either way.
   */
  diagnostics?: Diagnostics;
}

/** Title, author and language from `<title>`, `<meta name="author|dc.*">` and `<html lang>`. */
export function htmlMeta(root: XmlElement): Partial<BookMeta> {
  const meta: Partial<BookMeta> = {};
  for (const m of findAll(root, 'meta')) {
    const name = (attr(m, 'name') ?? '').toLowerCase();
    const content = (attr(m, 'content') ?? '').trim();
    if (!content) continue;
    if (name === 'dc.title' || name === 'dcterms.title') meta.title ??= content;
    if (name === 'author' || name === 'dc.creator' || name === 'dcterms.creator') meta.author ??= content;
    if (name === 'description' || name === 'dc.description') meta.description ??= content;
  }
  const title = findFirst(root, 'title');
  const titleText = title ? textContent(title).replace(/\s+/g, ' ').trim() : '';
  if (titleText && !meta.title) {
    // PG: "Alice's Adventures in Wonderland, by Lewis Carroll" / "The Project Gutenberg eBook of X, by Y".
    const m = /^(?:The Project Gutenberg e-?Book of\s+)?(.+?)(?:,\s+by\s+(.+))?$/i.exec(titleText);
    if (m) {
      meta.title = m[1]!.trim();
      if (m[2] && !meta.author) meta.author = m[2].trim();
    }
  }
  const html = findFirst(root, 'html');
  const lang = html ? (attr(html, 'lang') ?? attr(html, 'xml:lang')) : undefined;
  if (lang && /^[a-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/i.test(lang)) meta.language = lang;
  return meta;
}

/**
 * Converts parsed (X)HTML documents (one HTML file, or an EPUB's spine) into one book.
 * @throws EngineError('EMPTY_INPUT') when no text is left.
 */
export function htmlDocumentsToBook(docs: readonly SourceDocument[], opts: HtmlToBookOptions = {}): DocumentReadResult {
  const report = opts.report ?? new Report();
  let meta: Partial<BookMeta> = {};
  if (opts.gutenberg !== false) {
    for (const d of docs) {
      const stripped = stripGutenbergHtml(d.root);
      report.add('gutenbergBoilerplate', 'Blocks of Project Gutenberg header, licence and footer removed', stripped.removedBlocks);
      if (stripped.headerText) meta = { ...readGutenbergMeta(stripped.headerText.replace(/\r\n?/g, '\n')), ...meta };
    }
  }
  meta = { ...definedOnly(opts.fallbackMeta), ...meta, ...definedOnly(opts.meta) };
  const diagnostics = opts.diagnostics ?? new Diagnostics();
  const flattened = docs.reduce((n, d) => n + (d.root.flattened ?? 0), 0);
  if (flattened > 0) {
    diagnostics.add(
      'unsupported-element',
      `${flattened.toLocaleString('en-US')} ${flattened === 1 ? 'element was' : 'elements were'} nested more than ${MAX_NESTING_DEPTH} levels deep (unclosed tags, most likely); ${flattened === 1 ? 'its' : 'their'} text was kept, ${flattened === 1 ? 'its' : 'their'} formatting was not.`,
    );
  }
  const converter = new HtmlConverter(docs, report, opts.images?.source, opts.images?.textImages ?? false, diagnostics);
  const items = converter.convert();
  attachTableLabels(items);
  const divisions = buildDivisions(items, meta, report);
  const empty = divisions.body.length === 0 && divisions.front.length === 0 && divisions.back.length === 0;
  if (empty) throw new EngineError('EMPTY_INPUT', 'This file contains no text that Quire can import.');
  const untitledOnly = divisions.body.length === 0 && divisions.back.length === 0 && divisions.front.every((s) => s.title.length === 0);
  if (untitledOnly && !meta.title) {
    // No heading and no title known: the text stays before any heading, which the Markdown convention
    // reads as one chapter named after the book's title once the user or the server sets it.
  } else if (divisions.body.length === 0) {
    // Front or back matter only (no headings at all): the text is one chapter, as the Markdown convention says.
    const all = [...divisions.front, ...divisions.back];
    divisions.body = [{ type: 'chapter', id: 'ch-1', title: [{ type: 'text', value: meta.title ?? 'Untitled' }], blocks: all.flatMap((s) => s.blocks) }];
    if (all.some((s) => s.title.length > 0)) {
      divisions.body = [];
      let n = 0;
      for (const s of all) {
        const title = s.title.length > 0 ? chapterLabelAndTitle(s.title) : { title: [{ type: 'text' as const, value: meta.title ?? 'Untitled' }] };
        divisions.body.push({ type: 'chapter', id: `ch-${++n}`, ...title, blocks: s.blocks });
      }
    }
    divisions.front = [];
    divisions.back = [];
  }
  const fullMeta: BookMeta = { title: meta.title ?? 'Untitled', author: meta.author ?? 'Unknown', language: meta.language ?? 'en', ...meta };
  const content = { meta: fullMeta, ...divisions, footnotes: converter.footnotes };
  const kept: BookAsset[] = opts.images?.collector.assets() ?? [];
  opts.images?.collector.reportTo(report);
  return { doc: { ...content, assets: referencedAssets(content, kept) }, meta, report: report.toArray(), diagnostics: diagnostics.toArray() };
}

/**
 * Reads an HTML or XHTML book (any Project Gutenberg HTML generation included).
 * @param text the decoded file.
 * @param opts.meta metadata known from elsewhere (wins over the file's).
 * @param opts.resources the files beside the HTML file (a Project Gutenberg edition's `images/` folder, the rest
 *   of an uploaded zip): `<img src="images/x.jpg">` is read from there. Without it only `data:` URIs are kept;
 *   images on the web are never fetched.
 * @returns the document, the metadata found (PG header, `<title>`, `<meta>`, `lang`), the report, and the
 *   diagnostics (pictures not found, equations not read, elements left out).
 * @throws EngineError('EMPTY_INPUT') when nothing readable is left.
 */
export function readHtml(text: string, opts: { meta?: Partial<BookMeta>; resources?: ResourceResolver } = {}): DocumentReadResult {
  const root = parseHtml(text);
  const fromHtml = htmlMeta(root);
  const collector = new ImageCollector();
  const source: ImageSource = htmlImageSource(collector, opts.resources);
  // A Project Gutenberg header is more precise than <title> ("X, by Y"): the title is the fallback.
  return htmlDocumentsToBook([{ root, href: '' }], {
    fallbackMeta: fromHtml,
    images: { source, collector },
    ...(opts.meta ? { meta: opts.meta } : {}),
  });
}

/** Fields of `meta` that are set (not undefined or empty). */
export function definedOnly(meta: Partial<BookMeta> | undefined): Partial<BookMeta> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(meta ?? {})) if (v !== undefined && v !== '') out[k] = v;
  return out as Partial<BookMeta>;
}
