/**
 * Delivery of jobs inside one process (PGlite: one process owns the data directory, so no other can run its jobs).
 * The `jobs` rows are the queue: each worker takes the oldest queued row whose back-off has passed, woken at once by
 * an enqueue or a hand-back of this process and otherwise every `idleMs`. At start, rows left running by a process
 * that was killed are queued again (the try they were on counts: the job-queue's `maxAttempts` bounds a job that kills
 * its process every time).
 */
import { EventEmitter } from 'node:events';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { JobDelivery, RunResult } from './job-queue.ts';

/** Settings of {@link createLocalDelivery}; `idleMs` is how often an idle worker looks for queued rows (default 1 s). */
export interface LocalDeliveryOptions {
  db: Db;
  idleMs?: number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** The in-process delivery over `db`. */
export function createLocalDelivery({ db, idleMs = 1_000, log }: LocalDeliveryOptions): JobDelivery {
  const wake = new EventEmitter().setMaxListeners(0);
  let taking = false;
  const loops: Promise<void>[] = [];

  /** Resolves after `idleMs`, or sooner when woken or stopped. */
  const idle = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake.off('job', done);
        resolve();
      };
      const timer = setTimeout(done, idleMs);
      wake.once('job', done);
    });

  let kinds: string[] = [];

  async function nextQueued(): Promise<string | null> {
    const [row] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.state, 'queued'), inArray(jobs.kind, kinds), lte(jobs.runAfter, sql`now()`)))
      .orderBy(asc(jobs.createdAt))
      .limit(1);
    return row?.id ?? null;
  }

  async function work(run: (jobId: string) => Promise<RunResult>): Promise<void> {
    while (taking) {
      let id: string | null = null;
      try {
        id = await nextQueued();
        if (id) await run(id);
      } catch (err) {
        log.error({ err, jobId: id }, 'job worker error');
      }
      if (!id && taking) await idle();
    }
  }

  return {
    async send() {
      // The row is the delivery; wake a worker once the enqueuing transaction has had time to commit.
      setImmediate(() => wake.emit('job'));
    },
    async redeliver() {
      wake.emit('job');
    },
    async start(handled, concurrency, run) {
      kinds = [...handled];
      // Whatever was running when this process started was left by a process that no longer runs: queued again, or
      // failed when that was its last try (the job-queue's sweep does the same for a worker whose heartbeat stopped).
      const failed = await db
        .update(jobs)
        .set({ state: 'failed', error: new AppError('JOB_FAILED').message, errorCode: 'JOB_FAILED', lastFailure: 'its worker stopped', finishedAt: sql`now()`, lockedBy: null })
        .where(and(eq(jobs.state, 'running'), inArray(jobs.kind, kinds), gte(jobs.attempts, jobs.maxAttempts)))
        .returning({ id: jobs.id });
      const left = await db
        .update(jobs)
        .set({ state: 'queued', lockedBy: null, stage: null, percent: 0, lastFailure: 'its worker stopped', runAfter: sql`now()` })
        .where(and(eq(jobs.state, 'running'), inArray(jobs.kind, kinds)))
        .returning({ id: jobs.id });
      if (left.length + failed.length > 0) {
        log.warn({ queued: left.map((j) => j.id), failed: failed.map((j) => j.id) }, 'jobs left running by a stopped process recovered');
      }
      taking = concurrency > 0 && kinds.length > 0;
      for (let i = 0; i < concurrency; i++) loops.push(work(run));
    },
    async stopTaking() {
      taking = false;
      wake.emit('job');
    },
    async close() {
      taking = false;
      wake.emit('job');
    },
  };
}
