/**
 * A pool of child processes that compile Typst to PDF off the caller's event loop, and render preview pages:
 * a short source's pages as SVG (`svgPages`), a typeset PDF's pages as WebP (`rasterPages`, pdf.js), and covers
 * (`cover`: a one-page PDF and its JPEG).
 *
 * Why processes and not worker threads: Typst compiles synchronously (a 700-page book holds a thread for
 * about 1.5 s) and its memo cache is process-global and only grows (40-130 MB per changed compile, not
 * given back when a worker thread ends; see STACK-NOTES section 2). A child process is therefore
 * replaced after `maxJobsPerProcess` compiles or when its resident memory passes `maxRssBytes`. Jobs wait in a
 * FIFO queue while all children are busy.
 *
 * Every job has budgets (issue 32, point 1: a few kilobytes of hostile Typst must not hold a child, and every job
 * queued behind it, for good): a time budget sized from its input ({@link pdfJobBudgetMs}), a resident-memory budget
 * polled while it runs (`maxJobRssBytes`) and a V8 heap cap (`maxHeapMb`); the caller may also cancel it with an
 * AbortSignal. A job past a budget, or cancelled, has its child killed (SIGKILL: a compile is one synchronous native
 * call) and reaped, and rejects with EngineError `TIME_LIMIT` or `MEMORY_LIMIT`; a crashed child's job rejects with
 * `WRITE_FAILED`. Either way the next job runs on a fresh child. Every child is waited for (`exit`, which Node emits
 * after reaping it) before the pool lets it go, so none is left a zombie (issue 32, point 9).
 */
import { childEntryBeside, childRunner, residentBytes, stopChild } from '../../child-entry.ts';
import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { EngineError } from '../../errors.ts';
import type { BookAsset } from '../../model/book-document.ts';
import type { RasterPage, RasterRequest } from '../preview/raster-pages.ts';
import type { SvgPage } from '../preview/svg-pages.ts';
import type { CoverJob, CoverResult } from '../../cover/render.ts';
import { assetList, type TypesetPdf, type TypstAssets } from './compile.ts';

/** Options of a {@link PdfProcessPool}. */
export interface PdfProcessPoolOptions {
  /** Number of child processes compiling at the same time (default 1). */
  size?: number;
  /** A child is replaced after this many compiles (default 8), which bounds Typst's cache growth. */
  maxJobsPerProcess?: number;
  /** A child is replaced once its resident set size after a job is above this, in bytes (default 1.5 GiB). */
  maxRssBytes?: number;
  /**
   * A fixed time budget for every job, in milliseconds, instead of the one sized from each job's input
   * ({@link pdfJobBudgetMs}); `Infinity`: never stopped. Default: unset (sized budgets). Kept for callers that set
   * one limit for everything; a job's own `timeoutMs` ({@link PdfJobOptions}) wins over it.
   */
  timeoutMs?: number;
  /** How the time budget of a job is sized from its input; each field defaults to {@link PDF_JOB_BUDGET}'s. */
  budget?: Partial<PdfJobBudget>;
  /**
   * A job whose child's resident set passes this while the job runs, in bytes, is stopped: the child is killed and
   * the job rejects with EngineError `MEMORY_LIMIT` (default 4 GiB). Polled every 250 ms (Linux `/proc`; elsewhere
   * only the heap cap applies). Typst's memory is native, outside the JS heap, so this is what stops a runaway
   * compile: a 1.1 MB 20000 x 20000 PNG took a child to 6.25 GB (issue 32, point 3). 4 GiB is the 1.5 GiB a child
   * may keep between jobs (`maxRssBytes`) plus more than twice the peak of any real book's compile (STACK-NOTES
   * section 2: 40-130 MB of growth per 720-page compile, about 1.2 GB after 15 compiles).
   */
  maxJobRssBytes?: number;
  /**
   * The V8 heap cap of a child (`--max-old-space-size`), in MiB (default 2048). The JS heap holds only the source
   * string, the PDF bytes and pdf.js's parse of one PDF (a few hundred MB for War and Peace); a child that passes it
   * dies with a heap out-of-memory error and its job rejects with EngineError `MEMORY_LIMIT`.
   */
  maxHeapMb?: number;
  /**
   * The nice value the children run at (Unix: 0 to 19; default 0). A server sets its export children to yield the
   * CPU to the process answering requests: a War and Peace compile on one of two cores must not slow every other
   * user's page (issue 14, "Load"). Ignored where the system refuses it.
   */
  niceness?: number;
}

/** How a job's time budget grows with its input: see {@link PDF_JOB_BUDGET} and {@link pdfJobBudgetMs}. */
export interface PdfJobBudget {
  /** Milliseconds every job gets, whatever its size. */
  baseMs: number;
  /** Milliseconds per MiB (2^20 bytes) of Typst source, UTF-8. */
  msPerSourceMb: number;
  /** Milliseconds per MiB of bytes sent with the job: a book's images, a cover's files, the PDF whose pages are drawn. */
  msPerBinaryMb: number;
  /** Milliseconds per page drawn (`svgPages`' `maxPages`, `rasterPages`' range). */
  msPerPage: number;
}

/**
 * The default time budget of a job: 60 s, plus 30 s per MiB of Typst source, 5 s per MiB of images or PDF, 2 s per
 * page drawn. Why these values (issue 32, point 1: "a time budget sized from its input"):
 * - a budget must never fire for a real book: War and Peace, 4.4 MB of Typst markup, compiles in about 8 s on the
 *   2-core development machine (1.8 s/MB), and a two-sided book may be typeset more than once in a job (spread
 *   balancing, loosenings), so 30 s/MB is more than ten times what a real book needs; War and Peace gets 60 + 132 =
 *   192 s. CI machines are slower and loaded, hence the margin.
 * - the base covers a fresh child's start-up (Node, the TypeScript loader, the fonts: 1-3 s, more on a loaded
 *   machine), a cover's JPEG and pdf.js's first parse of a PDF, also with a margin of ten or more;
 * - images are only decoded and embedded (tens of MB per second), so 5 s/MB is generous; the pixel count, which
 *   decoding time follows, is bounded where images enter (issue 32, point 3), and memory by `maxJobRssBytes`;
 * - pdf.js draws one page of a Quire PDF in 40-120 ms (`preview/raster-pages.ts`), so 2 s a page is twenty times that.
 * A hostile few-kilobyte source that loops forever is thus stopped after about a minute instead of holding a child
 * (and every job queued behind it) for good.
 */
export const PDF_JOB_BUDGET: Readonly<PdfJobBudget> = { baseMs: 60_000, msPerSourceMb: 30_000, msPerBinaryMb: 5_000, msPerPage: 2_000 };

/** Per-job options of the {@link PdfProcessPool} methods. */
export interface PdfJobOptions {
  /**
   * Cancels the job. Still queued, it is dropped; running, its child is killed (SIGKILL), reaped and replaced for
   * the next job. Either way the job rejects with the signal's reason when that is an EngineError, else with
   * EngineError `TIME_LIMIT`. An already aborted signal rejects at once. The server passes the signal of the task
   * whose budget covers the job, or of a request whose client has gone.
   */
  signal?: AbortSignal;
  /** This job's time budget in milliseconds, instead of the sized one ({@link pdfJobBudgetMs}); `Infinity`: none. */
  timeoutMs?: number;
}

/** A compile job's Typst source and the book's images (bytes travel as they are). */
interface SourceJob {
  source: string;
  assets: BookAsset[];
}

/**
 * Message from the pool to a child:
 * - `compile`: typeset the source to PDF;
 * - `svg-pages`: typeset the source and answer its first `maxPages` pages as SVG (a book's opening);
 * - `raster-pages`: draw pages of a PDF already typeset (`key` names it, so the child can keep it parsed);
 * - `cover`: typeset a cover (`cover/render.ts`) and, when asked, draw it as a JPEG.
 */
export type ChildRequest =
  | ({ type: 'compile'; id: number } & SourceJob)
  | ({ type: 'svg-pages'; id: number; maxPages: number } & SourceJob)
  | ({ type: 'raster-pages'; id: number } & RasterRequest)
  | ({ type: 'cover'; id: number } & CoverJob);

/** Message from a child to the pool (`rss`: the child's resident set size in bytes after the job). */
export type ChildReply =
  | { type: 'done'; id: number; pdf: Uint8Array; pageCount: number; rss: number }
  | { type: 'svg-pages'; id: number; pages: SvgPage[]; pageCount: number; rss: number }
  | { type: 'raster-pages'; id: number; pages: RasterPage[]; pageCount: number; rss: number }
  | ({ type: 'cover'; id: number; rss: number } & CoverResult)
  | { type: 'failed'; id: number; message: string; rss: number };

/** A request without its id (the pool numbers it). */
type JobRequest = ChildRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface Job {
  id: number;
  request: JobRequest;
  /** The job's time budget, ms (`Infinity`: none). */
  budgetMs: number;
  resolve: (reply: Exclude<ChildReply, { type: 'failed' }>) => void;
  reject: (error: Error) => void;
}

interface Child {
  process: ChildProcess;
  jobsDone: number;
  job: Job | undefined;
  /** The running job's time budget. */
  timer: NodeJS.Timeout | undefined;
  /** The running job's resident-memory watch. */
  watch: NodeJS.Timeout | undefined;
  /** The last 4,000 characters the child wrote to stderr (to tell a heap out-of-memory death). */
  stderr: string;
  exited: Promise<void>;
}

/** The images as plain records (structured clone copies them to the child). */
function copyAssets(assets: TypstAssets | undefined): BookAsset[] {
  return assetList(assets).map((a) => ({ path: a.path, mediaType: a.mediaType, bytes: a.bytes }));
}

const DEFAULTS = { size: 1, maxJobsPerProcess: 8, maxRssBytes: 1.5 * 1024 ** 3, maxJobRssBytes: 4 * 1024 ** 3, maxHeapMb: 2048, niceness: 0 };

/** How often a running job's resident memory is looked at, ms. */
const WATCH_INTERVAL_MS = 250;

/** How long a killed child may take to be reaped before its job is rejected anyway, ms (SIGKILL takes milliseconds). */
const REAP_WAIT_MS = 5_000;

/** What V8 writes to stderr when a process passes its heap cap. */
const HEAP_OUT_OF_MEMORY = /heap out of memory|allocation failed/i;

const MIB = 2 ** 20;

/**
 * How to start the child entry: it sits next to this module with the same extension (`child-entry.ts`), with its V8
 * heap capped at `maxHeapMb`. The parent's own `execArgv` (a test runner's or a debugger's flags) is not passed on.
 */
function childEntry(maxHeapMb: number): { path: string; execArgv: string[] } {
  return childEntryBeside(import.meta.url, 'pdf-child', maxHeapMb);
}

/**
 * The time budget of a pool job, in milliseconds, sized from its input with `budget` (default {@link PDF_JOB_BUDGET}):
 * `baseMs` + `msPerSourceMb` x MiB of Typst source (UTF-8) + `msPerBinaryMb` x MiB of images, cover files or PDF
 * + `msPerPage` x pages drawn. Pure; never throws.
 */
export function pdfJobBudgetMs(request: JobRequest, budget: Readonly<PdfJobBudget> = PDF_JOB_BUDGET): number {
  let sourceBytes = 0;
  let binaryBytes = 0;
  let pages = 0;
  switch (request.type) {
    case 'compile':
    case 'svg-pages':
      sourceBytes = Buffer.byteLength(request.source, 'utf8');
      binaryBytes = request.assets.reduce((n, a) => n + a.bytes.byteLength, 0);
      pages = request.type === 'svg-pages' ? request.maxPages : 0;
      break;
    case 'raster-pages':
      binaryBytes = request.pdf.byteLength;
      pages = Math.max(1, request.toPage - request.fromPage + 1);
      break;
    case 'cover':
      sourceBytes = Buffer.byteLength(request.source, 'utf8');
      binaryBytes = request.files.reduce((n, f) => n + f.bytes.byteLength, 0);
      pages = 1;
      break;
  }
  return budget.baseMs + (budget.msPerSourceMb * sourceBytes) / MIB + (budget.msPerBinaryMb * binaryBytes) / MIB + budget.msPerPage * pages;
}

/** What a job does, for its messages ("Typesetting the PDF took longer than ..."). */
function jobName(request: JobRequest): string {
  switch (request.type) {
    case 'compile':
      return 'Typesetting the PDF';
    case 'svg-pages':
      return 'Typesetting the preview';
    case 'raster-pages':
      return 'Drawing the preview pages';
    case 'cover':
      return 'Rendering the cover';
  }
}

/** Seconds for a message: whole seconds, or tenths below ten. */
function seconds(ms: number): string {
  return ms >= 10_000 ? String(Math.round(ms / 1000)) : String(Math.round(ms / 100) / 10);
}

/** The rejection of a job whose caller's signal aborted: the signal's own EngineError, or a `TIME_LIMIT` one. */
function abortError(request: JobRequest, signal: AbortSignal): EngineError {
  if (signal.reason instanceof EngineError) return signal.reason;
  return new EngineError('TIME_LIMIT', `${jobName(request)} took too long and was stopped.`, { cause: signal.reason });
}


/**
 * A pool of PDF-compiling child processes.
 *
 * ```ts
 * const pool = new PdfProcessPool({ size: 2 });
 * const pdf = await pool.compile(writeTypst(doc, layout));   // Uint8Array, %PDF-...
 * const preview = await pool.svgPages(source, assets, 4, { signal: request.signal });
 * await pool.close();
 * ```
 * Children start on demand and stay for the next job; idle children do not keep the parent alive. Every job has a
 * time budget (sized from its input, {@link pdfJobBudgetMs}) and a memory budget (`maxJobRssBytes`, `maxHeapMb`), and
 * may be cancelled by an AbortSignal: a job past either budget, or cancelled, has its child killed (SIGKILL) and
 * reaped, and rejects with EngineError `TIME_LIMIT` or `MEMORY_LIMIT`; the jobs queued behind it run on a fresh child.
 */
export class PdfProcessPool {
  readonly #options: Required<Omit<PdfProcessPoolOptions, 'timeoutMs' | 'budget'>> & { timeoutMs: number | undefined };
  readonly #budget: Readonly<PdfJobBudget>;
  readonly #children = new Set<Child>();
  readonly #exits = new Set<Promise<void>>();
  readonly #queue: Job[] = [];
  #nextId = 1;
  #closed = false;

  /**
   * @throws RangeError when an option is not a positive number (niceness: not a whole number from 0 to 19; a budget
   *   field: negative, or a zero `baseMs`).
   */
  constructor(opts: PdfProcessPoolOptions = {}) {
    const { budget = {}, timeoutMs, ...rest } = opts;
    const options = { ...DEFAULTS, ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) };
    for (const [key, value] of Object.entries(options)) {
      if (key === 'niceness') {
        if (!Number.isInteger(value) || value < 0 || value > 19) throw new RangeError('PdfProcessPool: niceness must be a whole number from 0 to 19');
      } else if (typeof value !== 'number' || !(value > 0)) throw new RangeError(`PdfProcessPool: ${key} must be a positive number`);
    }
    if (timeoutMs !== undefined && !(timeoutMs > 0)) throw new RangeError('PdfProcessPool: timeoutMs must be a positive number');
    const sized: PdfJobBudget = { ...PDF_JOB_BUDGET, ...Object.fromEntries(Object.entries(budget).filter(([, v]) => v !== undefined)) };
    for (const [key, value] of Object.entries(sized)) {
      if (typeof value !== 'number' || !(value >= 0)) throw new RangeError(`PdfProcessPool: budget.${key} must be a number of 0 or more`);
    }
    if (!(sized.baseMs > 0)) throw new RangeError('PdfProcessPool: budget.baseMs must be a positive number');
    this.#budget = sized;
    this.#options = { ...options, size: Math.floor(options.size), maxJobsPerProcess: Math.floor(options.maxJobsPerProcess), timeoutMs };
  }

  /**
   * Compiles a Typst source to PDF in a child process. `assets` are the book's images the source reads
   * (`doc.assets`, or a list); they are copied to the child with the job (structured clone).
   * Resolves with the PDF bytes. Rejects with EngineError `WRITE_FAILED` when Typst reports errors
   * (message holds the diagnostics), when the child crashes, or when the pool is closed; `TIME_LIMIT` when the job
   * runs past its time budget (`opts.timeoutMs`, else sized from the source and images: {@link pdfJobBudgetMs}) or
   * `opts.signal` aborts; `MEMORY_LIMIT` when its child passes `maxJobRssBytes` or its heap cap.
   */
  async compile(source: string, assets?: TypstAssets, opts?: PdfJobOptions): Promise<Uint8Array> {
    return (await this.typeset(source, assets, opts)).pdf;
  }

  /** {@link compile}, answering the PDF with its page count. Rejects as `compile` does. */
  async typeset(source: string, assets?: TypstAssets, opts?: PdfJobOptions): Promise<TypesetPdf> {
    const reply = await this.#submit({ type: 'compile', source, assets: copyAssets(assets) }, opts);
    if (reply.type !== 'done') throw new EngineError('WRITE_FAILED', 'The typesetting process answered out of turn.');
    return { pdf: reply.pdf, pageCount: reply.pageCount };
  }

  /**
   * Typesets a short Typst source (a book's opening) and answers its first `maxPages` pages as standalone SVG
   * documents (`preview/svg-pages.ts`), with the page count of the whole source. Rejects as `compile` does.
   */
  async svgPages(source: string, assets: TypstAssets | undefined, maxPages: number, opts?: PdfJobOptions): Promise<{ pages: SvgPage[]; pageCount: number }> {
    const reply = await this.#submit({ type: 'svg-pages', source, assets: copyAssets(assets), maxPages }, opts);
    if (reply.type !== 'svg-pages') throw new EngineError('WRITE_FAILED', 'The typesetting process answered out of turn.');
    return { pages: reply.pages, pageCount: reply.pageCount };
  }

  /**
   * Draws pages `fromPage`..`toPage` of a PDF this pool typeset as WebP images `widthPx` wide
   * (`preview/raster-pages.ts`); `key` identifies the PDF so that a child keeps the last one parsed.
   * Rejects with EngineError `WRITE_FAILED` when pdf.js fails, or as `compile` does (the budget is sized from the
   * PDF's bytes and the number of pages).
   */
  async rasterPages(request: RasterRequest, opts?: PdfJobOptions): Promise<{ pages: RasterPage[]; pageCount: number }> {
    const reply = await this.#submit({ type: 'raster-pages', ...request }, opts);
    if (reply.type !== 'raster-pages') throw new EngineError('WRITE_FAILED', 'The typesetting process answered out of turn.');
    return { pages: reply.pages, pageCount: reply.pageCount };
  }

  /**
   * Renders a cover in a child process (`cover/render.ts` `renderCoverNow`): its PDF, and its JPEG when `job.raster`
   * asks for one. Rejects with EngineError `WRITE_FAILED` when Typst or pdf.js fails, or as `compile` does.
   */
  async cover(job: CoverJob, opts?: PdfJobOptions): Promise<CoverResult> {
    const reply = await this.#submit({ type: 'cover', ...job, files: job.files.map((f) => ({ path: f.path, bytes: f.bytes })) }, opts);
    if (reply.type !== 'cover') throw new EngineError('WRITE_FAILED', 'The typesetting process answered out of turn.');
    return reply.image ? { pdf: reply.pdf, image: reply.image } : { pdf: reply.pdf };
  }

  #submit(request: JobRequest, opts: PdfJobOptions = {}): Promise<Exclude<ChildReply, { type: 'failed' }>> {
    if (this.#closed) return Promise.reject(new EngineError('WRITE_FAILED', 'The PDF process pool is closed.'));
    const { signal } = opts;
    if (signal?.aborted) return Promise.reject(abortError(request, signal));
    const budgetMs = opts.timeoutMs ?? this.#options.timeoutMs ?? pdfJobBudgetMs(request, this.#budget);
    if (!(budgetMs > 0)) return Promise.reject(new RangeError('PdfProcessPool: timeoutMs must be a positive number'));
    return new Promise((resolve, reject) => {
      const onAbort = (): void => this.#cancel(job, abortError(request, signal!));
      // The listener goes with the job, so a long-lived signal (a server's) does not collect one per job.
      const done = (): void => signal?.removeEventListener('abort', onAbort);
      const job: Job = {
        id: this.#nextId++,
        request,
        budgetMs,
        resolve: (reply) => {
          done();
          resolve(reply);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(job);
      this.#dispatch();
    });
  }

  /**
   * Stops the pool: queued jobs are rejected (EngineError `WRITE_FAILED`), running jobs finish (or run out of their
   * budget), then every child exits. Resolves when all children have exited and been reaped.
   */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(new EngineError('WRITE_FAILED', 'The PDF process pool was closed.'));
    for (const child of this.#children) if (!child.job) this.#retire(child);
    while (this.#exits.size > 0) await Promise.all([...this.#exits]);
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      let child = [...this.#children].find((c) => !c.job);
      if (!child) {
        if (this.#children.size >= this.#options.size) return;
        child = this.#spawn();
      }
      this.#run(child, this.#queue.shift()!);
    }
  }

  #spawn(): Child {
    const { path, execArgv } = childEntry(this.#options.maxHeapMb);
    const runner = childRunner();
    const proc = fork(path, [], {
      execPath: runner.execPath,
      execArgv: [...runner.before, ...execArgv],
      serialization: 'advanced',
      // stderr is piped (and passed on) so that a heap out-of-memory death can be told; the pipe closes with the child.
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    if (this.#options.niceness > 0 && proc.pid !== undefined) {
      try {
        setPriority(proc.pid, this.#options.niceness);
      } catch {
        // Not allowed here: the child runs at its parent's priority.
      }
    }
    let onExit!: () => void;
    const exited = new Promise<void>((resolve) => (onExit = resolve));
    const child: Child = { process: proc, jobsDone: 0, job: undefined, timer: undefined, watch: undefined, stderr: '', exited };
    this.#exits.add(exited);
    void exited.then(() => this.#exits.delete(exited));
    proc.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      child.stderr = (child.stderr + chunk.toString('utf8')).slice(-4000);
    });
    proc.on('message', (message: ChildReply) => this.#onReply(child, message));
    proc.on('error', (error) => {
      this.#onGone(child, `could not run (${error.message})`);
      // A process that never started has no `exit` to wait for; one that did but cannot be reached (its channel
      // broken) is of no further use and is killed, so that it neither runs on nor keeps this process alive.
      if (proc.pid === undefined) onExit();
      else if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    });
    // `exit` comes after libuv has reaped the process (waitpid): once it has fired, no zombie of the child is left.
    proc.on('exit', (code, signal) => {
      this.#onGone(child, signal ? `stopped by signal ${signal}` : `exited with code ${code}`);
      onExit();
    });
    this.#children.add(child);
    return child;
  }

  #run(child: Child, job: Job): void {
    child.job = job;
    child.process.ref();
    child.process.channel?.ref();
    const what = jobName(job.request);
    // setTimeout cannot wait longer than 2^31 - 1 ms; a larger (or infinite) budget means none.
    if (job.budgetMs < 2 ** 31) {
      child.timer = setTimeout(() => {
        const message = `${what} took longer than ${seconds(job.budgetMs)} s, the time allowed for this input, and was stopped.`;
        this.#kill(child, new EngineError('TIME_LIMIT', message));
      }, job.budgetMs);
    }
    const pid = child.process.pid;
    if (pid !== undefined) {
      child.watch = setInterval(() => {
        const rss = residentBytes(pid);
        if (rss === undefined || rss <= this.#options.maxJobRssBytes) return;
        const mb = Math.round(this.#options.maxJobRssBytes / MIB);
        this.#kill(child, new EngineError('MEMORY_LIMIT', `${what} needed more than ${mb} MB of memory and was stopped.`));
      }, WATCH_INTERVAL_MS);
      child.watch.unref();
    }
    const request = { ...job.request, id: job.id } as ChildRequest;
    child.process.send(request, (error) => {
      // A child that cannot take its job (channel broken) is of no further use: it is killed, not left running.
      if (error && child.job === job) {
        this.#kill(child, new EngineError('WRITE_FAILED', `The PDF typesetting process could not receive the job (${error.message}).`));
      }
    });
  }

  #onReply(child: Child, message: ChildReply): void {
    const job = child.job;
    if (!job || message.id !== job.id) return;
    this.#stopWatching(child);
    child.job = undefined;
    child.jobsDone += 1;
    if (message.type === 'failed') job.reject(new EngineError('WRITE_FAILED', message.message));
    else job.resolve(message);
    if (this.#closed || child.jobsDone >= this.#options.maxJobsPerProcess || message.rss > this.#options.maxRssBytes) {
      this.#retire(child);
    } else {
      child.process.unref();
      child.process.channel?.unref();
    }
    this.#dispatch();
  }

  /** The child died or could not be reached: its job (if any) fails, and it leaves the pool. */
  #onGone(child: Child, why: string): void {
    this.#stopWatching(child);
    const job = child.job;
    child.job = undefined;
    if (job) {
      const outOfMemory = HEAP_OUT_OF_MEMORY.test(child.stderr);
      const what = jobName(job.request);
      job.reject(
        outOfMemory
          ? new EngineError('MEMORY_LIMIT', `${what} needed more than ${this.#options.maxHeapMb} MB of memory and was stopped.`)
          : new EngineError('WRITE_FAILED', `The PDF typesetting process ${why}.`),
      );
    }
    if (this.#children.delete(child)) this.#dispatch();
  }

  #stopWatching(child: Child): void {
    clearTimeout(child.timer);
    clearInterval(child.watch);
    child.timer = undefined;
    child.watch = undefined;
  }

  /**
   * Stops a child in the middle of its job (budget passed, signal aborted, channel broken): it leaves the pool at once,
   * so the next queued job starts on a fresh child; it is killed with SIGKILL (a Typst compile is one synchronous
   * native call that no message can interrupt); and its job rejects with `error` once the child has been reaped.
   */
  #kill(child: Child, error: Error): void {
    this.#stopWatching(child);
    const job = child.job;
    child.job = undefined;
    this.#children.delete(child);
    child.process.ref();
    const reaped = stopChild(child.process);
    // A process stuck in the kernel may take long to die; its job is not kept waiting for that.
    const late = new Promise<void>((resolve) => setTimeout(resolve, REAP_WAIT_MS).unref());
    void Promise.race([reaped, late]).then(() => job?.reject(error));
    this.#dispatch();
  }

  /** The job's signal aborted: dropped from the queue, or its child killed. */
  #cancel(job: Job, error: Error): void {
    const queued = this.#queue.indexOf(job);
    if (queued >= 0) {
      this.#queue.splice(queued, 1);
      job.reject(error);
      return;
    }
    const child = [...this.#children].find((c) => c.job === job);
    if (child) this.#kill(child, error);
  }

  /**
   * Takes an idle child out of the pool; it exits once its IPC channel is closed (killed if it has not
   * after 10 s). Its handle is referenced again so that `close()` can wait for the exit (and the reaping).
   */
  #retire(child: Child): void {
    this.#children.delete(child);
    const proc = child.process;
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.ref();
    if (proc.connected) proc.disconnect();
    else proc.kill();
    const killer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    killer.unref();
    void child.exited.then(() => clearTimeout(killer));
  }
}
