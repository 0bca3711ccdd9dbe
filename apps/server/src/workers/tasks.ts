/**
 * Tasks run in the worker-thread pool (DESIGN.md section 3, "Heavy work never runs on the event loop"):
 * reading an upload (any supported format), cleanup, combining a collection, word counts and building export files. Each task is a plain function of
 * structured-cloneable data, so it is also callable (and testable) without the pool.
 *
 * Engine errors do not survive the thread boundary as classes, so tasks that can fail on user input answer
 * `{ ok: false, error: { code, message } }` instead of throwing; the jobs plugin turns that back into an error.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { SUPPORTED_UPLOAD_EXTENSIONS, type CleanReport, type StructureSummary } from '@quire/contracts';
import {
  EngineError,
  allChapters,
  cleanText,
  countWords,
  cutAtWordLimit,
  type WordLimitCut,
  detectFormat,
  extractStyleGuideRequirements,
  readWordDocText,
  getLayout,
  openingExcerpt,
  openingMarkdown,
  parseMarkdown,
  readBook as readInput,
  settingsToLayout,
  summarizeStructure,
  writeDocx,
  writeEpub,
  writeHtml,
  writeTypst,
  type BookAsset,
  type BookMeta,
  type FormattingSettings,
  type ExtractedStyleGuide,
  type Layout,
  Diagnostics,
  type Diagnostic,
} from '@quire/engine';
import { applyDeclaredCharset, charsetOf } from '../net/declared-charset.ts';
import { MAX_FILE_ASSET_BYTES, assetBytes } from '../services/asset-paths.ts';
import { combineCollection, combineReports, type CollectionText } from '../services/combine-collection.ts';

/** The text extracted from a file is over the limit (accounts spec section 9); the runner answers 413. */
class TextTooLargeError extends Error {
  constructor() {
    super('The extracted text is over the text limit');
    this.name = 'TextTooLargeError';
  }
}

/** A task outcome: a value, or an engine error as plain data. */
export type TaskResult<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

/** Runs `fn`, turning an EngineError into a failed {@link TaskResult}; other errors are thrown (bugs). */
export async function guard<T>(fn: () => T | Promise<T>): Promise<TaskResult<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    if (err instanceof EngineError) return { ok: false, error: { code: err.code, message: err.message } };
    if (err instanceof TextTooLargeError) return { ok: false, error: { code: 'TEXT_TOO_LARGE', message: err.message } };
    throw err;
  }
}

/** Input of {@link importFile}: an uploaded or fetched file and what to do with it. */
export interface ImportFileInput {
  bytes: Uint8Array;
  /** The uploaded or URL file name (hints the format). */
  fileName?: string;
  /** The `Content-Type` the browser or the server sent (hints the format; its charset is applied to text). */
  contentType?: string;
  /** Run cleanup now (the user preference `autoCleanImports`). */
  clean: boolean;
  /** Largest text accepted after extraction, in UTF-8 bytes (accounts spec section 9: 5 MB). */
  maxTextBytes: number;
}

/**
 * Output of {@link importFile}.
 * - `format`: the format the engine read (`txt`, `markdown`, `html`, `docx`, `epub`, `pdf`).
 * - `text`: the book's `originalText`: the decoded text of a plain-text file, or the Markdown a structured
 *   reader extracted (HTML, DOCX, EPUB, PDF, Markdown).
 * - `cleaned`: the editable Markdown and the report when `clean` was asked: `cleanText` for plain text; for the
 *   other formats the reader's Markdown is already clean, and the report lists what the reader removed.
 * - `meta`: what the reader found, and when plain text was cleaned what cleanup found (the source's title page).
 * - `wordCount`: words of `cleaned.markdown` when cleaned, else of `text`.
 * - `assets`: the images the Markdown refers to as `images/<name>` (files that carry images: DOCX, EPUB); `[]`
 *   for the others. Through the pool their bytes are transferred, not copied (workers/transfer.ts).
 */
export interface ImportFileOutput {
  format: string;
  text: string;
  meta: Partial<BookMeta>;
  cleaned: { markdown: string; report: CleanReport } | null;
  wordCount: number;
  assets: BookAsset[];
}

/** Formats whose bytes are text, to which a declared charset applies. */
const TEXT_FORMATS = new Set(['txt', 'markdown', 'html']);

/**
 * A file the engine recognises as no format at all (binary data) although its name claims a supported type
 * (`book.txt` holding an image, a truncated download): that is an unreadable file (422), not an unsupported
 * type (415), and the message says what is wrong with it. Files with other names fall through to the engine's
 * UNSUPPORTED_FORMAT.
 * @throws EngineError('UNREADABLE_INPUT') when `fileName` ends with one of SUPPORTED_UPLOAD_EXTENSIONS.
 */
function refuseMisnamedFile(fileName: string | undefined): void {
  const ext = path.extname(fileName ?? '').toLowerCase();
  if (!(SUPPORTED_UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) return;
  throw new EngineError(
    'UNREADABLE_INPUT',
    `This file could not be read: its name says ${ext}, but it holds binary data, not a readable ${ext} file.`,
  );
}

/**
 * Chapters and parts of Quire Markdown as the parser sees them (the numbers of the Clean tab), and what the Clean tab
 * says was found and warns of (engine `summarizeStructure`, the source's own contents page compared with the headings
 * when cleanup read one): one parse for both.
 */
export function structureCounts(
  markdown: string,
  meta: Partial<BookMeta> = {},
  sourceContents?: readonly string[],
): { chaptersFound: number; partsFound: number; structure: StructureSummary } {
  const doc = parseMarkdown(markdown, { title: meta.title ?? '', author: meta.author ?? '', language: meta.language ?? 'en' });
  return {
    chaptersFound: allChapters(doc).length,
    partsFound: doc.body.filter((d) => d.type === 'part').length,
    structure: summarizeStructure(doc, sourceContents ? { sourceContents } : {}),
  };
}

/**
 * The report of `cleanText` with what the Clean tab says was found (see {@link structureCounts}); the pass-by-pass
 * counts of chapters and parts stay cleanup's own.
 */
function withStructure(report: CleanReport & { sourceContents?: readonly string[] }, markdown: string, meta: Partial<BookMeta>): CleanReport {
  return { ...report, structure: structureCounts(markdown, meta, report.sourceContents).structure };
}

/**
 * Reads any supported file (engine `readBook`), enforces the text limit and, when asked, cleans it.
 * Fails (as a {@link TaskResult}) with the engine's codes (`UNSUPPORTED_FORMAT`, `ARCHIVE_TOO_LARGE`,
 * `UNREADABLE_INPUT`, `EMPTY_INPUT`), `TEXT_TOO_LARGE` when the extracted text is over `maxTextBytes`, or
 * `ARCHIVE_TOO_LARGE` when the file's images are over MAX_FILE_ASSET_BYTES (services/asset-paths.ts).
 */
export function importFile(input: ImportFileInput): Promise<TaskResult<ImportFileOutput>> {
  return guard(async (): Promise<ImportFileOutput> => {
    let bytes = input.bytes instanceof Uint8Array ? input.bytes : new Uint8Array(input.bytes);
    const hints = {
      ...(input.fileName ? { fileName: input.fileName } : {}),
      ...(input.contentType ? { contentType: input.contentType } : {}),
    };
    const format = detectFormat(bytes, hints);
    // A .zip that is neither a DOCX nor an EPUB may be a Markdown or HTML project: the engine looks into it.
    if (format === null && path.extname(input.fileName ?? '').toLowerCase() !== '.zip') refuseMisnamedFile(input.fileName);
    if (format !== null && TEXT_FORMATS.has(format)) bytes = applyDeclaredCharset(bytes, charsetOf(input.contentType));
    const read = await readInput(bytes, hints);
    const text = read.kind === 'raw' ? read.text : read.markdown;
    if (Buffer.byteLength(text, 'utf8') > input.maxTextBytes) throw new TextTooLargeError();
    const assets = read.kind === 'document' ? read.assets : [];
    if (assetBytes(assets) > MAX_FILE_ASSET_BYTES) {
      throw new EngineError('ARCHIVE_TOO_LARGE', 'The images of this file are too large once unpacked.');
    }
    let cleaned: ImportFileOutput['cleaned'] = null;
    let meta = read.meta;
    if (input.clean) {
      if (read.kind === 'raw') {
        const result = cleanText(read.text, { meta: read.meta });
        cleaned = { markdown: result.markdown, report: withStructure(result.report, result.markdown, result.meta) };
        // Cleanup also reads the source's title page (subtitle, translator, edition ...).
        meta = result.meta;
      } else {
        const counts = structureCounts(read.markdown, read.meta);
        cleaned = {
          markdown: read.markdown,
          report: { passes: read.report, ...counts, wordCount: countWords(read.markdown), ...(read.diagnostics.length > 0 ? { diagnostics: read.diagnostics } : {}) },
        };
      }
    }
    return { format: read.format, text, meta, cleaned, wordCount: cleaned?.report.wordCount ?? countWords(text), assets };
  });
}

/** Input of {@link combineTexts}: the cleaned texts of a collection, already in their final order. */
export interface CombineTextsInput {
  texts: CollectionText[];
  /** The cleanup report of each text (same order), summed into the collection's report. */
  reports: (CleanReport | null)[];
  /** The collection's metadata (title, author, language), for counting its structure. */
  meta: Partial<BookMeta>;
}

/** Output of {@link combineTexts}: the collection's Markdown, its report and its word count. */
export interface CombineTextsOutput {
  markdown: string;
  report: CleanReport;
  wordCount: number;
}

/** Builds the Markdown of a collection (services/combine-collection.ts) and counts its parts and chapters. */
export function combineTexts(input: CombineTextsInput): CombineTextsOutput {
  const markdown = combineCollection(input.texts);
  const wordCount = countWords(markdown);
  return { markdown, report: combineReports(input.reports, { ...structureCounts(markdown, input.meta), wordCount }), wordCount };
}

/** Output of {@link cleanBook}: the editable Markdown, the report of what cleanup did, and the word count. */
export interface CleanBookOutput {
  markdown: string;
  meta: Partial<BookMeta>;
  report: CleanReport;
  wordCount: number;
}

/** Runs the engine's cleanup passes on the original text. */
export function cleanBook(input: { text: string }): Promise<TaskResult<CleanBookOutput>> {
  return guard(() => {
    const cleaned = cleanText(input.text);
    const report = withStructure(cleaned.report, cleaned.markdown, cleaned.meta);
    return { markdown: cleaned.markdown, meta: cleaned.meta, report, wordCount: cleaned.report.wordCount };
  });
}

/** Word count of a text (engine `countWords`, the cleanup report's count) and its UTF-8 size in bytes. */
export function measureText(input: { text: string }): { wordCount: number; textBytes: number } {
  return { wordCount: countWords(input.text), textBytes: Buffer.byteLength(input.text, 'utf8') };
}

/** Cuts cleaned Markdown for the free trial (engine `cutAtWordLimit`: whole paragraphs, at most `maxWords` words). */
export function cutAtWordLimitTask(input: { markdown: string; maxWords: number }): WordLimitCut {
  return cutAtWordLimit(input.markdown, input.maxWords);
}

/** The formats built in a worker thread; `typst` is the PDF's Typst source, compiled in a child process. */
export type WorkerBuildFormat = 'epub' | 'docx' | 'html' | 'epub-html' | 'typst';

/**
 * Input of {@link buildFile}. `modified` is the EPUB `dcterms:modified` time (the engine never reads the clock);
 * `assets` are the book's images the Markdown refers to (`images/<name>`), embedded by the writers.
 */
export interface BuildFileInput {
  markdown: string;
  meta: BookMeta;
  layoutId: string;
  /** Custom settings (validated with the contracts' FormattingSettingsSchema) applied over the layout `layoutId`. */
  layoutSettings?: FormattingSettings;
  /**
   * The layout resolved by the caller (an uploaded style guide's, or one with the KDP adjustments of the book's
   * layout report applied); when given, `layoutId` and `layoutSettings` are not used.
   */
  layout?: Layout;
  format: WorkerBuildFormat;
  modified: Date;
  assets?: BookAsset[];
  /** The cover image of an EPUB (the book's chosen cover, engine `writeEpub`'s `cover`). */
  cover?: { bytes: Uint8Array; mediaType: 'image/jpeg' };
}

/**
 * A built file: bytes for binary and HTML formats; for PDF the Typst source and the images it reads (the
 * document's `assets`, which the Typst compile in a child process needs beside the source).
 */
export type BuildFileOutput = (
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'typst'; source: string; assets: BookAsset[]; key: string }
) & {
  /** What the parse and the writer could not keep or had to change (engine `Diagnostics`); `[]` when nothing. */
  diagnostics: Diagnostic[];
};

/**
 * What a Typst compile reads, as one SHA-256 hex digest: the source, then each image's path and bytes. Two
 * builds with the same key typeset to the same PDF (same compiler, same shipped fonts), so a PDF can be reused.
 */
export function typstKey(source: string, assets: readonly BookAsset[]): string {
  const hash = createHash('sha256').update(source);
  for (const asset of assets) hash.update(`\0${asset.path}\0`).update(asset.bytes);
  return hash.digest('hex');
}

/**
 * Parses the Markdown into a BookDocument and writes it in `format` with the chosen layout: the built-in layout
 * `layoutId`, with `layoutSettings` mapped over it when given (engine `settingsToLayout`).
 */
export function buildFile(input: BuildFileInput): Promise<TaskResult<BuildFileOutput>> {
  return guard(async (): Promise<BuildFileOutput> => {
    const layout = input.layout ?? resolveLayout(input.layoutId, input.layoutSettings);
    const diagnostics = new Diagnostics();
    const doc = parseMarkdown(input.markdown, input.meta, { assets: input.assets ?? [], diagnostics });
    const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));
    const bytes = (b: Uint8Array): BuildFileOutput => ({ kind: 'bytes', bytes: b, diagnostics: diagnostics.toArray() });
    switch (input.format) {
      case 'typst': {
        const source = writeTypst(doc, layout, { diagnostics });
        const assets = Object.values(doc.assets);
        return { kind: 'typst', source, assets, key: typstKey(source, assets), diagnostics: diagnostics.toArray() };
      }
      case 'epub':
        return bytes(
          await writeEpub(doc, layout, {
            modified: new Date(input.modified),
            ...(input.meta.identifier ? { identifier: input.meta.identifier } : {}),
            ...(input.cover ? { cover: input.cover } : {}),
            diagnostics,
          }),
        );
      case 'docx':
        return bytes(await writeDocx(doc, layout, { diagnostics }));
      case 'html':
        return bytes(utf8(writeHtml(doc, layout, { variant: 'print', diagnostics })));
      case 'epub-html':
        return bytes(utf8(writeHtml(doc, layout, { variant: 'epub', diagnostics })));
    }
  });
}

/** The built-in layout `layoutId`, with custom settings mapped over it when given (engine `settingsToLayout`). */
function resolveLayout(layoutId: string, settings: FormattingSettings | undefined): Layout {
  const base = getLayout(layoutId);
  return settings ? settingsToLayout(settings, base) : base;
}

/** Input of {@link buildOpeningTypst}: the book's Markdown, metadata, layout and the images its text uses. */
export interface BuildOpeningInput {
  markdown: string;
  meta: BookMeta;
  layout: Layout;
  assets?: BookAsset[];
}

/**
 * The Typst source of a book's opening (engine `openingMarkdown`, then `openingExcerpt`), for the opening
 * preview: the Markdown is cut before it is parsed, so the cost does not grow with the book.
 */
export function buildOpeningTypst(input: BuildOpeningInput): Promise<TaskResult<{ source: string; assets: BookAsset[] }>> {
  return guard(() => {
    const doc = openingExcerpt(parseMarkdown(openingMarkdown(input.markdown), input.meta, { assets: input.assets ?? [] }));
    // One compile: an opening excerpt has no spreads worth balancing.
    return { source: writeTypst(doc, input.layout, { balanceSpreads: false }), assets: Object.values(doc.assets) };
  });
}

/** Input of {@link readStyleGuide}: an uploaded style guide (.pdf, .doc or .docx, the extension already checked). */
export interface ReadStyleGuideInput {
  bytes: Uint8Array;
  fileName: string;
}

/**
 * Reads an uploaded style guide's text (engine `readBook` for PDF and DOCX, `readWordDocText` for legacy .doc)
 * and the requirements it states (engine `extractStyleGuideRequirements`). Fails with `UNREADABLE_INPUT` when
 * no text can be read (a scanned PDF, a damaged file, a file whose content is not what its name says).
 */
export function readStyleGuide(input: ReadStyleGuideInput): Promise<TaskResult<ExtractedStyleGuide & { textChars: number }>> {
  return guard(async () => {
    const bytes = input.bytes instanceof Uint8Array ? input.bytes : new Uint8Array(input.bytes);
    const ext = path.extname(input.fileName).toLowerCase();
    let text: string;
    if (ext === '.doc') {
      text = readWordDocText(bytes);
    } else {
      const format = detectFormat(bytes, { fileName: input.fileName });
      if (format !== ext.slice(1)) {
        throw new EngineError('UNREADABLE_INPUT', `This file could not be read: its name says ${ext}, but it is not a ${ext} document.`);
      }
      const read = await readInput(bytes, { fileName: input.fileName });
      text = read.kind === 'raw' ? read.text : read.markdown;
    }
    if (countWords(text) < 5) throw new EngineError('UNREADABLE_INPUT', 'No text could be read from this style guide (a scanned document has none).');
    return { ...extractStyleGuideRequirements(text), textChars: text.length };
  });
}
