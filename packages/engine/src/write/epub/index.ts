/**
 * EPUB 3 writer: a {@link BookDocument} as a reflowable EPUB 3 publication that passes EPUBCheck
 * (checked with EPUBCheck 4.2.6, EPUB 3.2 rules, in `test/epub-docx-html/epub.test.ts`).
 *
 * Container layout (all content in one folder so that links between documents are bare file names):
 * ```
 * mimetype                      stored, first
 * META-INF/container.xml
 * EPUB/package.opf              metadata, manifest, spine
 * EPUB/nav.xhtml                toc nav (parts -> chapters) + landmarks; in the spine after the title page
 * EPUB/style.css                reflowable CSS from the layout (no page size)
 * EPUB/title.xhtml              title page
 * EPUB/front-N.xhtml            one per front-matter section
 * EPUB/part-N.xhtml             one per part (title page + its introductory blocks)
 * EPUB/chapter-NNN.xhtml        one per chapter
 * EPUB/back-N.xhtml             one per back-matter section
 * EPUB/notes.xhtml              only when some footnote is never referenced
 * EPUB/images/img-N.<ext>       the book's images that some figure shows (stored, not deflated)
 * ```
 * Footnotes are EPUB 3 footnotes (`<aside epub:type="footnote">`, `<a epub:type="noteref">`, EPUB 3.2 SSV) at the
 * end of the document that first references them; later references link across documents.
 *
 * - [x] metadata, nav, landmarks, one document per unit, footnotes, deterministic output
 * - [x] images: each asset a figure shows, in the manifest with its media type; `<figure>` with `<img>` and
 *   `<figcaption>` in the content document
 * - [x] the layout as reflowable CSS (`html/css.ts`): fonts with generic fallbacks, relative sizes, leading,
 *   indents, justification and hyphenation in the book's language, chapter numbers and title formats, drop
 *   capitals, lead-ins, scene breaks, emphasis and dialogue punctuation, academic title pages and headings
 * - [x] accessibility metadata (schema.org, EPUB Accessibility 1.1 §2), landmarks (titlepage, toc, bodymatter)
 * - [x] cover image: `opts.cover` (the document model has no cover yet: the caller passes the image; see
 *   {@link EpubWriteOptions.cover})
 * - [x] tables (XHTML `<table>` with caption, header cells, spans, widths, note), math as MathML with `alttext`
 *   (content documents holding it carry the manifest property `mathml`, EPUB 3.3 §5.6.4), code listings, numbered
 *   figures, and cross-references linked into whichever content document holds their target
 *   (`html/state.ts` `resolveCrossRefs`); what could not be kept goes to `opts.diagnostics`
 * - [ ] EPUB 2 NCX for old readers
 */
import { EngineError } from '../../errors.ts';
import type { Layout } from '../../layout/layout.ts';
import type { BookDocument } from '../../model/book-document.ts';
import type { Diagnostics } from '../../model/diagnostics.ts';
import { reflowCss } from '../html/css.ts';
import { xmlId } from '../html/escape.ts';
import { escapeXml } from '../html/escape.ts';
import { bookLanguage, bookTitle, copyrightPageContent, openingSections, renderUnreferencedNotes } from '../html/index.ts';
import { IMAGE_EXTENSIONS, sniffImageType } from '../../model/image-bytes.ts';
import type { BookAssetMediaType } from '../../model/book-document.ts';
import { createState, resolveCrossRefs } from '../html/state.ts';
import { bookUnits, renderUnit, type Unit } from '../html/units.ts';
import { unitRegion, xhtmlDocument, type Region } from './chapter-xhtml.ts';
import { packageIdentifier } from './identifier.ts';
import { navBody } from './nav-document.ts';
import { containerXml, packageDocument, type ManifestItem } from './package-document.ts';
import { zipContainer, type ContainerFile } from './zip.ts';

/** Options of {@link writeEpub}. */
export interface EpubWriteOptions {
  /**
   * `dcterms:modified` of the package (EPUB 3.3 §5.5.6) and the time stamp of the zip entries.
   * Default: 2000-01-01T00:00:00Z, a fixed epoch so that output is reproducible; the server passes the real time.
   */
  modified?: Date;
  /**
   * Package identifier (`dc:identifier`, EPUB 3.3 §5.5.3.1). Default: `meta.identifier`, else `urn:isbn:` from
   * `meta.isbn`, else `urn:uuid:` + a name-based UUID v5 (SHA-1, node:crypto) of title and author, so the same book
   * keeps the same identifier across exports.
   */
  identifier?: string;
  /**
   * The cover image (PNG, JPEG, GIF or WebP, checked by magic bytes): listed with the manifest property
   * `cover-image` (EPUB 3.3 §D.3.2), shown first in reading order on `cover.xhtml` and named by the `cover`
   * landmark. `BookDocument` carries no cover, so the caller (the server, from an uploaded file) passes it here.
   */
  cover?: { bytes: Uint8Array; alt?: string };
  /**
   * Collects what the writer could not keep or had to change (an image that is not in the book, TeX it could not
   * convert, an unresolved cross-reference, a dropped link, a footnote without text or without a reference).
   */
  diagnostics?: Diagnostics;
}

/** Default `modified`: 2000-01-01T00:00:00Z. */
export const DEFAULT_EPUB_MODIFIED = new Date(Date.UTC(2000, 0, 1, 0, 0, 0));

const PACKAGE_DIR = 'EPUB';
const CSS_FILE = 'style.css';
/** A MathML `<math>` element in rendered markup (temml writes `<math alttext=... xmlns=...>`). */
const MATHML = /<math[\s>]/;

/**
 * The cover's file name and media type, from its magic bytes.
 * @throws EngineError `WRITE_FAILED` when the bytes are not a PNG, JPEG, GIF or WebP image.
 */
function coverImage(bytes: Uint8Array): { href: string; mediaType: BookAssetMediaType } {
  const mediaType = sniffImageType(bytes);
  if (!mediaType) throw new EngineError('WRITE_FAILED', 'The cover image is not a PNG, JPEG, GIF or WebP file');
  return { href: `images/cover.${IMAGE_EXTENSIONS[mediaType]}`, mediaType };
}

/** File name of each unit (`chapter-007.xhtml`), numbered per kind in reading order. */
function unitFiles(units: readonly Unit[]): Map<Unit, string> {
  const counters = { front: 0, part: 0, chapter: 0, back: 0 };
  const files = new Map<Unit, string>();
  for (const u of units) {
    counters[u.kind] += 1;
    const n = u.kind === 'chapter' ? String(counters.chapter).padStart(3, '0') : String(counters[u.kind]);
    files.set(u, `${u.kind}-${n}.xhtml`);
  }
  return files;
}

/**
 * Write `doc` as an EPUB 3 file.
 *
 * @param doc the book; not modified.
 * @param layout the style sheet (`html/css.ts`, reflowable: page size, margins and furniture do not apply),
 *   chapter numbers, lead-ins, dialogue punctuation, and the academic opening (title page, heading block)
 *   of style-guide layouts.
 * @param opts see {@link EpubWriteOptions}.
 * @returns the bytes of the `.epub` (a ZIP container).
 * @throws EngineError `WRITE_FAILED` when `opts.modified` is not a valid date or `opts.cover` is not an image.
 */
export async function writeEpub(doc: BookDocument, layout: Layout, opts: EpubWriteOptions = {}): Promise<Uint8Array> {
  const modified = opts.modified ?? DEFAULT_EPUB_MODIFIED;
  if (Number.isNaN(modified.getTime())) throw new EngineError('WRITE_FAILED', 'The EPUB modification date is invalid');
  const lang = bookLanguage(doc);
  const title = bookTitle(doc);
  const units = bookUnits(doc);
  const files = unitFiles(units);
  const targets = new Map(units.map((u) => [u.id, files.get(u) as string] as const));
  const state = createState(doc, layout, 'xhtml', targets, opts.diagnostics);

  const out: ContainerFile[] = [];
  const items: ManifestItem[] = [];
  const add = (id: string, href: string, text: string, inSpine: boolean, properties?: string) => {
    out.push({ path: `${PACKAGE_DIR}/${href}`, text });
    items.push({ id, href, mediaType: href.endsWith('.css') ? 'text/css' : 'application/xhtml+xml', inSpine, properties });
  };

  const cover = opts.cover ? coverImage(opts.cover.bytes) : undefined;
  if (cover && opts.cover) {
    const alt = opts.cover.alt?.trim() || `Cover of ${title}`;
    const body = `<section class="cover" epub:type="cover">\n<img src="${cover.href}" alt="${escapeXml(alt)}"/>\n</section>\n`;
    add('cover', 'cover.xhtml', xhtmlDocument(lang, 'Cover', CSS_FILE, body), true);
  }
  add('title-page', 'title.xhtml', xhtmlDocument(lang, title, CSS_FILE, openingSections(doc, layout, ' epub:type="titlepage"'), 'frontmatter'), true);
  // The copyright page follows the title page (Chicago 1.19), as its own file; e-books have no printing line.
  if (!layout.academic) {
    const body = `<section class="copyright" epub:type="copyright-page" aria-label="Copyright">\n${copyrightPageContent(doc, false)}\n</section>\n`;
    add('copyright', 'copyright.xhtml', xhtmlDocument(lang, 'Copyright', CSS_FILE, body, 'frontmatter'), true);
  }
  const hrefOf = (u: Unit) => `${files.get(u) as string}#${xmlId(u.id)}`;
  const bodyStart = units.find((u) => unitRegion(u) === 'bodymatter');
  const nav = navBody(units, hrefOf, { href: 'title.xhtml', label: title }, {
    bodyStart: bodyStart && files.get(bodyStart),
    titlePage: 'title.xhtml',
    cover: cover ? 'cover.xhtml' : undefined,
  });
  add('nav', 'nav.xhtml', xhtmlDocument(lang, 'Contents', CSS_FILE, nav), true, 'nav');

  // Content documents are rendered first and added once all are written: a cross-reference may point forward
  // or into another document, and only then is it known which file holds each anchor (`resolveCrossRefs`).
  const documents: Array<{ id: string; file: string; title: string; body: string; region: Region }> = [];
  const firstBody = units.find((u) => u.kind === 'part' || u.kind === 'chapter');
  for (const unit of units) {
    const file = files.get(unit) as string;
    state.currentFile = file;
    const body = renderUnit(unit, state, unit === firstBody);
    documents.push({ id: file.replace(/\.xhtml$/, ''), file, title: unit.label, body, region: unitRegion(unit) });
  }
  state.currentFile = 'notes.xhtml';
  const orphans = renderUnreferencedNotes(doc, state);
  if (orphans) {
    const body = `<section class="back" id="quire-notes" epub:type="endnotes" role="doc-endnotes">\n<h1>Notes</h1>\n${orphans}</section>\n`;
    documents.push({ id: 'notes', file: 'notes.xhtml', title: 'Notes', body, region: 'backmatter' });
  }
  let hasMath = false;
  for (const d of documents) {
    const body = resolveCrossRefs(state, d.body, d.file);
    // EPUB 3.3 §5.6.4 (manifest `properties`): a content document holding MathML must say so (`mathml`).
    const math = MATHML.test(body);
    hasMath ||= math;
    add(d.id, d.file, xhtmlDocument(lang, d.title, CSS_FILE, body, d.region), true, math ? 'mathml' : undefined);
  }
  add('css', CSS_FILE, reflowCss(layout), false);
  // Images last, in the order first shown; only those a figure shows (EPUBCheck reports unused resources).
  [...state.usedAssets].forEach((path, i) => {
    const asset = doc.assets[path]!;
    out.push({ path: `${PACKAGE_DIR}/${asset.path}`, bytes: asset.bytes });
    items.push({ id: `image-${i + 1}`, href: asset.path, mediaType: asset.mediaType, inSpine: false });
  });

  if (cover && opts.cover) {
    out.push({ path: `${PACKAGE_DIR}/${cover.href}`, bytes: opts.cover.bytes });
    items.push({ id: 'cover-image', href: cover.href, mediaType: cover.mediaType, inSpine: false, properties: 'cover-image' });
  }

  const facts = { identifier: packageIdentifier(doc.meta, opts.identifier), title, language: lang, modified, hasImages: state.usedAssets.size > 0 || cover !== undefined, hasMath };
  const opf = packageDocument(doc.meta, facts, items);
  return zipContainer(
    [
      { path: 'META-INF/container.xml', text: containerXml(`${PACKAGE_DIR}/package.opf`) },
      { path: `${PACKAGE_DIR}/package.opf`, text: opf },
      ...out,
    ],
    modified,
  );
}
