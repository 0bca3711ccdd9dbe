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
 * - [X] before mammoth (`preprocess.ts`): OMML equations to TeX behind markers, Caption-style paragraphs (any
 *       localised name) numberless with their `_Ref` id, REF fields to them as links, the source's contents
 *       list dropped, text boxes' paragraphs after their anchor, headings by outline level (`styles.ts`), charts,
 *       SmartArt and embedded objects reported
 * - [X] after mammoth (`finish-html.ts`): math spans, table `<caption>`s, `<figure>`/`<figcaption>` (a caption
 *       printed once), equation ids from their captions (Word's one-row equation tables undone), crossref links
 * - [ ] comments, tracked changes (mammoth drops them)
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
import { imageDimensions, imagePixelProblem, sniffImageType } from '../../model/image-bytes.ts';
import type { ImageProblem } from '../html/image-source.ts';
import { childElements, findFirst, parseHtml, parseXml, textContent, wellFormedXml, type XmlElement } from '../xml.ts';
import { Diagnostics } from '../../model/diagnostics.ts';
import { finishHtml, type FinishStats } from './finish-html.ts';
import { DocxPrep, preprocessPart } from './preprocess.ts';
import { readStyles, styleMapFor } from './styles.ts';
import { writeXml } from './xml-write.ts';

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
function mammothPackage(zip: SafeZip, rewritten: ReadonlyMap<string, string> = new Map()): { repacked: Uint8Array; binaries: Map<string, Uint8Array> } {
  const files: Zippable = {};
  const binaries = new Map<string, Uint8Array>();
  for (const e of zip.entries) {
    if (e.directory) continue;
    const replaced = rewritten.get(e.name);
    if (replaced !== undefined) {
      files[e.name] = [strToU8(wellFormedXml(replaced)), { level: 0 }];
      continue;
    }
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
 * The HTML of a Word document as the shared converter reads it: mammoth's HTML of the preprocessed parts
 * (`preprocess.ts`), finished (`finish-html.ts`: math spans, captions in their tables and figures,
 * cross-reference links). Exposed for tests of this layer on its own.
 * @throws EngineError('UNREADABLE_INPUT') for a broken or password-protected file, or a ZIP that is not
 *   a Word document; EngineError('ARCHIVE_TOO_LARGE') past the archive limits.
 */
export async function readDocxHtml(bytes: Uint8Array): Promise<DocxHtml> {
  if (OLE_MAGIC.every((b, i) => bytes[i] === b)) throw new EngineError('UNREADABLE_INPUT', PROTECTED_DOCX_MESSAGE);
  const zip = openZip(bytes);
  if (!zip.find('word/document.xml')) {
    throw new EngineError('UNREADABLE_INPUT', 'This file is not a Word document (it has no word/document.xml). Upload a .docx saved by Word, LibreOffice or Google Docs.');
  }
  const diagnostics = new Diagnostics();
  const prep = new DocxPrep(readStyles(zip.find(STYLES_PART) ? zip.text(STYLES_PART) : undefined), diagnostics);
  const rewritten = new Map<string, string>();
  for (const part of REWRITTEN_PARTS) {
    if (!zip.find(part)) continue;
    const tree = parseXml(zip.text(part));
    preprocessPart(tree, prep);
    rewritten.set(part, writeXml(tree));
  }
  const { repacked, binaries } = mammothPackage(zip, rewritten);
  let html: string;
  const collector = new ImageCollector();
  // Pictures refused for their size, by the placeholder `src` they are given: the converter reports each where it stands.
  const refused = new Map<string, ImageProblem>();
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(repacked.buffer, repacked.byteOffset, repacked.byteLength) },
      {
        styleMap: [...STYLE_MAP, ...styleMapFor(prep.sheet)],
        externalFileAccess: false,
        // The picture's bytes go to the collector; the element keeps the asset path (or nothing) and
        // mammoth's alt text.
        convertImage: mammoth.images.imgElement(async (image) => {
          const read = await image.read();
          const placeholder = read.length < 64 ? binaries.get(read.toString('latin1')) : undefined;
          const bytes = placeholder ?? new Uint8Array(read.buffer, read.byteOffset, read.byteLength);
          const src = collector.add(bytes);
          if (src) return { src };
          const dims = imageDimensions(bytes);
          const alt = (image as { altText?: unknown }).altText;
          const tooLarge = dims ? imagePixelProblem(dims, typeof alt === 'string' && alt.trim() ? alt.trim() : undefined, collector.maxPixels) : undefined;
          if (!tooLarge) return { src: '' };
          const key = `quire-refused-picture-${refused.size + 1}`;
          refused.set(key, { code: 'image-refused', message: `${tooLarge} It was left out: scale it down and import the file again.` });
          return { src: key };
        }),
      },
    );
    html = result.value;
  } catch (err) {
    throw new EngineError('UNREADABLE_INPUT', 'This Word file is damaged: its document could not be read.', { cause: err });
  }
  const root = parseHtml(html);
  const stats = finishHtml(root, prep);
  return { root, stats, prep, diagnostics, collector, refused, meta: coreMeta(zip) };
}

/** What {@link readDocxHtml} gives: the finished HTML tree and what was found on the way. */
export interface DocxHtml {
  root: XmlElement;
  stats: FinishStats;
  prep: DocxPrep;
  diagnostics: Diagnostics;
  collector: ImageCollector;
  /** Pictures refused over the pixel limit (issue 32), by the placeholder `src` their elements carry. */
  refused: ReadonlyMap<string, ImageProblem>;
  meta: Partial<BookMeta>;
}

/**
 * Reads a DOCX file: {@link readDocxHtml}, then the shared HTML converter.
 * @throws EngineError('ARCHIVE_TOO_LARGE') for a zip bomb or an archive past the limits.
 * @throws EngineError('UNREADABLE_INPUT') for a broken or password-protected file, or a ZIP that is not
 *   a Word document.
 * @throws EngineError('EMPTY_INPUT') when the document has no text.
 */
export async function readDocx(bytes: Uint8Array): Promise<DocumentReadResult> {
  return docxHtmlToBook(await readDocxHtml(bytes));
}

/**
 * The book of a Word document's finished HTML ({@link readDocxHtml}): the shared converter, then hard-wrapped
 * lines joined. Consumes `html` (the tree is converted in place).
 * @throws EngineError('EMPTY_INPUT') when the document has no text.
 */
export function docxHtmlToBook(html: DocxHtml): DocumentReadResult {
  const { root, stats, prep, diagnostics, collector, refused, meta } = html;
  const report = new Report();
  reportPrep(report, prep, stats);
  const result = htmlDocumentsToBook([{ root, href: '' }], {
    meta,
    report,
    images: { source: (src) => (collector.holds(src) ? src : refused.get(src)), collector, textImages: true },
  });
  const joined = unwrapDocument(result.doc);
  report.add('hardWraps', 'Hard-wrapped lines joined into paragraphs', joined);
  diagnostics.addAll(result.diagnostics ?? []);
  return { ...result, report: report.toArray(), diagnostics: diagnostics.toArray() };
}

/** The parts {@link preprocessPart} rewrites (the main document and its notes; ECMA-376 Part 1 §11.3). */
const REWRITTEN_PARTS = ['word/document.xml', 'word/footnotes.xml', 'word/endnotes.xml'];
const STYLES_PART = 'word/styles.xml';

function reportPrep(report: Report, prep: DocxPrep, stats: FinishStats): void {
  report.add('docxContents', "Paragraphs of the document's own table of contents removed (Quire builds its own)", prep.contentsDropped);
  report.add('docxTextBoxes', 'Text boxes whose text was kept after the paragraph that holds them', prep.textBoxes);
  report.add('docxMath', 'Word equations kept as math', stats.inlineMath + stats.displayMath);
  report.add('docxCaptions', 'Captions set on their table or figure', stats.tableCaptions + stats.figureCaptions);
  report.add('docxCrossRefs', 'Cross-references to figures, tables and equations', stats.crossRefs);
}
