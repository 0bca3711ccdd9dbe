/**
 * The job runner: a piscina worker-thread pool for reading, cleanup, export builds, public-page renders and topic
 * extraction (whose tasks of one text go to one thread, which keeps that text's index: affinity.ts), and the engine's
 * `PdfProcessPool` (child processes, recycled after a number of jobs or above a memory cap, because Typst's
 * memory only grows: STACK-NOTES section 2) for PDF compiles. One runner per app, closed with it.
 */
import { Piscina } from 'piscina';
import { EngineError, PdfProcessPool, renderEbookCover, renderWrapCover, renderWrapPreview } from '@quire/engine';
import type { CoverDesign, WrapGeometry } from '@quire/engine';
import type { BookAsset, BookMeta, Diagnostic, FormattingSettings, Layout, RasterPage, RasterRequest, SvgPage, TypesetPdf } from '@quire/engine';
import { AppError } from '../errors.ts';
import type { ExtractedStyleGuide } from '@quire/engine';
import type {
  BuildOpeningInput,
  ReadStyleGuideInput,
  BuildFileInput,
  BuildFileOutput,
  CleanBookOutput,
  CombineTextsInput,
  CombineTextsOutput,
  ImportFileInput,
  ImportFileOutput,
  TaskResult,
} from './tasks.ts';
import { transferListOf } from './transfer.ts';
import { affinityBalancer, withAffinity, withOnStart } from './affinity.ts';
import { DEFAULT_TASK_BUDGET, inputSizeBytes, taskTimeBudgetMs, type TaskBudget } from './task-budget.ts';
import type { CompileInput, CompileOutput, PassageTextInput, SearchTopicInput } from './extraction-tasks.ts';
import type { RenderPublicPageInput } from './page-tasks.ts';
import type { PassageContent, TopicSearchResult, WordLimitCut } from '@quire/engine';

/** The worker entry (a .mjs file that registers the TypeScript loader in each thread). */
const WORKER_URL = new URL('./worker.mjs', import.meta.url).href;

/** Export formats the runner builds (the contracts' EXPORT_FORMATS). */
export type BuildFormat = 'pdf' | 'epub' | 'docx' | 'html' | 'epub-html';

/** Heavy work, off the event loop. Every method may throw AppError `UNREADABLE_INPUT` (422) for bad input. */
export interface JobRunner {
  /**
   * Reads an uploaded or fetched file of any supported format (engine `readBook`), checks the text limit and,
   * when `clean` is set, cleans it (see tasks.ts `importFile`). The file's images come back in `assets`,
   * their bytes transferred from the worker thread.
   * @throws AppError `UNSUPPORTED_FORMAT` (415), `ARCHIVE_TOO_LARGE` / `TEXT_TOO_LARGE` (413), `UNREADABLE_INPUT` (422).
   */
  importFile(input: ImportFileInput): Promise<ImportFileOutput>;
  /** Combines the cleaned texts of a collection into one Markdown book with its report (tasks.ts `combineTexts`). */
  combineTexts(input: CombineTextsInput): Promise<CombineTextsOutput>;
  /** Cleans the original text into the editable Markdown with its report (engine `cleanText`). */
  cleanBook(text: string): Promise<CleanBookOutput>;
  /** Cuts cleaned Markdown at the last paragraph boundary within `maxWords` words (engine `cutAtWordLimit`). */
  cutAtWordLimit(markdown: string, maxWords: number): Promise<WordLimitCut>;
  /** Word count and UTF-8 size of a text. */
  measureText(text: string): Promise<{ wordCount: number; textBytes: number }>;
  /**
   * Builds an export file from the formatted Markdown and the book's images (`assets`, embedded by the writers).
   * PDF: Typst source in a thread, compile in a child process. The images' buffers are transferred to the worker
   * thread, so the caller's `assets[i].bytes` are detached (empty) afterwards.
   */
  buildFile(input: {
    markdown: string;
    meta: BookMeta;
    layoutId: string;
    /** Custom settings applied over the layout `layoutId` (engine `settingsToLayout`). */
    layoutSettings?: FormattingSettings;
    /** The resolved layout; when given, `layoutId` and `layoutSettings` are not used. */
    layout?: Layout;
    format: BuildFormat;
    modified: Date;
    assets?: BookAsset[];
    /** The cover image of an EPUB (engine `writeEpub`'s `cover`). */
    cover?: { bytes: Uint8Array; mediaType: 'image/jpeg' };
  }): Promise<BuiltFile>;
  /**
   * The Typst source of the whole book in `layout`, in a worker thread, with the images it reads and its key
   * (tasks.ts `typstKey`: same key, same PDF). The images' buffers are transferred, as for `buildFile`.
   */
  buildTypst(input: { markdown: string; meta: BookMeta; layout: Layout; assets?: BookAsset[] }): Promise<TypstBuild>;
  /** Typesets a Typst source to PDF in the PDF child processes, with its page count. */
  typeset(source: string, assets: readonly BookAsset[]): Promise<TypesetPdf>;
  /** The Typst source of the book's opening (tasks.ts `buildOpeningTypst`), in a worker thread. */
  buildOpeningTypst(input: BuildOpeningInput): Promise<{ source: string; assets: BookAsset[] }>;
  /**
   * Preview child processes (their own pool, so a preview never waits behind a book's PDF export): the first
   * `maxPages` pages of a short source as SVG.
   */
  svgPages(source: string, assets: readonly BookAsset[], maxPages: number): Promise<{ pages: SvgPage[]; pageCount: number }>;
  /** Preview child processes: pages of a typeset PDF as WebP images (engine `raster-pages.ts`). */
  rasterPages(request: RasterRequest): Promise<{ pages: RasterPage[]; pageCount: number }>;
  /**
   * Cover rendering in the preview child processes (a cover is one page: it never waits behind a book's PDF
   * export): the e-book JPEG (1600 x 2560 px), the full-wrap PDF, and a JPEG of the wrap `widthPx` wide.
   */
  renderEbookCover(design: CoverDesign): Promise<{ jpeg: Uint8Array; widthPx: number; heightPx: number }>;
  renderWrapCover(design: CoverDesign, geometry: WrapGeometry): Promise<Uint8Array>;
  renderWrapPreview(design: CoverDesign, geometry: WrapGeometry, widthPx: number): Promise<{ bytes: Uint8Array; mediaType: 'image/jpeg'; widthPx: number; heightPx: number }>;
  /**
   * Reads an uploaded style guide and the requirements it states (tasks.ts `readStyleGuide`).
   * @throws AppError `UNREADABLE_INPUT` (422) when no text can be read.
   */
  readStyleGuide(input: ReadStyleGuideInput): Promise<ExtractedStyleGuide & { textChars: number }>;
  /**
   * Topic extraction (workers/extraction-tasks.ts): searches a book's text for a topic, reads one passage in full
   * (null when the text has no such passage), or compiles chosen passages into a new book's Markdown. The text's
   * topic index is built once per thread and text; the input's `textHash` sends every task of one text to the
   * same thread (workers/affinity.ts), where that index is kept.
   */
  searchTopic(input: SearchTopicInput): Promise<TopicSearchResult>;
  passageText(input: PassageTextInput): Promise<PassageContent | null>;
  compileExtraction(input: CompileInput): Promise<CompileOutput>;
  /**
   * Draws a public page with its loaded data into its document (workers/page-tasks.ts), in a worker thread: head tags,
   * markup, data and the critical CSS of its markup.
   * @throws whatever the web app's render throws.
   */
  renderPublicPage(input: RenderPublicPageInput): Promise<{ html: string }>;
  /** Whether the runner takes jobs (false once `close` was called). */
  isOpen(): boolean;
  /**
   * How busy the thread pool is: tasks waiting for a thread, tasks running, and threads at most; `saturated` when
   * {@link SATURATED_WAITING_PER_THREAD} tasks per thread wait (GET /api/ready then answers 503, so that a load
   * balancer sends new work elsewhere).
   */
  load(): { waiting: number; running: number; threads: number; saturated: boolean };
  /** Stops the threads and child processes; pending jobs fail. */
  close(): Promise<void>;
}

/** A book's Typst source, the images it reads, and the key of what it typesets to. */
/** A built export file and what its writer could not keep or had to change (engine `Diagnostics`). */
export interface BuiltFile {
  bytes: Uint8Array;
  diagnostics: Diagnostic[];
}

/** A book's Typst source, the images it reads, its key (same key, same PDF) and the writer's notes. */
export interface TypstBuild {
  source: string;
  assets: BookAsset[];
  key: string;
  /** What the PDF writer could not keep or had to change (engine `Diagnostics`). */
  diagnostics: Diagnostic[];
}

/** Sizes of the pools. */
export interface JobRunnerOptions {
  /** Worker threads (default 2). */
  threads?: number;
  /** Typst child processes (default 1). */
  pdfProcesses?: number;
  /** Time and memory budgets of the threads' tasks (workers/task-budget.ts); defaults for what is not given. */
  taskBudget?: Partial<TaskBudget>;
}

/** Tasks waiting per thread at which the pool counts as saturated (each waits for a whole task before it). */
export const SATURATED_WAITING_PER_THREAD = 4;

/**
 * Unwraps a task result. Engine errors about the input keep the engine's message: unreadable or empty input 422;
 * an archive over the unpacking limits 413; work past an engine child's time or memory budget (a PDF read, a vector
 * figure) 422 `TASK_TIME_LIMIT` / `TASK_MEMORY_LIMIT`. An unsupported format answers 415 naming the supported types, a text
 * over the limit 413 with the spec's sentence; other codes are 500 (details logged by the handler).
 */
function unwrap<T>(result: TaskResult<T>): T {
  if (result.ok) return result.value;
  const { code, message } = result.error;
  if (code === 'UNREADABLE_INPUT' || code === 'EMPTY_INPUT') throw new AppError('UNREADABLE_INPUT', message);
  if (code === 'ARCHIVE_TOO_LARGE') throw new AppError('ARCHIVE_TOO_LARGE', message);
  if (code === 'UNSUPPORTED_FORMAT') throw new AppError('UNSUPPORTED_FORMAT');
  if (code === 'TEXT_TOO_LARGE') throw new AppError('TEXT_TOO_LARGE');
  if (code === 'TIME_LIMIT') throw new AppError('TASK_TIME_LIMIT', message);
  if (code === 'MEMORY_LIMIT') throw new AppError('TASK_MEMORY_LIMIT', message);
  throw new AppError('INTERNAL', undefined, { cause: new EngineError(code as EngineError['code'], message) });
}

/** The nice value of the worker threads and the export children (Unix, 0 to 19: higher yields more). */
export const BACKGROUND_NICENESS = 10;

/** Creates the runner. Threads start on demand; the PDF process pool is created on the first PDF export. */
export function createJobRunner(options: JobRunnerOptions = {}): JobRunner {
  const threads = Math.max(1, options.threads ?? 2);
  const budget: TaskBudget = { ...DEFAULT_TASK_BUDGET, ...options.taskBudget };
  // The heavy work yields the CPU to the event loop answering requests (issue 14, "Load": other users' reads stay quick
  // while a War and Peace export runs): worker threads and export children run at a lower priority; the one preview
  // process, which a user waits on page by page, does not.
  const pool = new Piscina({
    filename: WORKER_URL,
    // One thread always: a thread ended by a task's budget is then replaced at once, and the tasks queued behind it run
    // (piscina starts no thread for its queue otherwise until another task is submitted).
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
    loadBalancer: affinityBalancer(),
    niceIncrement: BACKGROUND_NICENESS,
    resourceLimits: { maxOldGenerationSizeMb: budget.maxOldGenerationSizeMb },
  });
  // A thread that fails outside a task (while it starts) has no caller to tell: its error would otherwise be an
  // unhandled 'error' event, which ends the whole server. Tasks' own errors reach their callers.
  pool.on('error', () => {});
  let pdfPool: PdfProcessPool | null = null;
  let previewPool: PdfProcessPool | null = null;
  const pdfs = () => (pdfPool ??= new PdfProcessPool({ size: Math.max(1, options.pdfProcesses ?? 1), niceness: BACKGROUND_NICENESS }));
  // One preview process: its compiles are small (an opening) or reuse a PDF already typeset.
  const previews = () => (previewPool ??= new PdfProcessPool({ size: 1, maxJobsPerProcess: 50 }));
  let closed = false;

  // Tasks given to the pool and not yet taken by a thread, and tasks a thread runs (piscina's own queueSize leaves out
  // the tasks a starting thread will take).
  let waiting = 0;
  let running = 0;
  /**
   * Runs task `name` in a thread within its time budget (counted from when a thread takes it) and the threads' memory
   * budget. @throws AppError `TASK_TIME_LIMIT` or `TASK_MEMORY_LIMIT` (422) past them; what the task throws otherwise.
   */
  const run = async <T>(name: string, data: object, transferList: ArrayBuffer[] = []): Promise<T> => {
    if (closed) throw new AppError('INTERNAL', undefined, { cause: new Error('job runner closed') });
    // Measured before the run: transferred buffers are empty afterwards.
    const budgetMs = taskTimeBudgetMs(inputSizeBytes(data), budget);
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    let started = false;
    const onStart = () => {
      started = true;
      waiting -= 1;
      running += 1;
      timer = setTimeout(() => {
        timedOut = true;
        abort.abort();
      }, budgetMs);
    };
    waiting += 1;
    try {
      return (await pool.run(withOnStart(data, onStart), { name, transferList, signal: abort.signal })) as T;
    } catch (err) {
      if (timedOut) {
        throw new AppError('TASK_TIME_LIMIT', undefined, { cause: new Error(`${name} ran past its budget of ${budgetMs} ms`) });
      }
      if ((err as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new AppError('TASK_MEMORY_LIMIT', undefined, { cause: err });
      }
      throw err;
    } finally {
      clearTimeout(timer);
      if (started) running -= 1;
      else waiting -= 1;
    }
  };

  return {
    async importFile(input) {
      return unwrap(await run<TaskResult<ImportFileOutput>>('importFile', input));
    },
    combineTexts(input) {
      return run<CombineTextsOutput>('combineTexts', input);
    },
    async cleanBook(text) {
      return unwrap(await run<TaskResult<CleanBookOutput>>('cleanBook', { text }));
    },
    measureText(text) {
      return run('measureText', { text });
    },
    cutAtWordLimit(markdown, maxWords) {
      return run('cutAtWordLimit', { markdown, maxWords });
    },
    async buildFile({ format, ...rest }) {
      const input: BuildFileInput = { ...rest, format: format === 'pdf' ? 'typst' : format };
      const out = unwrap(await run<TaskResult<BuildFileOutput>>('buildFile', input, transferListOf(input.assets ?? [])));
      if (out.kind === 'bytes') return { bytes: out.bytes, diagnostics: out.diagnostics };
      try {
        return { bytes: await pdfs().compile(out.source, out.assets), diagnostics: out.diagnostics };
      } catch (err) {
        if (err instanceof EngineError && (err.code === 'UNREADABLE_INPUT' || err.code === 'EMPTY_INPUT')) {
          throw new AppError('UNREADABLE_INPUT', err.message);
        }
        // The PDF child's own budgets (engine write/typst/pool.ts): a sentence for the job, and no retry.
        if (err instanceof EngineError && err.code === 'TIME_LIMIT') throw new AppError('TASK_TIME_LIMIT', err.message);
        if (err instanceof EngineError && err.code === 'MEMORY_LIMIT') throw new AppError('TASK_MEMORY_LIMIT', err.message);
        throw err;
      }
    },
    async buildTypst(input) {
      const build: BuildFileInput = { ...input, layoutId: input.layout.id, format: 'typst', modified: new Date(0) };
      const out = unwrap(await run<TaskResult<BuildFileOutput>>('buildFile', build, transferListOf(build.assets ?? [])));
      if (out.kind !== 'typst') throw new AppError('INTERNAL', undefined, { cause: new Error('buildFile answered bytes for typst') });
      return { source: out.source, assets: out.assets, key: out.key, diagnostics: out.diagnostics };
    },
    typeset(source, assets) {
      if (closed) return Promise.reject(new AppError('INTERNAL', undefined, { cause: new Error('job runner closed') }));
      return pdfs().typeset(source, assets);
    },
    async readStyleGuide(input) {
      return unwrap(await run<TaskResult<ExtractedStyleGuide & { textChars: number }>>('readStyleGuide', input));
    },
    async searchTopic(input) {
      return unwrap(await run<TaskResult<TopicSearchResult>>('searchTopic', withAffinity(input, input.textHash)));
    },
    async passageText(input) {
      return unwrap(await run<TaskResult<PassageContent | null>>('passageText', withAffinity(input, input.textHash)));
    },
    async compileExtraction(input) {
      return unwrap(await run<TaskResult<CompileOutput>>('compileExtraction', withAffinity(input, input.textHash)));
    },
    renderPublicPage(input) {
      return run('renderPublicPage', input);
    },
    async buildOpeningTypst(input) {
      return unwrap(await run<TaskResult<{ source: string; assets: BookAsset[] }>>('buildOpeningTypst', input, transferListOf(input.assets ?? [])));
    },
    svgPages(source, assets, maxPages) {
      if (closed) return Promise.reject(new AppError('INTERNAL', undefined, { cause: new Error('job runner closed') }));
      return previews().svgPages(source, assets, maxPages);
    },
    rasterPages(request) {
      if (closed) return Promise.reject(new AppError('INTERNAL', undefined, { cause: new Error('job runner closed') }));
      return previews().rasterPages(request);
    },
    renderEbookCover(design) {
      if (closed) return Promise.reject(new AppError('INTERNAL', undefined, { cause: new Error('job runner closed') }));
      return renderEbookCover(design, { pool: previews() });
    },
    renderWrapCover(design, geometry) {
      if (closed) return Promise.reject(new AppError('INTERNAL', undefined, { cause: new Error('job runner closed') }));
      return renderWrapCover(design, geometry, { pool: previews() });
    },
    renderWrapPreview(design, geometry, widthPx) {
      if (closed) return Promise.reject(new AppError('INTERNAL', undefined, { cause: new Error('job runner closed') }));
      return renderWrapPreview(design, geometry, widthPx, { pool: previews() });
    },
    isOpen() {
      return !closed;
    },
    load() {
      return { waiting, running, threads, saturated: waiting >= threads * SATURATED_WAITING_PER_THREAD };
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([pool.destroy(), pdfPool?.close(), previewPool?.close()]);
    },
  };
}
