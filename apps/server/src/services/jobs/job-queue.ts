/**
 * The job queue (issue 14, "Scale on existing engines" and "Faults"): long work runs as jobs, each a row of `jobs`
 * created in the same transaction as the request that asks for it, taken by whichever process runs workers.
 *
 * The row is the source of truth: its state, the tries made, the stage and percentage the user sees, the result or the
 * reason it failed. A delivery hands job ids to this process's workers: pg-boss on PostgreSQL (pg-boss-delivery.ts;
 * API processes and `npm run worker` processes on several machines share one queue), the process itself on PGlite
 * (local-delivery.ts, one process per data directory). Both call {@link JobQueue} `run`, which:
 * - claims the row (queued -> running, one more try) with one conditional UPDATE: a second delivery of the same id is
 *   skipped, so a job runs at most once at a time whatever the delivery does;
 * - beats a heartbeat every few seconds while the handler works: a job whose heartbeat stopped (its worker was killed)
 *   is queued again by the sweeper of any process within `staleMs`, not after pg-boss's expiry;
 * - completes the row in one transaction with the handler's own writes (an export's row), on the condition that this
 *   try still holds it: a try that lost the job (swept as stale, then finished anyway) writes nothing;
 * - on an unexpected error queues the job again after a back-off, until `maxAttempts` tries have failed: then the job
 *   is failed with a message for the user (the dead letter: the row stays, with the last error for operators). An
 *   expected failure, an AppError other than INTERNAL (a book not formatted, a plan refusal, an unreadable file, a
 *   remote server that is down), fails it at once with its own message: the user decides whether to try again;
 * - once a job has ended for good (completed, failed at once, dead after its last try, or failed by the sweep), calls
 *   the `release` of its kind in the process that ended it, so that what the job owns outside the database (an
 *   upload staged in the storage, issue 32 point 4) lives exactly as long as the job;
 * - runs the upkeep tasks the services add ({@link JobQueue} `addUpkeep`: the sweep of staged files a crash left
 *   without a job) when it starts and then periodically.
 */
import { hostname } from 'node:os';
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { JobKind } from '@quire/contracts';
import type { Db } from '../../db/client.ts';
import { jobs, type JobRow } from '../../db/schema/index.ts';
import { AppError, isAppError, type AppErrorCode } from '../../errors.ts';
import { messageWithoutParameters } from '../../logging.ts';

/** What to run: its kind, whose it is, the book it is about, and the handler's input. */
export interface JobSpec {
  kind: JobKind;
  userId: string;
  bookId: string | null;
  input: Record<string, unknown>;
  /** Tries it gets (default {@link DEFAULT_MAX_ATTEMPTS}). */
  maxAttempts?: number;
  /** Its id, when the caller has already used it (an upload stored under it); a new UUID otherwise. */
  id?: string;
}

/** What a handler is given: its row (as claimed), a way to report progress, and a signal aborted on shutdown. */
export interface JobRunContext {
  job: JobRow;
  /** Reports the stage (words for the user) and the percentage (0-100) of the work; written at once. */
  progress(stage: string, percent: number): Promise<void>;
  signal: AbortSignal;
}

/**
 * What a handler made: the result stored on the row, writes made in the same transaction as the completion (so both
 * happen or neither; on PGlite nothing else may query the database until they end), work after it (best effort,
 * logged on failure), and the undoing of what the handler left outside the database (files) when that transaction
 * fails (not when the try had lost the job: the try holding it uses the same keys).
 */
export interface JobOutcome {
  result: Record<string, unknown>;
  commit?: (tx: Db) => Promise<void>;
  afterCommit?: () => Promise<void>;
  discard?: () => Promise<void>;
}

/**
 * What a kind of job does besides its work. `release(job)` removes what the job owns outside the database once it has
 * ended for good (completed or failed: not on a retry or a hand-back, when the next try needs it). It runs in the
 * process that ended the job, best effort: a failure is logged, and what a crash left is for an upkeep task.
 */
export interface JobKindOptions {
  release?: (job: JobRow) => Promise<void>;
}

/**
 * Does a job's work. Throw AppError for an expected failure (its code and message are the job's answer, at once),
 * anything else (or AppError INTERNAL) to have it tried again.
 */
export type JobHandler = (ctx: JobRunContext) => Promise<JobOutcome>;

/** How a delivery's try ended: done (completed or failed for good), to try again later, or not this delivery's to run. */
export type RunResult = 'done' | 'retry' | 'skipped';

/** Hands job ids to this process's workers (pg-boss-delivery.ts, local-delivery.ts). */
export interface JobDelivery {
  /** Makes the job with id `jobId` deliverable, inside `tx` when the delivery keeps its own record (pg-boss). */
  send(tx: Db, kind: JobKind, jobId: string, maxAttempts: number): Promise<void>;
  /** Delivers again a job taken back from a stopped worker (sweeper) or handed back on shutdown. */
  redeliver(kind: JobKind, jobId: string): Promise<void>;
  /** Starts `concurrency` workers that call `run` (none when 0). */
  start(kinds: readonly JobKind[], concurrency: number, run: (jobId: string) => Promise<RunResult>): Promise<void>;
  /** Stops taking jobs; resolves when no more will be taken. */
  stopTaking(): Promise<void>;
  close(): Promise<void>;
}

/** Settings of {@link createJobQueue}; durations in milliseconds. */
export interface JobQueueOptions {
  db: Db;
  delivery: JobDelivery;
  /** Jobs this process runs at once (0: it only enqueues; workers elsewhere run them). */
  concurrency: number;
  /** Heartbeat period (default 5 s) and the silence after which a running job counts as left (default 30 s). */
  heartbeatMs?: number;
  staleMs?: number;
  /** How often this process looks for left jobs (default 10 s). */
  sweepMs?: number;
  /** Back-off before the n-th retry: `retryDelayMs * 2^(n-1)` (default 2 s). */
  retryDelayMs?: number;
  /** How often `waitFor` reads the row, besides the wake-ups of this process (default 250 ms). */
  pollMs?: number;
  /** How long `stop` lets running jobs finish before handing them back (default 7 s). */
  graceMs?: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Tries a job gets by default: a transient fault (a killed worker, a lost connection) twice over, then the user is told. */
export const DEFAULT_MAX_ATTEMPTS = 3;

/** The queue: enqueue, wait, read, and (in a worker process) run. */
export interface JobQueue {
  /** Registers the handler of `kind` (and its `release`, see {@link JobKindOptions}); before `start`. */
  handle(kind: JobKind, handler: JobHandler, options?: JobKindOptions): void;
  /**
   * Creates a queued job in `tx` (or its own transaction) and makes it deliverable in the same transaction; resolves
   * with its id. Workers of this process are woken once the transaction has committed.
   */
  enqueue(spec: JobSpec, tx?: Db): Promise<string>;
  /**
   * Resolves with the job's row once it has completed or failed, reading it every `pollMs` (workers may be other
   * processes) and on this process's own endings.
   * @throws the signal's reason when `signal` aborts first; AppError `NOT_FOUND` when the job is gone; AppError
   *   `SHUTTING_DOWN` (503) once this process has stopped and handed its jobs back (the job carries on elsewhere).
   */
  waitFor(jobId: string, signal?: AbortSignal): Promise<JobRow>;
  /** The caller's job, or null. */
  find(userId: string, jobId: string): Promise<JobRow | null>;
  /** The caller's jobs for a book: those not ended and those that ended in the last day, newest first (at most 20). */
  listForBook(userId: string, bookId: string): Promise<JobRow[]>;
  /**
   * The caller's imports (kinds `import` and `collection`: no book yet while they run): those not ended and those
   * that ended in the last hour, newest first (at most 20).
   */
  listImports(userId: string): Promise<JobRow[]>;
  /**
   * The ids among `ids` whose job exists and has not ended (queued or running): an upkeep task's check that a file
   * named after a job still belongs to one. Ids that are not UUIDs (no job has one) are not looked up.
   */
  unended(ids: readonly string[]): Promise<Set<string>>;
  /**
   * Adds `task` to the queue's upkeep: it runs once the queue has started and then every `everyMs` milliseconds until
   * `stop`, never twice at once; a failure is logged and the next round runs as planned. Before `start`.
   */
  addUpkeep(name: string, everyMs: number, task: () => Promise<void>): void;
  /** Runs every upkeep task once now (the periodic rounds call this; so do tests); resolves when all have ended. */
  runUpkeep(): Promise<void>;
  /** Runs the job `jobId` once if it is queued (the deliveries call this). */
  run(jobId: string): Promise<RunResult>;
  /** Queues again (or fails, past their tries) the running jobs whose heartbeat is older than `staleMs`; their count. */
  sweep(): Promise<number>;
  /** Starts the workers (when `concurrency` > 0) and the sweeper. */
  start(): Promise<void>;
  /** Whether the queue takes and runs jobs (false before `start` and once `stop` was called). */
  isRunning(): boolean;
  /**
   * Stops taking jobs, lets running ones finish for up to `graceMs` (default 7 s, so a process stops within the 10 s
   * of issue 14), then hands the rest back (queued again, the try not counted) and closes the delivery.
   */
  stop(graceMs?: number): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** A job id: the `uuid` column only takes these (PostgreSQL refuses any other text in the comparison). */
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids per `unended` query: well under PostgreSQL's 65,535 bind parameters. */
const IDS_PER_QUERY = 500;

/** The kinds that make a book (listed by `listImports`). */
const IMPORT_KINDS: JobKind[] = ['import', 'collection'];

/** The event that wakes every waiter once `stop` has handed back the jobs still running. */
const HANDED_BACK = Symbol('handed back');

/** The worker id prefix of this process: host and pid (a restarted process is another worker). */
const PROCESS_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** Thrown inside the completing transaction when this try no longer holds the job: the transaction rolls back. */
class LostJobError extends Error {
  constructor() {
    super('the job was taken from this try before it completed');
  }
}

/** The queue over `db`, delivered by `delivery`. */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, delivery, concurrency, log } = options;
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const staleMs = options.staleMs ?? 30_000;
  const sweepMs = options.sweepMs ?? 10_000;
  const retryDelayMs = options.retryDelayMs ?? 2_000;
  const pollMs = options.pollMs ?? 250;
  const handlers = new Map<JobKind, JobHandler>();
  const releases = new Map<JobKind, NonNullable<JobKindOptions['release']>>();
  const upkeep: { name: string; everyMs: number; task: () => Promise<void>; running: Promise<void> | null; timer?: NodeJS.Timeout }[] = [];
  const endings = new EventEmitter().setMaxListeners(0);
  /** Jobs this process runs now: their worker id and how to abort them. */
  const running = new Map<string, { workerId: string; abort: AbortController; done: Promise<unknown> }>();
  let started = false;
  let stopping = false;
  let heartbeat: NodeJS.Timeout | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let tries = 0;
  /** Set once `stop` has handed back what was still running: waiters then stop waiting. */
  let handedBack = false;

  const ended = (row: JobRow) => row.state === 'completed' || row.state === 'failed';

  async function beat(): Promise<void> {
    if (running.size === 0) return;
    await db
      .update(jobs)
      .set({ heartbeatAt: sql`now()` })
      .where(and(inArray(jobs.id, [...running.keys()]), eq(jobs.state, 'running')))
      .catch((err: unknown) => log.warn({ err }, 'job heartbeat failed'));
  }

  /** Fails the job for good with `code` and `message` if this try still holds it; whether it did. */
  async function fail(jobId: string, workerId: string, code: AppErrorCode, message: string, failure: string | null): Promise<boolean> {
    const failed = await db
      .update(jobs)
      .set({ state: 'failed', error: message, errorCode: code, lastFailure: failure, finishedAt: sql`now()`, lockedBy: null })
      .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId), eq(jobs.state, 'running')))
      .returning({ id: jobs.id });
    return failed.length > 0;
  }

  /** Calls the `release` of the ended `job`'s kind; a failure is logged (an upkeep task sweeps what is left). */
  async function release(job: JobRow): Promise<void> {
    await releases
      .get(job.kind as JobKind)
      ?.(job)
      .catch((err: unknown) => log.error({ err, jobId: job.id, kind: job.kind }, 'releasing what an ended job owned failed'));
  }

  /** One round of the upkeep task `u`, unless one is still running (then that one's end). */
  function upkeepRound(u: (typeof upkeep)[number]): Promise<void> {
    u.running ??= u
      .task()
      .catch((err: unknown) => log.error({ err, task: u.name }, 'job queue upkeep failed'))
      .finally(() => (u.running = null));
    return u.running;
  }

  const queue: JobQueue = {
    handle(kind, handler, kindOptions) {
      handlers.set(kind, handler);
      if (kindOptions?.release) releases.set(kind, kindOptions.release);
    },

    async enqueue(spec, tx) {
      const id = spec.id ?? randomUUID();
      const maxAttempts = spec.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
      const write = async (t: Db) => {
        await t.insert(jobs).values({ id, userId: spec.userId, bookId: spec.bookId, kind: spec.kind, input: spec.input, maxAttempts });
        await delivery.send(t, spec.kind, id, maxAttempts);
      };
      if (tx) await write(tx);
      else await db.transaction(async (t) => write(t as unknown as Db));
      return id;
    },

    async waitFor(jobId, signal) {
      for (;;) {
        signal?.throwIfAborted();
        if (handedBack) throw new AppError('SHUTTING_DOWN');
        const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
        if (!row) throw new AppError('NOT_FOUND', 'This job no longer exists.');
        if (ended(row)) return row;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            endings.off(jobId, done);
            endings.off(HANDED_BACK, done);
            signal?.removeEventListener('abort', done);
            resolve();
          };
          const timer = setTimeout(done, pollMs);
          endings.once(jobId, done);
          endings.once(HANDED_BACK, done);
          signal?.addEventListener('abort', done, { once: true });
        });
      }
    },

    async find(userId, jobId) {
      const [row] = await db.select().from(jobs).where(and(eq(jobs.id, jobId), eq(jobs.userId, userId)));
      return row ?? null;
    },

    async listForBook(userId, bookId) {
      const since = new Date(Date.now() - DAY_MS);
      return db
        .select()
        .from(jobs)
        .where(and(eq(jobs.userId, userId), eq(jobs.bookId, bookId), or(isNull(jobs.finishedAt), gt(jobs.finishedAt, since))))
        .orderBy(desc(jobs.createdAt))
        .limit(20);
    },

    async listImports(userId) {
      const since = new Date(Date.now() - HOUR_MS);
      return db
        .select()
        .from(jobs)
        .where(and(eq(jobs.userId, userId), inArray(jobs.kind, IMPORT_KINDS), or(isNull(jobs.finishedAt), gt(jobs.finishedAt, since))))
        .orderBy(desc(jobs.createdAt))
        .limit(20);
    },

    async unended(ids) {
      const valid = ids.filter((id) => JOB_ID.test(id));
      const found = new Set<string>();
      for (let i = 0; i < valid.length; i += IDS_PER_QUERY) {
        const rows = await db
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(inArray(jobs.id, valid.slice(i, i + IDS_PER_QUERY)), inArray(jobs.state, ['queued', 'running'])));
        for (const row of rows) found.add(row.id);
      }
      return found;
    },

    addUpkeep(name, everyMs, task) {
      upkeep.push({ name, everyMs, task, running: null });
    },

    async runUpkeep() {
      await Promise.all(upkeep.map(upkeepRound));
    },

    async run(jobId) {
      if (stopping) return 'retry';
      const workerId = `${PROCESS_ID}:${++tries}`;
      const [job] = await db
        .update(jobs)
        .set({
          state: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          lockedBy: workerId,
          heartbeatAt: sql`now()`,
          startedAt: sql`now()`,
          stage: null,
          percent: 0,
        })
        .where(and(eq(jobs.id, jobId), eq(jobs.state, 'queued')))
        .returning();
      if (!job) return 'skipped';
      const handler = handlers.get(job.kind as JobKind);
      const abort = new AbortController();
      let settle!: () => void;
      const done = new Promise<void>((resolve) => (settle = resolve));
      running.set(jobId, { workerId, abort, done });
      const holds = and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId), eq(jobs.state, 'running'));
      try {
        if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
        const outcome = await handler({
          job,
          signal: abort.signal,
          progress: async (stage, percent) => {
            await db.update(jobs).set({ stage, percent: Math.max(0, Math.min(99, Math.round(percent))) }).where(holds);
          },
        });
        try {
          await db.transaction(async (tx) => {
            await outcome.commit?.(tx as unknown as Db);
            const [completed] = await tx
              .update(jobs)
              .set({ state: 'completed', stage: null, percent: 100, result: outcome.result, finishedAt: sql`now()`, lockedBy: null })
              .where(holds)
              .returning({ id: jobs.id });
            if (!completed) throw new LostJobError();
          });
        } catch (err) {
          if (err instanceof LostJobError) {
            // Not `discard`: the try that holds the job writes the same keys (they are named after the job), and its
            // files must stay.
            log.warn({ jobId, workerId }, 'job finished by a try that no longer held it; its result was discarded');
            return 'skipped';
          }
          await outcome.discard?.().catch((e: unknown) => log.warn({ err: e, jobId }, 'undoing a job try that did not complete failed'));
          throw err;
        }
        await outcome.afterCommit?.().catch((err: unknown) => log.error({ err, jobId }, 'work after a completed job failed'));
        await release(job);
        log.info({ jobId, kind: job.kind, attempt: job.attempts }, 'job completed');
        return 'done';
      } catch (err) {
        // Handed back on shutdown (stop): the row is queued again already; this try's late end changes nothing.
        if (stopping && abort.signal.aborted) return 'retry';
        if (isAppError(err) && err.code !== 'INTERNAL') {
          if (await fail(jobId, workerId, err.code, err.message, null)) await release(job);
          return 'done';
        }
        // For operators, in the job's row: never a failed query's parameters (logging.ts).
        const failure = messageWithoutParameters(err instanceof Error ? `${err.name}: ${err.message}` : String(err));
        if (job.attempts >= job.maxAttempts) {
          log.error({ err, jobId, kind: job.kind, attempts: job.attempts }, 'job failed on its last try');
          if (await fail(jobId, workerId, 'JOB_FAILED', new AppError('JOB_FAILED').message, failure)) await release(job);
          return 'done';
        }
        log.warn({ err, jobId, kind: job.kind, attempt: job.attempts }, 'job try failed; it will be tried again');
        const delayMs = retryDelayMs * 2 ** (job.attempts - 1);
        await db
          .update(jobs)
          .set({
            state: 'queued',
            lockedBy: null,
            stage: null,
            percent: 0,
            lastFailure: failure,
            runAfter: sql`now() + ${delayMs}::double precision * interval '1 millisecond'`,
          })
          .where(holds);
        return 'retry';
      } finally {
        running.delete(jobId);
        settle();
        endings.emit(jobId);
      }
    },

    async sweep() {
      const cutoff = sql`now() - ${staleMs}::double precision * interval '1 millisecond'`;
      const left = await db
        .select({ id: jobs.id, kind: jobs.kind, attempts: jobs.attempts, maxAttempts: jobs.maxAttempts, lockedBy: jobs.lockedBy })
        .from(jobs)
        .where(and(eq(jobs.state, 'running'), lt(jobs.heartbeatAt, cutoff)));
      let count = 0;
      for (const job of left) {
        const last = job.attempts >= job.maxAttempts;
        const [taken] = await db
          .update(jobs)
          .set(
            last
              ? { state: 'failed', error: new AppError('JOB_FAILED').message, errorCode: 'JOB_FAILED', lastFailure: 'its worker stopped', finishedAt: sql`now()`, lockedBy: null }
              : { state: 'queued', lockedBy: null, stage: null, percent: 0, lastFailure: 'its worker stopped', runAfter: sql`now()` },
          )
          .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running'), lt(jobs.heartbeatAt, cutoff)))
          .returning();
        if (!taken) continue;
        count++;
        log.warn({ jobId: job.id, worker: job.lockedBy, attempts: job.attempts }, last ? 'job left by a stopped worker failed on its last try' : 'job left by a stopped worker queued again');
        if (last) {
          // Dead: nobody runs it again, so what it owned goes now (its worker, which would have, was killed).
          await release(taken);
          endings.emit(job.id);
        } else await delivery.redeliver(job.kind as JobKind, job.id).catch((err: unknown) => log.error({ err, jobId: job.id }, 'redelivery failed'));
      }
      return count;
    },

    async start() {
      if (started) return;
      started = true;
      await queue.sweep();
      await delivery.start([...handlers.keys()], concurrency, (id) => queue.run(id));
      heartbeat = setInterval(() => void beat(), heartbeatMs);
      sweeper = setInterval(() => void queue.sweep().catch((err: unknown) => log.error({ err }, 'job sweep failed')), sweepMs);
      heartbeat.unref();
      sweeper.unref();
      for (const u of upkeep) {
        void upkeepRound(u);
        u.timer = setInterval(() => void upkeepRound(u), u.everyMs);
        u.timer.unref();
      }
    },

    isRunning: () => started && !stopping,

    async stop(graceMs = options.graceMs ?? 7_000) {
      if (stopping) return;
      stopping = true;
      clearInterval(sweeper);
      for (const u of upkeep) clearInterval(u.timer);
      await delivery.stopTaking();
      const all = () => Promise.all([...running.values()].map((r) => r.done));
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)));
      if ((await Promise.race([all(), graceOver])) === 'late') {
        // Hand back what is still running: queued again, the try not counted, delivered again (to another worker, or
        // to this one's successor). The handlers' late ends are then ignored: they no longer hold their jobs.
        for (const [jobId, r] of running) {
          r.abort.abort(new Error('the server is shutting down'));
          const [row] = await db
            .update(jobs)
            .set({ state: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedBy: null, stage: null, percent: 0, runAfter: sql`now()` })
            .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, r.workerId), eq(jobs.state, 'running')))
            .returning({ kind: jobs.kind });
          if (!row) continue;
          log.info({ jobId }, 'job handed back on shutdown');
          await delivery.redeliver(row.kind as JobKind, jobId).catch((err: unknown) => log.error({ err, jobId }, 'redelivery failed'));
        }
      }
      clearTimeout(timer);
      handedBack = true;
      endings.emit(HANDED_BACK);
      clearInterval(heartbeat);
      // An upkeep round still going uses the database and the storage, which close after the queue.
      await Promise.all(upkeep.map((u) => u.running));
      await delivery.close();
    },
  };
  return queue;
}
