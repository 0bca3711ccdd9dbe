/**
 * Tasks run in the worker-thread pool (DESIGN.md section 3, "Heavy work never runs on the event loop"):
 * decoding an upload, cleanup, word counts and building export files. Each task is a plain function of
 * structured-cloneable data, so it is also callable (and testable) without the pool.
 *
 * Engine errors do not survive the thread boundary as classes, so tasks that can fail on user input answer
 * `{ ok: false, error: { code, message } }` instead of throwing; the jobs plugin turns that back into an error.
 */
import {
  EngineError,
  cleanText,
  getLayout,
  parseMarkdown,
  readText,
  writeDocx,
  writeEpub,
  writeHtml,
  writeTypst,
  type BookMeta,
  type CleanReport,
} from '@quire/engine';
import { countWords as count } from '../services/word-count.ts';

/** A task outcome: a value, or an engine error as plain data. */
export type TaskResult<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

/** Runs `fn`, turning an EngineError into a failed {@link TaskResult}; other errors are thrown (bugs). */
async function guard<T>(fn: () => T | Promise<T>): Promise<TaskResult<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    if (err instanceof EngineError) return { ok: false, error: { code: err.code, message: err.message } };
    throw err;
  }
}

/** Input of {@link readBook}: the uploaded or fetched bytes and their file name (hints the format). */
export interface ReadBookInput {
  bytes: Uint8Array;
  fileName?: string;
}

/** Output of {@link readBook}. `textBytes` is the UTF-8 size of `text`. */
export interface ReadBookOutput {
  text: string;
  encoding: string;
  meta: Partial<BookMeta>;
  wordCount: number;
  textBytes: number;
}

/** Decodes bytes to text with what the source says about the book (engine `readText`). */
export function readBook(input: ReadBookInput): Promise<TaskResult<ReadBookOutput>> {
  return guard(() => {
    const bytes = input.bytes instanceof Uint8Array ? input.bytes : new Uint8Array(input.bytes);
    const read = readText(bytes, input.fileName ? { fileName: input.fileName } : {});
    return {
      text: read.text,
      encoding: read.encoding,
      meta: read.meta,
      wordCount: count(read.text),
      textBytes: Buffer.byteLength(read.text, 'utf8'),
    };
  });
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
    return { markdown: cleaned.markdown, meta: cleaned.meta, report: cleaned.report, wordCount: count(cleaned.markdown) };
  });
}

/** Word count of a text (see services/word-count.ts) and its UTF-8 size in bytes. */
export function measureText(input: { text: string }): { wordCount: number; textBytes: number } {
  return { wordCount: count(input.text), textBytes: Buffer.byteLength(input.text, 'utf8') };
}

/** The formats built in a worker thread; `typst` is the PDF's Typst source, compiled in a child process. */
export type WorkerBuildFormat = 'epub' | 'docx' | 'html' | 'epub-html' | 'typst';

/** Input of {@link buildFile}. `modified` is the EPUB `dcterms:modified` time (the engine never reads the clock). */
export interface BuildFileInput {
  markdown: string;
  meta: BookMeta;
  layoutId: string;
  format: WorkerBuildFormat;
  modified: Date;
}

/** A built file: bytes for binary and HTML formats, a string for the Typst source. */
export type BuildFileOutput = { kind: 'bytes'; bytes: Uint8Array } | { kind: 'typst'; source: string };

/** Parses the Markdown into a BookDocument and writes it in `format` with the chosen layout. */
export function buildFile(input: BuildFileInput): Promise<TaskResult<BuildFileOutput>> {
  return guard(async (): Promise<BuildFileOutput> => {
    const layout = getLayout(input.layoutId);
    const doc = parseMarkdown(input.markdown, input.meta);
    const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));
    switch (input.format) {
      case 'typst':
        return { kind: 'typst', source: writeTypst(doc, layout) };
      case 'epub':
        return {
          kind: 'bytes',
          bytes: await writeEpub(doc, layout, {
            modified: new Date(input.modified),
            ...(input.meta.identifier ? { identifier: input.meta.identifier } : {}),
          }),
        };
      case 'docx':
        return { kind: 'bytes', bytes: await writeDocx(doc, layout) };
      case 'html':
        return { kind: 'bytes', bytes: utf8(writeHtml(doc, layout, { variant: 'print' })) };
      case 'epub-html':
        return { kind: 'bytes', bytes: utf8(writeHtml(doc, layout, { variant: 'epub' })) };
    }
  });
}
