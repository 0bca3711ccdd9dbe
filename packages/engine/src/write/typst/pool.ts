/**
 * A pool of child processes that compile Typst to PDF off the caller's event loop, and render preview pages:
 * a short source's pages as SVG (`svgPages`), a typeset PDF's pages as WebP (`rasterPages`, pdf.js), and covers
 * (`cover`: a one-page PDF and its JPEG).
 *
 * Why processes and not worker threads: Typst compiles synchronously (a 700-page book holds a thread for
 * about 1.5 s) and its memo cache is process-global and only grows (40-130 MB per changed compile, not
 * given back when a worker thread ends; see STACK-NOTES section 2). A child process is therefore
 * replaced after `maxJobsPerProcess` compiles or when its resident memory passes `maxRssBytes`, and a
 * child that crashes or runs past `timeoutMs` is killed, its job rejected, and a fresh one started for
 * the next job. Jobs wait in a FIFO queue while all children are busy.
 */
import { childEntryBeside } from '../../child-entry.ts';
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
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
  /** A child is replaced once its resident set size is above this, in bytes (default 1.5 GiB). */
  maxRssBytes?: number;
  /**
   * A job taking longer than this, in milliseconds, from hand-over to the child until its PDF comes back
   * (a new child's start-up included), is killed and rejected (default 300,000 = 5 min; `Infinity`: never).
   */
  timeoutMs?: number;
  /**
   * The nice value the children run at (Unix: 0 to 19; default 0). A server sets its export children to yield the
   * CPU to the process answering requests: a War and Peace compile on one of two cores must not slow every other
   * user's page (issue 14, "Load"). Ignored where the system refuses it.
   */
  niceness?: number;
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
  resolve: (reply: Exclude<ChildReply, { type: 'failed' }>) => void;
  reject: (error: Error) => void;
}

interface Child {
  process: ChildProcess;
  jobsDone: number;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
  exited: Promise<void>;
}

/** The images as plain records (structured clone copies them to the child). */
function copyAssets(assets: TypstAssets | undefined): BookAsset[] {
  return assetList(assets).map((a) => ({ path: a.path, mediaType: a.mediaType, bytes: a.bytes }));
}

const DEFAULTS = { size: 1, maxJobsPerProcess: 8, maxRssBytes: 1.5 * 1024 ** 3, timeoutMs: 300_000, niceness: 0 };

/**
 * How to start the child entry: it sits next to this module with the same extension. A `.ts` entry
 * (running from source) gets the `tsx` loader through `--import`, resolved from this package so that it
 * works whether or not the parent itself was started with tsx; the parent's own `execArgv` (a test
 * runner's or a debugger's flags) is not passed on.
 */
function childEntry(): { path: string; execArgv: string[] } {
  return childEntryBeside(import.meta.url, 'pdf-child');
}

/** util-linux's `setpriv`, which can ask the kernel to kill a process when its parent dies (Linux only). */
const SETPRIV = '/usr/bin/setpriv';

/**
 * How to run node for a child so that it dies with its parent. A child busy in a Typst compile (one synchronous
 * native call) cannot see its IPC channel close, so after a `kill -9` of the server it would compile on, orphaned, for
 * as long as the compile takes (measured up to 17 s by `npm run crash-test`), slowing the restarted server. On Linux
 * the child is started through `setpriv --pdeathsig KILL` (prctl PR_SET_PDEATHSIG: the kernel kills it when the
 * thread that started it ends); elsewhere, or without `setpriv`, node is started directly and the child exits when
 * its channel closes.
 * @returns `fork`'s `execPath` and the arguments put before the child's own `execArgv`.
 */
function childRunner(): { execPath: string; before: string[] } {
  if (process.platform === 'linux' && existsSync(SETPRIV)) return { execPath: SETPRIV, before: ['--pdeathsig', 'KILL', process.execPath] };
  return { execPath: process.execPath, before: [] };
}

/**
 * A pool of PDF-compiling child processes.
 *
 * ```ts
 * const pool = new PdfProcessPool({ size: 2 });
 * const pdf = await pool.compile(writeTypst(doc, layout));   // Uint8Array, %PDF-...
 * await pool.close();
 * ```
 * Children start on demand and stay for the next job; idle children do not keep the parent alive.
 */
export class PdfProcessPool {
  readonly #options: Required<PdfProcessPoolOptions>;
  readonly #children = new Set<Child>();
  readonly #exits = new Set<Promise<void>>();
  readonly #queue: Job[] = [];
  #nextId = 1;
  #closed = false;

  /** @throws RangeError when an option is not a positive number (niceness: not a whole number from 0 to 19). */
  constructor(opts: PdfProcessPoolOptions = {}) {
    const options = { ...DEFAULTS, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) };
    for (const [key, value] of Object.entries(options)) {
      if (key === 'niceness') {
        if (!Number.isInteger(value) || value < 0 || value > 19) throw new RangeError('PdfProcessPool: niceness must be a whole number from 0 to 19');
      } else if (typeof value !== 'number' || !(value > 0)) throw new RangeError(`PdfProcessPool: ${key} must be a positive number`);
    }
    this.#options = { ...options, size: Math.floor(options.size), maxJobsPerProcess: Math.floor(options.maxJobsPerProcess) };
  }

  /**
   * Compiles a Typst source to PDF in a child process. `assets` are the book's images the source reads
   * (`doc.assets`, or a list); they are copied to the child with the job (structured clone).
   * Resolves with the PDF bytes. Rejects with EngineError `WRITE_FAILED` when Typst reports errors
   * (message holds the diagnostics), when the child crashes or times out, or when the pool is closed.
   */
  async compile(source: string, assets?: TypstAssets): Promise<Uint8Array> {
    return (await this.typeset(source, assets)).pdf;
  }

  /** {@link compile}, answering the PDF with its page count. Rejects as `compile` does. */
  async typeset(source: string, assets?: TypstAssets): Promise<TypesetPdf> {
    const reply = await this.#submit({ type: 'compile', source, assets: copyAssets(assets) });
    if (reply.type !== 'done') throw new EngineError('WRITE_FAILED', 'The typesetting process answered out of turn.');
    return { pdf: reply.pdf, pageCount: reply.pageCount };
  }

  /**
   * Typesets a short Typst source (a book's opening) and answers its first `maxPages` pages as standalone SVG
   * documents (`preview/svg-pages.ts`), with the page count of the whole source. Rejects as `compile` does.
   */
  async svgPages(source: string, assets: TypstAssets | undefined, maxPages: number): Promise<{ pages: SvgPage[]; pageCount: number }> {
    const reply = await this.#submit({ type: 'svg-pages', source, assets: copyAssets(assets), maxPages });
    if (reply.type !== 'svg-pages') throw new EngineError('WRITE_FAILED', 'The typesetting process answered out of turn.');
    return { pages: reply.pages, pageCount: reply.pageCount };
  }

  /**
   * Draws pages `fromPage`..`toPage` of a PDF this pool typeset as WebP images `widthPx` wide
   * (`preview/raster-pages.ts`); `key` identifies the PDF so that a child keeps the last one parsed.
   * Rejects with EngineError `WRITE_FAILED` when pdf.js fails or as `compile` does.
   */
  async rasterPages(request: RasterRequest): Promise<{ pages: RasterPage[]; pageCount: number }> {
    const reply = await this.#submit({ type: 'raster-pages', ...request });
    if (reply.type !== 'raster-pages') throw new EngineError('WRITE_FAILED', 'The typesetting process answered out of turn.');
    return { pages: reply.pages, pageCount: reply.pageCount };
  }

  /**
   * Renders a cover in a child process (`cover/render.ts` `renderCoverNow`): its PDF, and its JPEG when `job.raster`
   * asks for one. Rejects with EngineError `WRITE_FAILED` when Typst or pdf.js fails, or as `compile` does.
   */
  async cover(job: CoverJob): Promise<CoverResult> {
    const reply = await this.#submit({ type: 'cover', ...job, files: job.files.map((f) => ({ path: f.path, bytes: f.bytes })) });
    if (reply.type !== 'cover') throw new EngineError('WRITE_FAILED', 'The typesetting process answered out of turn.');
    return reply.image ? { pdf: reply.pdf, image: reply.image } : { pdf: reply.pdf };
  }

  #submit(request: JobRequest): Promise<Exclude<ChildReply, { type: 'failed' }>> {
    if (this.#closed) return Promise.reject(new EngineError('WRITE_FAILED', 'The PDF process pool is closed.'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, request, resolve, reject });
      this.#dispatch();
    });
  }

  /**
   * Stops the pool: queued jobs are rejected (EngineError `WRITE_FAILED`), running jobs finish, then every
   * child exits. Resolves when all children have exited.
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
    const { path, execArgv } = childEntry();
    const runner = childRunner();
    const proc = fork(path, [], {
      execPath: runner.execPath,
      execArgv: [...runner.before, ...execArgv],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    if (this.#options.niceness > 0 && proc.pid !== undefined) {
      try {
        setPriority(proc.pid, this.#options.niceness);
      } catch {
        // Not allowed here: the child runs at its parent's priority.
      }
    }
    let onExit!: () => void;
    const child: Child = { process: proc, jobsDone: 0, job: undefined, timer: undefined, exited: new Promise((r) => (onExit = r)) };
    this.#exits.add(child.exited);
    void child.exited.then(() => this.#exits.delete(child.exited));
    proc.on('message', (message: ChildReply) => this.#onReply(child, message));
    proc.on('error', (error) => this.#onGone(child, `could not run (${error.message})`));
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
    // setTimeout cannot wait longer than 2^31 - 1 ms; a larger (or infinite) timeout means none.
    if (this.#options.timeoutMs < 2 ** 31) {
      child.timer = setTimeout(() => {
        this.#fail(child, new EngineError('WRITE_FAILED', `Typesetting the PDF took longer than ${this.#options.timeoutMs / 1000} s and was stopped.`));
        child.process.kill('SIGKILL');
      }, this.#options.timeoutMs);
    }
    const request = { ...job.request, id: job.id } as ChildRequest;
    child.process.send(request, (error) => {
      if (error) this.#onGone(child, `could not receive the job (${error.message})`);
    });
  }

  #onReply(child: Child, message: ChildReply): void {
    const job = child.job;
    if (!job || message.id !== job.id) return;
    clearTimeout(child.timer);
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
    this.#fail(child, new EngineError('WRITE_FAILED', `The PDF typesetting process ${why}.`));
    if (this.#children.delete(child)) this.#dispatch();
  }

  #fail(child: Child, error: EngineError): void {
    clearTimeout(child.timer);
    const job = child.job;
    child.job = undefined;
    job?.reject(error);
  }

  /**
   * Takes an idle child out of the pool; it exits once its IPC channel is closed (killed if it has not
   * after 10 s). Its handle is referenced again so that `close()` can wait for the exit.
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
