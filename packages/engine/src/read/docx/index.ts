/**
 * DOCX reader: Word's document -> HTML (mammoth, at least 1.11.0: external file access off by
 * default since then) -> the HTML converter -> {@link BookDocument}.
 *
 * Checklist:
 * - [X] archive inspected and every entry inflated under the limits BEFORE mammoth sees it; mammoth
 *       then reads a re-packed, stored copy of those entries (no second opinion on the ZIP), with every
 *       XML part written back well formed by our own parser first ({@link mammothPackage}: mammoth's XML
 *       parser is quadratic in what lies around the root element)
 * - [X] headings (Heading 1-6, Title), emphasis, bold, lists, footnotes and endnotes, tables as rows
 * - [X] images: the picture's bytes (mammoth's `convertImage`) go to an {@link ImageCollector}
 *       (PNG, JPEG, GIF, WebP kept; EMF, WMF, SVG and the rest keep their alt text only), each a figure
 *       with its alt text
 * - [X] metadata from `docProps/core.xml` (title, creator, language, description, subjects)
 * - [X] hard-wrapped text (one Word paragraph per printed line, as in text pasted from a plain-text
 *       edition): lines joined into paragraphs
 * - [X] password-protected files (an OLE compound file, not a ZIP) refused with a message saying so
 * - [ ] comments, tracked changes (mammoth drops them), text boxes
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import mammoth from 'mammoth';
import type { Block, BookDocument, BookMeta, Inline } from '../../model/book-document.ts';
import { EngineError } from '../../errors.ts';
import { openZip, type SafeZip } from '../archive/zip.ts';
import { plain } from '../html/convert.ts';
import { Report } from '../html/dom.ts';
import { ImageCollector } from '../images.ts';
import { htmlDocumentsToBook, type DocumentReadResult } from '../html/index.ts';
import { sniffImageType } from '../../model/image-bytes.ts';
import { childElements, findFirst, parseHtml, parseXml, textContent, wellFormedXml } from '../xml.ts';

/** Word styles to HTML (mammoth style map syntax); Word's built-in heading styles map by default. */
const STYLE_MAP = [
  "p[style-name='Title'] => h1:fresh",
  'p.Title => h1:fresh',
  "p[style-name='Subtitle'] => h2:fresh",
  "p[style-name='Quote'] => blockquote > p:fresh",
  "p[style-name='Intense Quote'] => blockquote > p:fresh",
];

/** The magic bytes of an OLE compound file: legacy `.doc`, or an encrypted Office file. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Message for password-protected (encrypted) or legacy Word files. */
export const PROTECTED_DOCX_MESSAGE =
  'This Word file is password-protected (encrypted) or in the old .doc format, so its text cannot be read. Save it as an unprotected .docx and upload it again.';

function coreMeta(zip: SafeZip): Partial<BookMeta> {
  const meta: Partial<BookMeta> = {};
  if (!zip.find('docProps/core.xml')) return meta;
  const core = findFirst(parseXml(zip.text('docProps/core.xml')), 'coreproperties');
  if (!core) return meta;
  const value = (name: string): string | undefined => {
    const el = childElements(core, name)[0];
    const v = el ? textContent(el).replace(/\s+/g, ' ').trim() : '';
    return v || undefined;
  };
  // Word fills the title from the first line and the creator with the account that saved the file
  // ("Chuck"): a title "X, by Y" gives both, and a creator counts as the author only with two words or more.
  const title = value('title');
  const by = title ? /^(.+?),?\s+by\s+(.+)$/i.exec(title) : null;
  if (title) meta.title = by ? by[1]!.trim() : title;
  if (by) meta.author = by[2]!.trim();
  const creator = value('creator');
  if (creator && !meta.author && /\S\s+\S/.test(creator)) meta.author = creator;
  const language = value('language');
  if (language && /^[a-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/i.test(language)) meta.language = language;
  const description = value('description');
  if (description) meta.description = description;
  const keywords = value('keywords');
  if (keywords) meta.keywords = keywords.split(/[,;]/).map((k) => k.trim()).filter(Boolean);
  const subject = value('subject');
  if (subject) meta.subjects = [subject];
  return meta;
}

/**
 * Joins hard-wrapped paragraphs: when most paragraphs are about one line long (40-90 characters) a
 * paragraph continues while its last line is nearly full (at least 75% of the 90th-percentile line
 * length). A line ending in a hyphen joins without a space (the hyphen is kept: no word is changed).
 * @returns the blocks and how many lines were joined.
 */
export function unwrapHardWrappedParagraphs(blocks: readonly Block[]): { blocks: Block[]; joined: number } {
  const paras = blocks.filter((b): b is Extract<Block, { type: 'paragraph' }> => b.type === 'paragraph');
  const lengths = paras.map((p) => plain(p.children).length).sort((a, b) => a - b);
  if (lengths.length < 8) return { blocks: [...blocks], joined: 0 };
  const lineLike = lengths.filter((n) => n >= 40 && n <= 90).length / lengths.length;
  const p90 = lengths[Math.floor(lengths.length * 0.9)]!;
  if (lineLike < 0.5 || p90 > 100) return { blocks: [...blocks], joined: 0 };
  const full = p90 * 0.75;
  const out: Block[] = [];
  let joined = 0;
  let lastLine = 0;
  for (const b of blocks) {
    const prev = out[out.length - 1];
    if (b.type === 'paragraph' && prev?.type === 'paragraph' && lastLine >= full) {
      const prevText = plain(prev.children);
      const glue: Inline[] = /\p{L}-$/u.test(prevText) ? [] : [{ type: 'text', value: ' ' }];
      const children = mergeTexts([...prev.children, ...glue, ...b.children]);
      out[out.length - 1] = { type: 'paragraph', children };
      lastLine = plain(b.children).length;
      joined++;
      continue;
    }
    out.push(b);
    lastLine = b.type === 'paragraph' ? plain(b.children).length : 0;
  }
  return { blocks: out, joined };
}

function mergeTexts(inlines: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const n of inlines) {
    const last = out[out.length - 1];
    if (n.type === 'text' && last?.type === 'text') out[out.length - 1] = { type: 'text', value: last.value + n.value };
    else out.push(n);
  }
  return out;
}

function unwrapDocument(doc: BookDocument): number {
  let total = 0;
  const fix = (blocks: Block[]): Block[] => {
    const r = unwrapHardWrappedParagraphs(blocks);
    total += r.joined;
    return r.blocks;
  };
  for (const s of [...doc.front, ...doc.back]) s.blocks = fix(s.blocks);
  for (const d of doc.body) {
    d.blocks = fix(d.blocks);
    if (d.type === 'part') for (const c of d.chapters) c.blocks = fix(c.blocks);
  }
  return total;
}

/**
 * The archive mammoth reads: every entry of `zip` (inflated under the limits), stored, and none as uploaded.
 * - Binary entries (an image's magic bytes, or a NUL byte: pictures, fonts, EMF) become a short placeholder,
 *   kept in `binaries`; `convertImage` swaps a picture's real bytes back in.
 * - Text without a `<` (mammoth's embedded style map, `mammoth/style-map`) stays as it is: as XML it is one
 *   text node at most.
 * - Every other entry is parsed by our parser (`../xml.ts`, linear, forgiving, at most 256 deep) and written
 *   back as well-formed XML with one root element and nothing around it. mammoth's XML parser (xmldom 0.8)
 *   scans the document's children for every node it adds at the top level, so nodes around the root cost
 *   quadratic time: a `document.xml` followed by `<p/>` x 20,000 (80 KB that deflate to a few hundred bytes)
 *   kept the event loop busy for 50 s, and well-formed comments after the root do the same. Which entries
 *   mammoth parses depends on the package's relationships, so every entry that is not binary is rewritten.
 */
function mammothPackage(zip: SafeZip): { repacked: Uint8Array; binaries: Map<string, Uint8Array> } {
  const files: Zippable = {};
  const binaries = new Map<string, Uint8Array>();
  for (const e of zip.entries) {
    if (e.directory) continue;
    const bytes = zip.read(e.name);
    if (sniffImageType(bytes) || bytes.includes(0)) {
      const key = `quire-binary-entry-${binaries.size + 1}`;
      binaries.set(key, bytes);
      files[e.name] = [strToU8(key), { level: 0 }];
    } else if (!bytes.includes(0x3c)) {
      // No `<`: plain text (mammoth's embedded style map), one text node at most as XML.
      files[e.name] = [bytes, { level: 0 }];
    } else {
      files[e.name] = [strToU8(wellFormedXml(new TextDecoder('utf-8').decode(bytes))), { level: 0 }];
    }
  }
  return { repacked: zipSync(files), binaries };
}

/**
 * Reads a DOCX file.
 * @throws EngineError('ARCHIVE_TOO_LARGE') for a zip bomb or an archive past the limits.
 * @throws EngineError('UNREADABLE_INPUT') for a broken or password-protected file, or a ZIP that is not
 *   a Word document.
 * @throws EngineError('EMPTY_INPUT') when the document has no text.
 */
export async function readDocx(bytes: Uint8Array): Promise<DocumentReadResult> {
  if (OLE_MAGIC.every((b, i) => bytes[i] === b)) throw new EngineError('UNREADABLE_INPUT', PROTECTED_DOCX_MESSAGE);
  const zip = openZip(bytes);
  if (!zip.find('word/document.xml')) {
    throw new EngineError('UNREADABLE_INPUT', 'This file is not a Word document (it has no word/document.xml). Upload a .docx saved by Word, LibreOffice or Google Docs.');
  }
  const { repacked, binaries } = mammothPackage(zip);
  let html: string;
  const collector = new ImageCollector();
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(repacked.buffer, repacked.byteOffset, repacked.byteLength) },
      {
        styleMap: STYLE_MAP,
        externalFileAccess: false,
        // The picture's bytes go to the collector; the element keeps the asset path (or nothing) and
        // mammoth's alt text.
        convertImage: mammoth.images.imgElement(async (image) => {
          const read = await image.read();
          const placeholder = read.length < 64 ? binaries.get(read.toString('latin1')) : undefined;
          const bytes = placeholder ?? new Uint8Array(read.buffer, read.byteOffset, read.byteLength);
          return { src: collector.add(bytes) ?? '' };
        }),
      },
    );
    html = result.value;
  } catch (err) {
    throw new EngineError('UNREADABLE_INPUT', 'This Word file is damaged: its document could not be read.', { cause: err });
  }
  const report = new Report();
  const result = htmlDocumentsToBook([{ root: parseHtml(html), href: '' }], {
    meta: coreMeta(zip),
    report,
    images: { source: (src) => (collector.holds(src) ? src : undefined), collector, textImages: true },
  });
  const joined = unwrapDocument(result.doc);
  report.add('hardWraps', 'Hard-wrapped lines joined into paragraphs', joined);
  return { ...result, report: report.toArray() };
}
