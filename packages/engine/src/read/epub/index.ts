/**
 * EPUB 2 and 3 reader (two stages: archive + package document -> {@link EpubPackage}, then every
 * spine document through the HTML converter into one {@link BookDocument}).
 *
 * Checklist:
 * - [X] archive inspected before anything is inflated (`../archive/zip.ts`); DRM refused
 * - [X] spine order; a document without a heading is a chapter named by its nav/NCX label
 * - [X] metadata from the OPF wins over what the XHTML says
 * - [X] skipped and counted: cover, title page, contents, imprint/colophon/copyright pages (by
 *       `epub:type` on the body or a section, EPUB 3 landmarks vocabulary), image-only pages
 * - [X] Project Gutenberg EPUBs: header and licence removed as in their HTML editions
 * - [X] images referenced by `<img>` / SVG `<image>` in spine documents (in figures and table cells too),
 *       resolved against the manifest and read from the archive (`../images.ts` decides what is kept);
 *       `data:` URIs too; each one not kept is a diagnostic saying why
 * - [X] tables, MathML, code listings: as in HTML (`../html/convert.ts`)
 */
import { EngineError } from '../../errors.ts';
import { decodeText } from '../decode-text.ts';
import { openZip, type SafeZip } from '../archive/zip.ts';
import { ImageCollector, decodeDataUri } from '../images.ts';
import { Report } from '../html/dom.ts';
import { epubTypes } from '../html/dom.ts';
import type { ImageSource, SourceDocument } from '../html/convert.ts';
import { remoteImage, takeImage } from '../html/image-source.ts';
import { htmlDocumentsToBook, type DocumentReadResult } from '../html/index.ts';
import { findFirst, parseHtml, textContent, type XmlElement } from '../xml.ts';
import { checkDrm, readPackage, resolvePath, type EpubPackage } from './package-document.ts';

/** Landmark types of pages that are not the book's text (EPUB 3 Structural Semantics Vocabulary). */
const SKIPPED_TYPES = new Set(['cover', 'titlepage', 'halftitlepage', 'toc', 'imprint', 'colophon', 'copyright-page', 'loi', 'lot', 'landmarks']);
/** Nav labels of such pages when the XHTML carries no `epub:type`. */
const SKIPPED_TITLES = /^(?:cover|title\s*page|half\s*title|(?:table\s+of\s+)?contents|copyright|imprint|colophon|uncopyright|about\s+this\s+(?:e-?)?book)$/i;

/** True when a spine document is a cover, title page, contents, imprint or colophon. */
function isFurniture(root: XmlElement, title: string | undefined): boolean {
  const body = findFirst(root, 'body');
  if (!body) return true;
  const types = [...epubTypes(body), ...body.children.flatMap((c) => (c.type === 'element' ? epubTypes(c) : []))];
  if (types.some((t) => SKIPPED_TYPES.has(t))) return true;
  if (title && SKIPPED_TITLES.test(title.trim())) return true;
  return !/\S/.test(textContent(body));
}

/**
 * Where the images of spine documents come from: a relative `src` resolved against the document's path
 * must be a manifest item (EPUB 3.3 §3.3: every publication resource is listed) present in the archive;
 * remote resources are not fetched. What is not kept says why (missing, remote, SVG, not an image).
 */
function epubImages(zip: SafeZip, pkg: EpubPackage, collector: ImageCollector): ImageSource {
  return (src, base) => {
    if (/^data:/i.test(src)) {
      const bytes = decodeDataUri(src);
      if (!bytes) {
        collector.refuse(src);
        return { code: 'image-refused', message: 'A picture embedded in the book could not be read, so only its caption is kept.' };
      }
      return takeImage(collector, bytes, src, src);
    }
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(src)) return remoteImage(src);
    if (src.startsWith('/')) return undefined;
    const path = resolvePath(base, src.replace(/[?#].*$/s, ''));
    if (!pkg.resources.has(path) || !zip.find(path)) {
      collector.refuse(path);
      return { code: 'image-missing', message: `The picture "${path}" is not in the EPUB file, so only its caption is kept.` };
    }
    let bytes: Uint8Array;
    try {
      bytes = zip.read(path);
    } catch (err) {
      // An entry past the archive limits is a zip bomb: the whole book is refused, as for any entry.
      if (err instanceof EngineError && err.code === 'ARCHIVE_TOO_LARGE') throw err;
      collector.refuse(path);
      return { code: 'image-refused', message: `The picture "${path}" could not be read from the EPUB file, so only its caption is kept.` };
    }
    return takeImage(collector, bytes, path, path);
  };
}

/**
 * Reads an EPUB.
 * @throws EngineError('ARCHIVE_TOO_LARGE') for a zip bomb or an archive past the limits.
 * @throws EngineError('UNREADABLE_INPUT') for a broken archive or package, or a DRM-protected book.
 * @throws EngineError('EMPTY_INPUT') when no text is found.
 */
export function readEpub(bytes: Uint8Array): DocumentReadResult {
  const zip = openZip(bytes);
  checkDrm(zip);
  const pkg = readPackage(zip);
  const report = new Report();
  const docs: SourceDocument[] = [];
  let skipped = 0;
  for (const item of pkg.spine) {
    if (!zip.find(item.path)) continue;
    const { text } = decodeText(zip.read(item.path));
    const root = parseHtml(text);
    const title = pkg.titles.get(item.path);
    if (isFurniture(root, title)) {
      skipped++;
      continue;
    }
    docs.push({ root, href: item.path, ...(title ? { title } : {}) });
  }
  report.add('epubPages', 'Cover, title, contents and colophon pages skipped', skipped);
  const collector = new ImageCollector();
  return htmlDocumentsToBook(docs, { meta: pkg.meta, report, images: { source: epubImages(zip, pkg, collector), collector } });
}
