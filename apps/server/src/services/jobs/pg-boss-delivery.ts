/**
 * Delivery of jobs through pg-boss on PostgreSQL (issue 14: "a PostgreSQL-backed queue ... so API processes and
 * workers scale apart on several machines"). pg-boss 10.4 is the newest release whose engines accept Node 20
 * (STACK-NOTES section 1); its own recovery of a killed worker's job is the job's expiry (15 minutes by default), so
 * the heartbeat and sweep of job-queue.ts stand in for it and pg-boss only carries ids: each pg-boss job's data is
 * `{ jobId }`, the `jobs` row it delivers. The first delivery is inserted in the transaction that creates the row
 * (pg-boss's `db` option, run through that transaction); a job queued again (by the sweep, or handed back on
 * shutdown) gets a fresh pg-boss job. A delivery whose row is no longer queued is skipped by job-queue `run`, so a
 * job delivered twice still runs once at a time.
 */
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { JobKind } from '@quire/contracts';
import type { JobDelivery, RunResult } from './job-queue.ts';

/** Settings of {@link createPgBossDelivery}. */
export interface PgBossDeliveryOptions {
  connectionString: string;
  /** How often an idle worker asks for a job, in seconds (default 0.5; pg-boss's minimum). */
  pollingIntervalSeconds?: number;
  /** pg-boss's wait before delivering a failed try again, in whole seconds (default 2; doubled each time). */
  retryDelaySeconds?: number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** The PostgreSQL schema pg-boss keeps its tables in. */
export const PG_BOSS_SCHEMA = 'pgboss';

/** pg-boss's retry limit: above any job's `maxAttempts`, since the `jobs` row decides when a job has failed for good. */
const RETRY_LIMIT = 10;

/** A pg-boss job is given up by pg-boss after this long (seconds); the heartbeat finds a stopped worker far sooner. */
const EXPIRE_IN_SECONDS = 2 * 60 * 60;

/**
 * pg-boss's SQL (numbered `$n` parameters) as a Drizzle query, so that it runs in the caller's transaction.
 * Exported for its test.
 */
export function sqlWithParams(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) chunks.push(sql.raw(part));
    else chunks.push(sql`${values[Number(part) - 1] ?? null}`);
  });
  return sql.join(chunks, sql.raw(''));
}

/** The delivery; opens its own small pool of connections to the database at `connectionString`. */
export function createPgBossDelivery({ connectionString, pollingIntervalSeconds = 0.5, retryDelaySeconds = 2, log }: PgBossDeliveryOptions): JobDelivery {
  const RETRY = { retryLimit: RETRY_LIMIT, retryDelay: Math.max(1, Math.round(retryDelaySeconds)), retryBackoff: true };
  const boss = new PgBoss({
    connectionString,
    schema: PG_BOSS_SCHEMA,
    max: 4,
    schedule: false,
    // Completed and failed pg-boss jobs are kept a day: the `jobs` rows are the record users and operators read.
    deleteAfterDays: 1,
  });
  boss.on('error', (err: unknown) => log.error({ err }, 'pg-boss error'));
  let ready: Promise<void> | null = null;
  const queues = new Set<string>();
  const workerIds: string[] = [];

  /** Starts pg-boss (creating or migrating its schema) once, and the queue of `kind`. */
  async function open(kind?: JobKind): Promise<void> {
    ready ??= boss.start().then(() => undefined);
    await ready;
    if (kind && !queues.has(kind)) {
      await boss.createQueue(kind, { name: kind, ...RETRY, expireInSeconds: EXPIRE_IN_SECONDS });
      queues.add(kind);
    }
  }

  const options = { ...RETRY, expireInSeconds: EXPIRE_IN_SECONDS };
  return {
    async send(tx, kind, jobId) {
      await open(kind);
      const executeSql = async (text: string, values: unknown[]) => {
        const result = (await tx.execute(sqlWithParams(text, values))) as unknown as { rows: unknown[] };
        return { rows: result.rows };
      };
      await boss.send(kind, { jobId }, { ...options, id: jobId, db: { executeSql } });
      for (const id of workerIds) boss.notifyWorker(id);
    },
    async redeliver(kind, jobId) {
      await open(kind);
      await boss.send(kind, { jobId }, options);
      for (const id of workerIds) boss.notifyWorker(id);
    },
    async start(kinds, concurrency, run: (jobId: string) => Promise<RunResult>) {
      await open();
      for (const kind of kinds) await open(kind);
      for (const kind of kinds) {
        for (let i = 0; i < concurrency; i++) {
          const id = await boss.work<{ jobId: string }>(kind, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
            if (!job) return;
            // A try to make again is failed in pg-boss, which delivers it again after its back-off.
            if ((await run(job.data.jobId)) === 'retry') throw new Error('tried again later');
          });
          workerIds.push(id);
        }
      }
    },
    async stopTaking() {
      if (!ready) return;
      await ready;
      for (const kind of queues) await boss.offWork(kind);
    },
    async close() {
      if (!ready) return;
      await ready.catch(() => {});
      // Not graceful: the job queue has already let its jobs finish or handed them back.
      await boss.stop({ graceful: false, wait: true, timeout: 1_000 });
    },
  };
}
