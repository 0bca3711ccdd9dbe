/**
 * Queues of test kinds beside a test app's own, on the app's database: with TEST_DATABASE_URL on PostgreSQL with
 * pg-boss, else on PGlite with the in-process delivery, and with short timings so that retries, heartbeats and sweeps
 * happen within a test. Shared by the job queue's test files; each file keeps its own harness (one per file).
 */
import type { JobKind } from '@quire/contracts';
import { createJobQueue, type JobQueue, type JobQueueOptions } from '../../src/services/jobs/job-queue.ts';
import { createLocalDelivery } from '../../src/services/jobs/local-delivery.ts';
import { createPgBossDelivery } from '../../src/services/jobs/pg-boss-delivery.ts';
import type { TestApp } from '../helpers.ts';

/** A log that keeps nothing. */
export const quiet: JobQueueOptions['log'] = { info() {}, warn() {}, error() {} };

/** One test file's queues: each made with {@link QueueHarness.queue} is stopped by {@link QueueHarness.stopAll}. */
export interface QueueHarness {
  /** A kind no other queue of the file handles (so that no queue takes another test's jobs). */
  nextKind(): JobKind;
  /** A queue (not started) over the app's database; `options` override the short timings. */
  queue(options?: Partial<Omit<JobQueueOptions, 'db' | 'delivery'>>): JobQueue;
  /** Stops every queue made so far (grace 200 ms), for `afterEach`. */
  stopAll(): Promise<void>;
}

/** The harness of one test file over `app()` (read when a queue is made, so that it can be built in `beforeAll`). */
export function queueHarness(app: () => TestApp, kindPrefix: string): QueueHarness {
  let kinds = 0;
  const open: JobQueue[] = [];
  return {
    nextKind: () => `${kindPrefix}-${++kinds}` as JobKind,
    queue(options = {}) {
      const t = app();
      const delivery = t.config.databaseUrl
        ? createPgBossDelivery({ connectionString: t.config.databaseUrl, retryDelaySeconds: 1, log: quiet })
        : createLocalDelivery({ db: t.app.db, idleMs: 50, log: quiet });
      const queue = createJobQueue({
        db: t.app.db,
        delivery,
        concurrency: 1,
        heartbeatMs: 100,
        staleMs: 600,
        sweepMs: 200,
        retryDelayMs: 50,
        pollMs: 50,
        log: quiet,
        ...options,
      });
      open.push(queue);
      return queue;
    },
    async stopAll() {
      await Promise.all(open.splice(0).map((q) => q.stop(200)));
    },
  };
}
