/**
 * The readers' registry: bytes of an upload -> plain text to clean (`.txt`), or a document already in
 * Quire's Markdown (Markdown, HTML/XHTML, DOCX, EPUB, PDF). Formats are looked up in one plain record
 * (`READERS`); adding a format means one folder and one line there.
 *
 * Plain text: bytes -> text with `\n` line endings + what the Project Gutenberg header says.
 */
import type { BookAsset, BookDocument, BookMeta } from '../model/book-document.ts';
import type { Diagnostic } from '../model/diagnostics.ts';
import { chainResolvers, type ResourceResolver } from './resources.ts';
import { EngineError } from '../errors.ts';
import { scaleBookImagesDown } from '../model/image-scale.ts';
import { serializeMarkdown } from '../markdown/serialize.ts';
import { inspectZip, looksLikeZip } from './archive/zip.ts';
import { decodeText, normalizeLineEndings, type TextEncodingName } from './decode-text.ts';
import { readDocx } from './docx/index.ts';
import { readEpub } from './epub/index.ts';
import { readGutenbergMeta } from './gutenberg-header.ts';
import type { ReportLine } from './html/dom.ts';
import type { DocumentReadResult } from './html/index.ts';
import { readHtml } from './html/index.ts';
import { readMarkdown } from './markdown.ts';
import { readPdf } from './pdf/index.ts';
import { assembleProject, unzipProject } from './project.ts';

/**
 * What {@link readText} returns.
 * - `text`: the decoded text, BOM removed, line endings normalised to `\n`; header and licence are still
 *   there (cleanup strips them and reports it).
 * - `encoding`: the encoding the bytes were decoded with.
 * - `meta`: title, author and BCP 47 language from a Project Gutenberg header, when present.
 */
export interface ReadResult {
  text: string;
  encoding: TextEncodingName;
  meta: Partial<BookMeta>;
}

/**
 * Decodes an uploaded text file.
 * Encoding: BOM (UTF-8, UTF-16LE/BE), else strict UTF-8, else Windows-1252 (which also reads Latin-1,
 * the encoding of old Gutenberg `-8.txt` files).
 * @param bytes the file's bytes, any size.
 * @param opts.fileName the uploaded name; used only to word messages.
 * @throws EngineError('UNREADABLE_INPUT') for binary data (NUL bytes, many control bytes: a PNG, a zip,
 *   random bytes renamed to .txt).
 * @throws EngineError('EMPTY_INPUT') when the file holds no visible text.
 */
export function readText(bytes: Uint8Array, opts: { fileName?: string } = {}): ReadResult {
  const { text: decoded, encoding } = decodeText(bytes);
  const text = normalizeLineEndings(decoded);
  if (!/[^\s\u200b\ufeff]/u.test(text)) {
    const name = opts.fileName ? `"${opts.fileName}"` : 'This file';
    throw new EngineError('EMPTY_INPUT', `${name} is empty. Upload a file that contains the text of your book.`);
  }
  return { text, encoding, meta: readGutenbergMeta(text) };
}

/** Every input format a reader exists for. */
export type InputFormat = 'txt' | 'markdown' | 'html' | 'docx' | 'epub' | 'pdf';

/** User-facing message for files no reader handles (the server answers 415 with it). */
export const UNSUPPORTED_FORMAT_MESSAGE =
  'This file type is not supported. Upload a plain-text (.txt), Markdown (.md), HTML (.html, .xhtml), Word (.docx), EPUB (.epub) or PDF (.pdf) file, or a .zip of a Markdown or HTML book with its images.';

const EXTENSIONS: Readonly<Record<string, InputFormat>> = {
  txt: 'txt', text: 'txt',
  md: 'markdown', markdown: 'markdown', mdown: 'markdown', mkd: 'markdown', mkdn: 'markdown',
  html: 'html', htm: 'html', xhtml: 'html', xht: 'html',
  docx: 'docx', doc: 'docx',
  epub: 'epub',
  pdf: 'pdf',
};

const CONTENT_TYPES: Readonly<Record<string, InputFormat>> = {
  'text/plain': 'txt',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/msword': 'docx',
  'application/epub+zip': 'epub',
  'application/pdf': 'pdf',
};

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function fromHints(hints: { fileName?: string; contentType?: string }): InputFormat | undefined {
  const ext = /\.([A-Za-z0-9]+)$/.exec(hints.fileName ?? '')?.[1]?.toLowerCase();
  if (ext && EXTENSIONS[ext]) return EXTENSIONS[ext];
  const type = (hints.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return CONTENT_TYPES[type];
}

/** What a ZIP holds, from its directory and the stored `mimetype` entry; inflates nothing. */
function zipKind(bytes: Uint8Array): 'docx' | 'epub' | undefined {
  try {
    const entries = inspectZip(bytes);
    if (entries.some((e) => e.name === 'word/document.xml')) return 'docx';
    if (entries.some((e) => e.name === 'META-INF/container.xml')) return 'epub';
    const mimetype = entries.find((e) => e.name === 'mimetype' && e.method === 0);
    if (mimetype) {
      const at = mimetype.localHeaderOffset;
      const start = at + 30 + (bytes[at + 26]! | (bytes[at + 27]! << 8)) + (bytes[at + 28]! | (bytes[at + 29]! << 8));
      const text = new TextDecoder().decode(bytes.subarray(start, start + Math.min(64, mimetype.size)));
      if (text.trim() === 'application/epub+zip') return 'epub';
    }
  } catch {
    // A broken or hostile directory: the hints decide, and the reader reports the problem.
  }
  return undefined;
}

/** True when the start of a text file is HTML or XHTML markup. */
function looksLikeHtml(head: string): boolean {
  const start = head.replace(/^\uFEFF/, '').trimStart().slice(0, 2048).toLowerCase();
  if (/^<!doctype\s+html/.test(start) || /^<html[\s>]/.test(start)) return true;
  if (/^<\?xml/.test(start) || /^<!--/.test(start)) return /<html[\s>]|xhtml/.test(start) && /<html[\s>]/.test(head.slice(0, 8192).toLowerCase());
  return false;
}

/**
 * The format of an upload. Sniffs magic bytes first (a ZIP is looked into: `word/document.xml` ->
 * docx, `META-INF/container.xml` or a stored `mimetype` of `application/epub+zip` -> epub; `%PDF` ->
 * pdf; text starting with `<!DOCTYPE html`, `<html` or an XML declaration before `<html` -> html), then
 * the file name's extension, then the content type; other text is `txt`.
 * @returns the format, or null for binary data no reader handles (images, archives, executables).
 *   Never throws.
 */
export function detectFormat(bytes: Uint8Array, hints: { fileName?: string; contentType?: string } = {}): InputFormat | null {
  const hinted = fromHints(hints);
  if (looksLikeZip(bytes)) {
    const kind = zipKind(bytes);
    if (kind) return kind;
    return hinted === 'docx' || hinted === 'epub' ? hinted : null;
  }
  const head = bytes.subarray(0, 1024);
  if (new TextDecoder('latin1').decode(head).includes('%PDF-')) return 'pdf';
  if (OLE_MAGIC.every((b, i) => bytes[i] === b)) return hinted === 'docx' ? 'docx' : null;
  let text: string;
  try {
    text = decodeText(bytes.subarray(0, 64 * 1024)).text;
  } catch {
    return null;
  }
  if (looksLikeHtml(text)) return 'html';
  if (hinted === 'markdown' || hinted === 'html') return hinted;
  return 'txt';
}

/**
 * What {@link readBook} returns.
 * - `raw` (plain text): the decoded text, to be cleaned with `cleanText`; `meta` from a Gutenberg header.
 * - `document` (every other format): `markdown` is the book in Quire's Markdown (`serializeMarkdown` of
 *   the document the reader built); `meta` what the file says (OPF, core properties, `<title>`, PG
 *   header); `report` what the reader removed or changed, one line per kind with a label and a count;
 *   `assets` the image files the Markdown's figures reference (`![caption](images/img-1.png)`: PNG, JPEG,
 *   GIF or WebP, checked by magic bytes; at most 500, 64 MiB and 400 megapixels per book; `[]` when none), to be stored
 *   with the book and handed to `parseMarkdown` (`opts.assets`).
 */
export type ReadOutput =
  | { kind: 'raw'; format: 'txt'; text: string; encoding: string; meta: Partial<BookMeta>; diagnostics: Diagnostic[] }
  | {
      kind: 'document';
      format: Exclude<InputFormat, 'txt'>;
      markdown: string;
      meta: Partial<BookMeta>;
      report: ReportLine[];
      assets: BookAsset[];
      /** What the reader could not keep or had to change (`model/diagnostics.ts`); `[]` when nothing. */
      diagnostics: Diagnostic[];
      /**
       * The document the Markdown reader built (other formats: absent): `parseMarkdown(markdown, doc.meta, { assets })`
       * gives it back exactly, so a caller with no other metadata can skip that parse (the command line does).
       */
      doc?: BookDocument;
    };

type DocumentFormat = Exclude<InputFormat, 'txt'>;
/** What a reader is given besides the bytes: the files beside the main one (images, a bibliography), when any. */
export interface ReaderContext {
  resources?: ResourceResolver;
}

type ReaderResult = { markdown: string; meta: Partial<BookMeta>; report: ReportLine[]; assets?: BookAsset[]; doc?: BookDocument; diagnostics?: Diagnostic[] };
type DocumentReader = (bytes: Uint8Array, ctx: ReaderContext) => Promise<ReaderResult>;

/**
 * A reader's result in Quire's Markdown; with `keepDoc`, the reader's document too (the Markdown reader's: its
 * document is the parse of its own Markdown, `test/readers/reader-document.test.ts`; the EPUB reader's is not).
 */
function documentOutput(result: DocumentReadResult, keepDoc = false): ReaderResult {
  const out = { markdown: serializeMarkdown(result.doc), meta: result.meta, report: result.report, assets: Object.values(result.doc.assets), diagnostics: result.diagnostics ?? [] };
  return keepDoc ? { ...out, doc: result.doc } : out;
}

function decodeMarkup(bytes: Uint8Array): string {
  return normalizeLineEndings(decodeText(bytes).text);
}

/** The structured readers, by format (plain data: one line per format). */
const READERS: Readonly<Record<DocumentFormat, DocumentReader>> = {
  markdown: async (bytes, ctx) => documentOutput(await readMarkdown(decodeMarkup(bytes), { resources: ctx.resources }), true),
  html: async (bytes, ctx) => documentOutput(readHtml(decodeMarkup(bytes), ctx.resources ? { resources: ctx.resources } : {})),
  docx: async (bytes) => documentOutput(await readDocx(bytes)),
  epub: async (bytes) => documentOutput(readEpub(bytes)),
  pdf: async (bytes) => readPdf(bytes),
};

/**
 * Reads any supported upload (see {@link detectFormat} and {@link ReadOutput}).
 * @param bytes the file.
 * @param opts.fileName, opts.contentType hints for the format (magic bytes win) and for messages.
 * @param opts.resources the files beside this one (a Markdown thesis's images and bibliography, an HTML edition's
 *   `images/` folder), as the CLI finds them on disk or the server in the rest of an upload.
 * @throws EngineError('UNSUPPORTED_FORMAT') for a type no reader handles (message names the supported
 *   types; the server answers 415).
 * @throws EngineError('UNREADABLE_INPUT') for a broken file, an encrypted PDF, a DRM-protected EPUB, a
 *   password-protected Word file or a scanned PDF with no text layer, each with a message saying so (422).
 * @throws EngineError('ARCHIVE_TOO_LARGE') for a DOCX or EPUB past the archive limits: a zip bomb (413).
 * @throws EngineError('EMPTY_INPUT') when the file holds no text.
 * Anything else a reader throws (a library's own error on a malformed file) becomes UNREADABLE_INPUT.
 */
export async function readBook(
  bytes: Uint8Array,
  opts: { fileName?: string; contentType?: string; resources?: ResourceResolver } = {},
): Promise<ReadOutput> {
  if (bytes.length === 0) {
    const name = opts.fileName ? `"${opts.fileName}"` : 'This file';
    throw new EngineError('EMPTY_INPUT', `${name} is empty. Upload a file that contains the text of your book.`);
  }
  const format = detectFormat(bytes, opts);
  if (!format && looksLikeZip(bytes)) {
    // A zip of a Markdown project or of an HTML edition with its images (`project.ts`).
    const files = unzipProject(bytes);
    return readProject(files);
  }
  if (!format) throw new EngineError('UNSUPPORTED_FORMAT', UNSUPPORTED_FORMAT_MESSAGE);
  try {
    if (format === 'txt') {
      const r = readText(bytes, opts);
      return { kind: 'raw', format, text: r.text, encoding: r.encoding, meta: r.meta, diagnostics: [] };
    }
    const r = await READERS[format](bytes, { ...(opts.resources ? { resources: opts.resources } : {}) });
    // Pictures larger than 300 dpi at the largest page are made smaller before anything typesets them (issue 32).
    const assets = await scaleBookImagesDown(r.assets ?? []);
    const byPath = new Map(assets.map((a) => [a.path, a]));
    const doc = r.doc && { ...r.doc, assets: Object.fromEntries(Object.entries(r.doc.assets).map(([p, a]) => [p, byPath.get(p) ?? a])) };
    return {
      kind: 'document',
      format,
      markdown: r.markdown,
      meta: r.meta,
      report: r.report,
      assets,
      diagnostics: r.diagnostics ?? [],
      ...(doc ? { doc } : {}),
    };
  } catch (err) {
    if (err instanceof EngineError) throw err;
    throw new EngineError('UNREADABLE_INPUT', 'This file could not be read: it looks damaged or is not what its name says.', { cause: err });
  }
}

/**
 * Reads a book given as several files (a Markdown project, an HTML edition and its images: `project.ts`
 * `assembleProject`), the other files serving as the main one's resources.
 * @param files the files by path (forward slashes), as unpacked from a zip or uploaded together.
 * @param opts.beside where to look for a file the project refers to but does not hold, given the main file's folder
 *   within `files` (the command line: the same folder on disk).
 * @throws EngineError('UNSUPPORTED_FORMAT') when no file is Markdown or HTML (one file of another kind alone is
 *   read by {@link readBook}); the errors of {@link readBook} otherwise.
 */
export async function readProject(
  files: ReadonlyMap<string, Uint8Array>,
  opts: { beside?: (mainFolder: string) => ResourceResolver } = {},
): Promise<ReadOutput> {
  const project = assembleProject(files);
  if (!project) throw new EngineError('UNSUPPORTED_FORMAT', `This archive holds no Markdown or HTML file: a .zip must hold a Markdown or HTML book with its images.`);
  return readBook(new TextEncoder().encode(project.text), {
    fileName: project.format === 'markdown' ? `${project.fileName.replace(/\.[^.]*$/, '')}.md` : project.fileName,
    resources: opts.beside ? chainResolvers(project.resources, opts.beside(project.mainFolder)) : project.resources,
  });
}

export { decodeText, normalizeLineEndings, type TextEncodingName } from './decode-text.ts';
export { readGutenbergMeta } from './gutenberg-header.ts';
export { languageTag } from './languages.ts';
