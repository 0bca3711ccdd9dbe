/**
 * Runs pdf.js text extraction in a child process and gets the pages back as text lines.
 *
 * Every uploaded PDF comes from a stranger and pdf.js has had remote-code bugs (CVE-2024-4367), so the
 * parser never runs in the server's processes: a fresh child per PDF (`extract-child.ts`) with
 * - an empty environment (no `DATABASE_URL`, API keys or anything else of the parent's),
 * - a V8 heap cap (`--max-old-space-size`) and a resident-memory watchdog that kills it above the cap,
 * - a time limit after which it is killed.
 */
import { childEntryBeside } from '../../child-entry.ts';
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
  /** Wall time from start-up to answer, in milliseconds (default 60,000). */
  timeoutMs?: number;
  /** Memory cap of the child in MiB, for both its V8 heap and its resident set (default 512). */
  maxMemoryMb?: number;
}

/** Default limits, from the import rules of issue 3: 60 s and 512 MB per PDF. */
export const EXTRACT_DEFAULTS = { timeoutMs: 60_000, maxMemoryMb: 512 } as const;

/** How often the resident-memory watchdog looks at the child, in milliseconds. */
const WATCH_INTERVAL_MS = 100;

/** The user-facing messages of extraction failures. */
export const PDF_MESSAGES = {
  encrypted: 'This PDF is encrypted (password-protected). Remove the protection and upload it again.',
  noText: 'This PDF has no text layer (it looks like a scan). Run OCR on it first, or upload the text.',
  invalid: 'This file is not a readable PDF: it is damaged, or it is not a PDF at all.',
  timeout: (s: number) => `Reading this PDF took too long (more than ${s} s) and was stopped. Upload the text of the book instead.`,
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

/** Resident set size of a process in bytes, from Linux's `/proc/<pid>/status`; undefined elsewhere. */
function residentBytes(pid: number): number | undefined {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts an extraction child, sends it `request`, and resolves with its first answer.
 * The child is killed on answer, on timeout and above the memory cap.
 * @throws EngineError('UNREADABLE_INPUT') (rejection) when the child runs past `timeoutMs`, passes
 *   `maxMemoryMb`, or dies without answering (its V8 heap cap ends it with an out-of-memory crash).
 * @throws RangeError when a limit is not a positive number.
 */
export function runExtractChild(request: ExtractRequest, limits: ExtractLimits = {}): Promise<ExtractReply> {
  const timeoutMs = limits.timeoutMs ?? EXTRACT_DEFAULTS.timeoutMs;
  const maxMemoryMb = limits.maxMemoryMb ?? EXTRACT_DEFAULTS.maxMemoryMb;
  if (!(timeoutMs > 0) || !(maxMemoryMb > 0)) throw new RangeError('readPdf: timeoutMs and maxMemoryMb must be positive numbers');
  const { path, execArgv } = childEntry(maxMemoryMb);
  const child = fork(path, [], {
    execArgv,
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
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if ('reply' in outcome) resolve(outcome.reply);
      else reject(outcome.error);
    };
    const timer = setTimeout(
      () => finish({ error: new EngineError('UNREADABLE_INPUT', PDF_MESSAGES.timeout(Math.round(timeoutMs / 100) / 10)) }),
      Math.min(timeoutMs, 2 ** 31 - 1),
    );
    const watchdog = setInterval(() => {
      const rss = child.pid === undefined ? undefined : residentBytes(child.pid);
      if (rss !== undefined && rss > maxMemoryMb * 2 ** 20) finish({ error: new EngineError('UNREADABLE_INPUT', PDF_MESSAGES.memory(maxMemoryMb)) });
    }, WATCH_INTERVAL_MS);
    child.on('message', (reply: ExtractReply) => finish({ reply }));
    child.on('error', (error) => finish({ error: new EngineError('UNREADABLE_INPUT', PDF_MESSAGES.failed, { cause: error }) }));
    child.on('exit', (code, signal) => {
      const outOfMemory = /heap out of memory|allocation failed/i.test(stderr);
      const message = outOfMemory ? PDF_MESSAGES.memory(maxMemoryMb) : PDF_MESSAGES.failed;
      const cause = new Error(`PDF extraction process ${signal ? `stopped by ${signal}` : `exited with code ${code}`}: ${stderr.trim().slice(-500)}`);
      finish({ error: new EngineError('UNREADABLE_INPUT', message, { cause }) });
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
 * @throws EngineError('UNREADABLE_INPUT') for an encrypted PDF, bytes that are not a PDF, a parser
 *   failure, a timeout or the memory cap (messages in {@link PDF_MESSAGES}).
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
