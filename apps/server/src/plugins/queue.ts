import fp from 'fastify-plugin';
import { createJobQueue, type JobQueue } from '../services/jobs/job-queue.ts';
import { createLocalDelivery } from '../services/jobs/local-delivery.ts';
import { createPgBossDelivery } from '../services/jobs/pg-boss-delivery.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Long work as jobs (services/jobs/job-queue.ts): enqueue, wait, read; run when this process takes jobs. */
    queue: JobQueue;
  }
}

/** Settings of {@link queuePlugin}: the PostgreSQL URL (pg-boss delivery) or null (PGlite, in process), and the jobs run at once. */
export interface QueuePluginOptions {
  databaseUrl: string | null;
  concurrency: number;
  /** Heartbeat, staleness and sweep periods in milliseconds (tests shorten them); job-queue.ts defaults otherwise. */
  timing?: { heartbeatMs?: number; staleMs?: number; sweepMs?: number; retryDelayMs?: number; graceMs?: number };
}

/**
 * Creates the app's job queue. Handlers are registered by the services as the app is built; the workers start once
 * the app is ready (every handler known), and stop before the app closes: running jobs finish or are handed back
 * (job-queue.ts `stop`) while the database and the job runner are still open.
 */
export const queuePlugin = fp<QueuePluginOptions>(
  async (app, { databaseUrl, concurrency, timing }) => {
    const log = app.log.child({ component: 'jobs' });
    const delivery = databaseUrl ? createPgBossDelivery({ connectionString: databaseUrl, log, retryDelaySeconds: (timing?.retryDelayMs ?? 2_000) / 1000 }) : createLocalDelivery({ db: app.db, log });
    const queue = createJobQueue({ db: app.db, delivery, concurrency, log, ...timing });
    app.decorate('queue', queue);
    app.addHook('onReady', async () => {
      await queue.start();
    });
    app.addHook('preClose', async () => {
      await queue.stop();
    });
  },
  { name: 'quire-queue', dependencies: ['quire-db'] },
);
