/**
 * PDF reader: bytes of a text-based PDF -> Quire's Markdown, metadata and a report.
 *
 * Stages: pdf.js extracts each page's text lines in a sandboxed child process (`extract.ts`); page
 * furniture is dropped (`page-furniture.ts`); paragraphs, headings and hyphenated line ends are rebuilt
 * from the line geometry (`paragraphs.ts`, `hyphenation.ts`) into plain text, which the engine's
 * cleanup (`clean/index.ts`) turns into Markdown like any other text: Project Gutenberg boilerplate,
 * chapter detection, verse, escaping.
 *
 * Checklist:
 * - [X] text-based PDFs (Word, Quartz, pdfTeX), encrypted and scanned PDFs refused with a clear message
 * - [X] folios, running heads, hyphenation, spaced and indented paragraphs, size-based headings
 * - [ ] italics, footnotes, multi-column pages, tables (see the module checklists)
 */
import type { BookMeta } from '../../model/book-document.ts';
import { cleanText } from '../../clean/index.ts';
import { EngineError } from '../../errors.ts';
import { readGutenbergMeta } from '../gutenberg-header.ts';
import { extractPdfLines, PDF_MESSAGES, type ExtractLimits } from './extract.ts';
import { dropPageFurniture } from './page-furniture.ts';
import { linesToText } from './paragraphs.ts';
import type { PdfPageLines } from './text-lines.ts';

/**
 * Options of {@link readPdf}.
 * - `timeoutMs`: wall-time limit of the extraction process in milliseconds (default 60,000);
 * - `maxMemoryMb`: memory cap of the extraction process in MiB, V8 heap and resident set (default 512).
 */
export type ReadPdfOptions = ExtractLimits;

/** One line of the reader's report: a stable id, a label the UI shows before the count, the count. */
export interface PdfReportEntry {
  id: string;
  label: string;
  count: number;
}

/**
 * What {@link readPdf} returns.
 * - `markdown`: the book in Quire's Markdown convention (`model/README.md`), already cleaned;
 * - `meta`: title, author, language from a Project Gutenberg header in the text, else from the PDF's
 *   document information (`/Title`, `/Author` when it looks like a person's full name, `/Lang`);
 * - `report`: the PDF stages (`pdfPages`, `pdfFolios`, `pdfRunningHeads`, `pdfHyphens`) followed by every
 *   cleanup pass, in order.
 */
export interface ReadPdfResult {
  markdown: string;
  meta: Partial<BookMeta>;
  report: PdfReportEntry[];
}

/**
 * A PDF has no usable text layer when it has no letters at all, or, over three pages or more, fewer
 * than 40 letters a page on average (a scan with a stamped page number or a "Digitized by" line).
 */
export function hasTextLayer(pages: readonly PdfPageLines[]): boolean {
  let letters = 0;
  for (const page of pages) for (const line of page.lines) letters += line.text.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return false;
  return pages.length < 3 || letters / pages.length >= 40;
}

/**
 * Metadata from the PDF's document information. Word fills `/Author` with the account name of whoever
 * saved the file ("Chuck"), so an author is taken only when it has two words or more; a Gutenberg-style
 * `/Title` "Alice's Adventures in Wonderland, by Lewis Carroll" gives both.
 */
export function metaFromInfo(info: { title?: string; author?: string; language?: string }): Partial<BookMeta> {
  const meta: Partial<BookMeta> = {};
  const title = info.title?.trim();
  if (title && !/^(untitled|microsoft word\b|document\d*$)/i.test(title)) {
    const by = /^(.+?),?\s+by\s+(.+)$/i.exec(title);
    meta.title = by ? by[1]!.trim() : title;
    if (by) meta.author = by[2]!.trim();
  }
  const author = info.author?.trim();
  if (!meta.author && author && /\S\s+\S/.test(author)) meta.author = author;
  const lang = info.language?.trim();
  if (lang && /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i.test(lang)) meta.language = lang;
  return meta;
}

/**
 * Reads a text-based PDF into Quire's Markdown.
 * @param bytes the PDF file (at most what the caller accepts; the server caps uploads at 10 MB).
 * @param opts limits of the extraction process and a signal cancelling it, see {@link ReadPdfOptions}.
 * @returns see {@link ReadPdfResult}.
 * @throws EngineError('UNREADABLE_INPUT') (rejection) when the PDF is encrypted ("This PDF is encrypted
 *   (password-protected)..."), has no text layer ("This PDF has no text layer (it looks like a
 *   scan)...") or is not a PDF; `TIME_LIMIT` when its extraction runs past its time budget (sized from the PDF's
 *   size) or `opts.signal` aborts; `MEMORY_LIMIT` past the memory cap.
 */
export async function readPdf(bytes: Uint8Array, opts: ReadPdfOptions = {}): Promise<ReadPdfResult> {
  const { pages, info } = await extractPdfLines(bytes, opts);
  if (!hasTextLayer(pages)) throw new EngineError('UNREADABLE_INPUT', PDF_MESSAGES.noText);
  const furniture = dropPageFurniture(pages);
  const rebuilt = linesToText(furniture.pages);
  const headerMeta = readGutenbergMeta(rebuilt.text);
  const meta = { ...metaFromInfo(info), ...Object.fromEntries(Object.entries(headerMeta).filter(([, v]) => v !== undefined && v !== '')) };
  const cleaned = cleanText(rebuilt.text, { meta });
  return {
    markdown: cleaned.markdown,
    meta: cleaned.meta,
    report: [
      { id: 'pdfPages', label: 'PDF pages read', count: pages.length },
      { id: 'pdfFolios', label: 'Page numbers removed', count: furniture.folios },
      { id: 'pdfRunningHeads', label: 'Running heads removed', count: furniture.runningHeads },
      { id: 'pdfHyphens', label: 'Words hyphenated at line ends joined', count: rebuilt.hyphensJoined },
      ...cleaned.report.passes,
    ],
  };
}

export { PDF_MESSAGES } from './extract.ts';
