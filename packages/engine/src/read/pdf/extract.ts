/**
 * Runs pdf.js text extraction in a child process and gets the pages back as text lines.
 *
 * Every uploaded PDF comes from a stranger and pdf.js has had remote-code bugs (CVE-2024-4367), so the
 * parser never runs in the server's processes: a fresh child per PDF (`extract-child.ts`) with
 * - an empty environment (no `DATABASE_URL`, API keys or anything else of the parent's),
 * - a V8 heap cap (`--max-old-space-size`) and a resident-memory watchdog that kills it above the cap
 *   (EngineError `MEMORY_LIMIT`),
 * - a time budget sized from the PDF's size, and the caller's AbortSignal, after which it is killed (EngineError
 *   `TIME_LIMIT`; issue 32, point 1),
 * - `setpriv --pdeathsig KILL` on Linux, so that it dies with the thread that forked it (a worker thread that is
 *   terminated, a server killed with -9), and an answer given only once it has been reaped, so that no zombie is left
 *   when that thread ends next (issue 32, point 9).
 */
import { childEntryBeside, childRunner, residentBytes, stopChild } from '../../child-entry.ts';
import { fork } from 'node:child_process';
import { EngineError } from '../../errors.ts';
import type { PdfPageLines } from './text-lines.ts';

/** Message from the parent to the extraction child. */
export type ExtractRequest = { type: 'extract'; bytes: Uint8Array } | { type: 'probe' };

/**
 * Message from the extraction child to the parent.
 * - `done`: every page (empty pages included, in order) and the document information dictionary's
 *   title, author and language (`/Lang` of the catalogue), when present;
 * - `failed`: `encrypted` (pdf.js asked for a password), `invalid` (not a PDF), `error` (anything else);
 * - `probe`: the names of the child's environment variables and its V8 heap limit in MiB (for tests).
 */
export type ExtractReply =
  | { type: 'done'; pages: PdfPageLines[]; info: { title?: string; author?: string; language?: string } }
  | { type: 'failed'; reason: 'encrypted' | 'invalid' | 'error'; message: string }
  | { type: 'probe'; envKeys: string[]; heapLimitMb: number };

/** Limits of one extraction. */
export interface ExtractLimits {
  /**
   * Wall time from start-up to answer, in milliseconds. Default: sized from the PDF, {@link extractBudgetMs}
   * (60 s, plus 6 s per MiB).
   */
  timeoutMs?: number;
  /** Memory cap of the child in MiB, for both its V8 heap and its resident set (default 512). */
  maxMemoryMb?: number;
  /** Cancels the extraction: the child is killed and the call rejects with EngineError `TIME_LIMIT`. */
  signal?: AbortSignal;
}

/**
 * Default limits: 60 s and 512 MB per PDF from the import rules of issue 3, the time growing by 6 s per MiB of PDF
 * (issue 32, point 1: a budget sized from the input). pdf.js reads the text of a 300-page novel in 1-2 s, so a
 * 10 MB upload (the server's cap), 120 s, has a margin of well over ten for a real book on a slow, loaded machine.
 */
export const EXTRACT_DEFAULTS = { timeoutMs: 60_000, timeoutMsPerMb: 6_000, maxMemoryMb: 512 } as const;

/** The default time budget of an extraction of `byteLength` bytes of PDF, ms ({@link EXTRACT_DEFAULTS}). */
export function extractBudgetMs(byteLength: number): number {
  return EXTRACT_DEFAULTS.timeoutMs + (EXTRACT_DEFAULTS.timeoutMsPerMb * byteLength) / 2 ** 20;
}

/** How often the resident-memory watchdog looks at the child, in milliseconds. */
const WATCH_INTERVAL_MS = 100;

/** The user-facing messages of extraction failures. */
export const PDF_MESSAGES = {
  encrypted: 'This PDF is encrypted (password-protected). Remove the protection and upload it again.',
  noText: 'This PDF has no text layer (it looks like a scan). Run OCR on it first, or upload the text.',
  invalid: 'This file is not a readable PDF: it is damaged, or it is not a PDF at all.',
  timeout: (s: number) => `Reading this PDF took too long (more than ${s} s) and was stopped. Upload the text of the book instead.`,
  cancelled: 'Reading this PDF took too long and was stopped. Upload the text of the book instead.',
  memory: (mb: number) => `Reading this PDF needed more than ${mb} MB of memory and was stopped. Upload the text of the book instead.`,
  failed: 'This PDF could not be read. Upload the text of the book instead.',
} as const;

/**
 * How to start the child: the entry sits next to this module with the same extension; a `.ts` entry gets
 * the `tsx` loader, resolved from this package (as `write/typst/pool.ts` does). The parent's `execArgv`
 * is not passed on.
 */
function childEntry(maxMemoryMb: number): { path: string; execArgv: string[] } {
  return childEntryBeside(import.meta.url, 'extract-child', maxMemoryMb);
}


/**
 * Starts an extraction child, sends it `request`, and resolves with its first answer.
 * The child is killed on answer, past its time budget, above the memory cap and when `limits.signal` aborts, and the
 * call settles only once the child has been reaped.
 * @throws EngineError (rejection) `TIME_LIMIT` when the child runs past `timeoutMs` (default sized from the PDF:
 *   {@link extractBudgetMs}) or `signal` aborts (at once when it already has); `MEMORY_LIMIT` when it passes
 *   `maxMemoryMb` (its resident set, or its V8 heap cap: an out-of-memory crash); `UNREADABLE_INPUT` when it dies
 *   without answering for another reason.
 * @throws RangeError when a limit is not a positive number.
 */
export function runExtractChild(request: ExtractRequest, limits: ExtractLimits = {}): Promise<ExtractReply> {
  const timeoutMs = limits.timeoutMs ?? extractBudgetMs(request.type === 'extract' ? request.bytes.byteLength : 0);
  const maxMemoryMb = limits.maxMemoryMb ?? EXTRACT_DEFAULTS.maxMemoryMb;
  if (!(timeoutMs > 0) || !(maxMemoryMb > 0)) throw new RangeError('readPdf: timeoutMs and maxMemoryMb must be positive numbers');
  const { signal } = limits;
  if (signal?.aborted) return Promise.reject(new EngineError('TIME_LIMIT', PDF_MESSAGES.cancelled, { cause: signal.reason }));
  const { path, execArgv } = childEntry(maxMemoryMb);
  const runner = childRunner();
  const child = fork(path, [], {
    execPath: runner.execPath,
    execArgv: [...runner.before, ...execArgv],
    env: {},
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  return new Promise<ExtractReply>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: { reply: ExtractReply } | { error: Error }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watchdog);
      signal?.removeEventListener('abort', onAbort);
      // Answered only once the child is reaped: see `stopChild` on worker threads.
      void stopChild(child).then(() => {
        if ('reply' in outcome) resolve(outcome.reply);
        else reject(outcome.error);
      });
    };
    const onAbort = (): void => finish({ error: new EngineError('TIME_LIMIT', PDF_MESSAGES.cancelled, { cause: signal?.reason }) });
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(
      () => finish({ error: new EngineError('TIME_LIMIT', PDF_MESSAGES.timeout(Math.round(timeoutMs / 100) / 10)) }),
      Math.min(timeoutMs, 2 ** 31 - 1),
    );
    const watchdog = setInterval(() => {
      const rss = child.pid === undefined ? undefined : residentBytes(child.pid);
      if (rss !== undefined && rss > maxMemoryMb * 2 ** 20) finish({ error: new EngineError('MEMORY_LIMIT', PDF_MESSAGES.memory(maxMemoryMb)) });
    }, WATCH_INTERVAL_MS);
    child.on('message', (reply: ExtractReply) => finish({ reply }));
    child.on('error', (error) => finish({ error: new EngineError('UNREADABLE_INPUT', PDF_MESSAGES.failed, { cause: error }) }));
    child.on('exit', (code, signalName) => {
      const outOfMemory = /heap out of memory|allocation failed/i.test(stderr);
      const cause = new Error(`PDF extraction process ${signalName ? `stopped by ${signalName}` : `exited with code ${code}`}: ${stderr.trim().slice(-500)}`);
      const error = outOfMemory
        ? new EngineError('MEMORY_LIMIT', PDF_MESSAGES.memory(maxMemoryMb), { cause })
        : new EngineError('UNREADABLE_INPUT', PDF_MESSAGES.failed, { cause });
      finish({ error });
    });
    child.send(request, (error) => {
      if (error) finish({ error: new EngineError('UNREADABLE_INPUT', PDF_MESSAGES.failed, { cause: error }) });
    });
  });
}

/**
 * Extracts the text lines of every page of a PDF in a child process.
 * @param bytes the PDF file.
 * @returns pages in order (see {@link PdfPageLines}) and the document information's title, author, language.
 * @throws EngineError `UNREADABLE_INPUT` for an encrypted PDF, bytes that are not a PDF or a parser failure;
 *   `TIME_LIMIT` past the time budget or when `limits.signal` aborts; `MEMORY_LIMIT` past the memory cap (messages
 *   in {@link PDF_MESSAGES}).
 */
export async function extractPdfLines(
  bytes: Uint8Array,
  limits: ExtractLimits = {},
): Promise<Extract<ExtractReply, { type: 'done' }>> {
  const reply = await runExtractChild({ type: 'extract', bytes }, limits);
  if (reply.type === 'done') return reply;
  if (reply.type === 'failed' && reply.reason === 'encrypted') throw new EngineError('UNREADABLE_INPUT', PDF_MESSAGES.encrypted);
  if (reply.type === 'failed' && reply.reason === 'invalid') throw new EngineError('UNREADABLE_INPUT', PDF_MESSAGES.invalid);
  throw new EngineError('UNREADABLE_INPUT', PDF_MESSAGES.failed, { cause: new Error(reply.type === 'failed' ? reply.message : 'unexpected reply') });
}
