/**
 * The optional AI cleanup pass (issue 3, "AI cleanup, optional"): the cleaned text's OCR-damaged
 * paragraphs go, a chunk at a time, to an OpenAI-compatible Chat Completions endpoint; each answer is
 * judged by the engine, and only character-level corrections are kept (`@quire/engine` `judgeAiEdit`).
 *
 * - Nothing is sent anywhere unless OPENAI_API_KEY or OPENAI_BASE_URL is configured.
 * - One job per book at a time; its state lives in memory (a Map keyed by user and book), so another
 *   user's book is never seen, and a restart forgets finished jobs (the book itself keeps the result).
 * - The text is written once, when every chunk has answered: a failure (network, timeout, an error
 *   status from the AI service) ends the job as `failed` and changes nothing.
 * - Choosing paragraphs and writing edits back run in a worker thread (whole-book work); judging one
 *   chunk's answer is a few milliseconds and runs here.
 */
import { Worker } from 'node:worker_threads';
import { and, eq } from 'drizzle-orm';
import OpenAI from 'openai';
import type { AiCleanupStatus, CleanReport } from '@quire/contracts';
import {
  buildAiCleanupMessages,
  reviewAiChunk,
  type AiCleanupPlan,
  type AiEdit,
  type AiMessage,
} from '@quire/engine';
import type { Db } from '../db/client.ts';
import { books } from '../db/schema/index.ts';
import type { BookService } from './book-service.ts';

/** Sentence of the 503 answer and of the status when no AI service is configured. */
export const AI_UNAVAILABLE_MESSAGE = 'AI cleanup is not available: no AI service is configured.';

/** Report lines the pass adds to the book's cleanup report (ids are stable; labels are shown). */
export const AI_REPORT_LINES = {
  corrected: { id: 'aiCorrected', label: 'Paragraphs corrected by the AI pass' },
  rejected: { id: 'aiRejected', label: 'AI edits refused (more than a character fix)' },
} as const;

/** The AI service is not configured (the route answers 503 with {@link AI_UNAVAILABLE_MESSAGE}). */
export class AiCleanupUnavailableError extends Error {
  constructor() {
    super(AI_UNAVAILABLE_MESSAGE);
    this.name = 'AiCleanupUnavailableError';
  }
}

/** An expected refusal with its HTTP status (409); the error handler sends its message as written. */
class AiCleanupConflictError extends Error {
  readonly statusCode = 409;
}

/** Sends one chunk's messages and answers the model's message content. Throws on any failure. */
export type AiComplete = (messages: AiMessage[], signal: AbortSignal) => Promise<string>;

/** Settings of the pass (config.ts `ai`), plus limits tests shorten. */
export interface AiCleanupSettings {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  model: string;
  /** Time limit of one request, in milliseconds. Default 120 000. */
  requestTimeoutMs?: number;
  /** Requests in flight at once. Default 2. */
  concurrency?: number;
}

/** Dependencies of {@link createAiCleanupService}. */
export interface AiCleanupServiceDeps {
  db: Db;
  books: Pick<BookService, 'load'>;
  /** The AI service, or null when none is configured. */
  ai: AiCleanupSettings | null;
  /** Replaces the Chat Completions call (default: the `openai` client on `ai`). */
  complete?: AiComplete;
  /** Replaces the worker thread that plans and applies (default: a one-off worker per step). */
  runEngine?: EngineRunner;
}

/** The two whole-book engine steps, run off the event loop. */
export interface EngineRunner {
  plan(markdown: string): Promise<AiCleanupPlan>;
  /** The text with the edits applied (engine `applyAiEdits`) and its word count (engine `countWords`). */
  apply(markdown: string, edits: AiEdit[]): Promise<{ markdown: string; applied: number; stale: number; wordCount: number }>;
}

interface Job {
  status: AiCleanupStatus;
  controller: AbortController;
  done: Promise<void>;
}

/** Runs one engine step in a fresh worker thread and ends the thread. */
function inWorker<T>(data: Record<string, unknown>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(new URL('./ai-cleanup-worker.mjs', import.meta.url), { workerData: data });
    worker.once('message', (msg: { ok: boolean; value?: T; message?: string }) => {
      void worker.terminate();
      if (msg.ok) resolve(msg.value as T);
      else reject(new Error(msg.message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`AI cleanup worker stopped with code ${code}`));
    });
  });
}

const workerEngine: EngineRunner = {
  plan: (markdown) => inWorker({ task: 'plan', markdown }),
  apply: (markdown, edits) => inWorker({ task: 'apply', markdown, edits }),
};

/** The Chat Completions call through the `openai` package: no retries, a time limit per request. */
function openAiComplete(settings: AiCleanupSettings): AiComplete {
  const client = new OpenAI({
    // A local OpenAI-compatible server may need no key; the client requires a string.
    apiKey: settings.apiKey ?? 'not-needed',
    ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
    maxRetries: 0,
    timeout: settings.requestTimeoutMs ?? 120_000,
  });
  return async (messages, signal) => {
    const res = await client.chat.completions.create({ model: settings.model, messages, temperature: 0 }, { signal });
    return res.choices[0]?.message?.content ?? '';
  };
}

/** A sentence for the user about a failed request (never the service's own error text, which may hold secrets). */
function failureMessage(err: unknown): string {
  if (err instanceof OpenAI.APIConnectionTimeoutError) return 'AI cleanup failed: the AI service did not answer in time.';
  if (err instanceof OpenAI.APIConnectionError) return 'AI cleanup failed: the AI service could not be reached.';
  if (err instanceof OpenAI.APIError && typeof err.status === 'number') {
    return `AI cleanup failed: the AI service answered with an error (HTTP ${err.status}).`;
  }
  return 'AI cleanup failed: the AI service gave no usable answer.';
}

/** The report with the AI lines set (replacing those of an earlier run). */
function withAiLines(report: CleanReport, corrected: number, rejected: number): CleanReport {
  const ids = new Set<string>([AI_REPORT_LINES.corrected.id, AI_REPORT_LINES.rejected.id]);
  return {
    ...report,
    passes: [
      ...report.passes.filter((p) => !ids.has(p.id)),
      { ...AI_REPORT_LINES.corrected, count: corrected },
      { ...AI_REPORT_LINES.rejected, count: rejected },
    ],
  };
}

/** Creates the service; `close()` stops running jobs (their books are left unchanged). */
export function createAiCleanupService({ db, books: bookService, ai, complete, runEngine }: AiCleanupServiceDeps) {
  const available = ai !== null;
  const send: AiComplete | null = complete ?? (ai ? openAiComplete(ai) : null);
  const engine = runEngine ?? workerEngine;
  const concurrency = Math.max(1, ai?.concurrency ?? 2);
  const jobs = new Map<string, Job>();
  const keyOf = (userId: string, bookId: string) => `${userId}\u0000${bookId}`;

  const idle = (): AiCleanupStatus => ({
    available,
    state: 'idle',
    chunksDone: 0,
    chunksTotal: 0,
    paragraphsChanged: 0,
    paragraphsRejected: 0,
    ...(available ? {} : { message: AI_UNAVAILABLE_MESSAGE }),
  });

  /** The whole job: plan, ask chunk by chunk, then write once. Never throws; the status says how it ended. */
  async function run(userId: string, bookId: string, markdown: string, status: AiCleanupStatus, signal: AbortSignal) {
    try {
      const plan = await engine.plan(markdown);
      status.chunksTotal = plan.chunks.length;
      const edits: AiEdit[] = [];
      let rejected = 0;
      let unreadable = 0;
      let next = 0;
      const lane = async () => {
        while (next < plan.chunks.length) {
          if (signal.aborted) throw new Error('stopped');
          const chunk = plan.chunks[next++]!;
          const content = await send!(buildAiCleanupMessages(chunk), signal);
          const review = reviewAiChunk(chunk, content);
          if (!review.readable) unreadable++;
          edits.push(...review.edits);
          rejected += review.rejected.length;
          status.chunksDone++;
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, plan.chunks.length) }, lane));
      if (signal.aborted) throw new Error('stopped');

      // Write once, on the text as it is now: edits whose paragraph the user changed meanwhile are skipped.
      const book = await bookService.load(userId, bookId);
      if (book.cleanedText === null) throw new Error('the cleaned text is gone');
      const applied = await engine.apply(book.cleanedText, edits);
      if (applied.applied > 0 || book.cleanReport) {
        await db
          .update(books)
          .set({
            ...(applied.applied > 0
              ? { cleanedText: applied.markdown, wordCount: applied.wordCount, ...(book.formattedText !== null ? { formattedText: applied.markdown } : {}) }
              : {}),
            ...(book.cleanReport ? { cleanReport: withAiLines(book.cleanReport, applied.applied, rejected) } : {}),
          })
          .where(and(eq(books.id, bookId), eq(books.userId, userId)));
      }
      status.paragraphsChanged = applied.applied;
      status.paragraphsRejected = rejected;
      const notes: string[] = [];
      if (plan.chunks.length === 0) notes.push('No paragraph looks damaged by OCR, so nothing was sent.');
      if (unreadable > 0) notes.push(`${unreadable} of ${plan.chunks.length} answers could not be read and were skipped.`);
      if (applied.stale > 0) notes.push(`${applied.stale} corrections were skipped because the text changed meanwhile.`);
      if (notes.length > 0) status.message = notes.join(' ');
      status.state = 'done';
    } catch (err) {
      status.state = 'failed';
      status.message = signal.aborted ? 'AI cleanup stopped: the server is shutting down.' : failureMessage(err);
    }
  }

  return {
    /** True when an AI service is configured. */
    available,

    /**
     * The pass's state for the caller's book (GET /api/books/:id/ai-clean): `idle` before any run.
     * @throws AppError `NOT_FOUND` (404) for a book that is not the caller's.
     */
    async status(userId: string, bookId: string): Promise<AiCleanupStatus> {
      await bookService.load(userId, bookId);
      const job = jobs.get(keyOf(userId, bookId));
      return job ? { ...job.status } : idle();
    },

    /**
     * Starts the pass on the book's cleaned text (POST /api/books/:id/ai-clean) and answers the running status.
     * @throws AppError `NOT_FOUND` (404); AiCleanupUnavailableError (503) when no AI service is configured;
     *   a 409 error before cleanup ('Clean the text first') or while a pass runs on this book.
     */
    async start(userId: string, bookId: string): Promise<AiCleanupStatus> {
      const book = await bookService.load(userId, bookId);
      if (!available || !send) throw new AiCleanupUnavailableError();
      if (book.cleanedText === null) throw new AiCleanupConflictError('Clean the text first');
      const key = keyOf(userId, bookId);
      if (jobs.get(key)?.status.state === 'running') {
        throw new AiCleanupConflictError('AI cleanup is already running for this book.');
      }
      const status: AiCleanupStatus = { ...idle(), state: 'running' };
      const controller = new AbortController();
      const job: Job = { status, controller, done: Promise.resolve() };
      jobs.set(key, job);
      job.done = run(userId, bookId, book.cleanedText, status, controller.signal);
      return { ...status };
    },

    /** Stops every running job and waits for them to end. */
    async close(): Promise<void> {
      for (const job of jobs.values()) job.controller.abort();
      await Promise.allSettled([...jobs.values()].map((j) => j.done));
    },
  };
}

/** The service's type, for the route and tests. */
export type AiCleanupService = ReturnType<typeof createAiCleanupService>;
