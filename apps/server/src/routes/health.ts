/**
 * GET /api/health and GET /api/ready (issue 14, "Faults"): liveness and readiness for a load balancer or a process
 * supervisor. Health says the process answers; readiness checks what a request needs: the database, the storage and
 * the job runner (open, and not saturated: workers/pool.ts `load`), each in a few milliseconds, so it can be asked
 * every few seconds.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthSchema, ReadinessSchema, type ReadinessCheck } from '@quire/contracts';

/** How long one check may take before it counts as failed, in milliseconds. */
const CHECK_TIMEOUT_MS = 2_000;

/** Resolves true when `probe` succeeds within CHECK_TIMEOUT_MS, false otherwise (the error is logged by the caller). */
async function passes(probe: () => Promise<unknown>, onError: (err: unknown) => void): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return true;
  } catch (err) {
    onError(err);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Health routes; register with prefix `/api`. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/health', { schema: { response: { 200: HealthSchema } } }, async () => ({ status: 'ok' as const }));

  api.get('/ready', { schema: { response: { 200: ReadinessSchema, 503: ReadinessSchema } } }, async (request, reply) => {
    const failed = (check: ReadinessCheck) => (err: unknown) => request.log.warn({ err, check }, 'readiness check failed');
    // A file of its own per probe: two probes at once never remove each other's file.
    const probeKey = `health/ready-${randomUUID()}`;
    const [database, storage] = await Promise.all([
      passes(() => app.db.execute(sql`select 1`), failed('database')),
      passes(async () => {
        const bytes = new TextEncoder().encode('ready');
        await app.storage.put(probeKey, bytes);
        const back = await app.storage.get(probeKey);
        await app.storage.delete(probeKey);
        if (back.length !== bytes.length) throw new Error('the storage read back other bytes than it wrote');
      }, failed('storage')),
    ]);
    const jobs = !app.jobs.isOpen() ? 'failed' : app.jobs.load().saturated ? 'saturated' : 'ok';
    const checks = { database: database ? 'ok' : 'failed', storage: storage ? 'ok' : 'failed', jobs } as const;
    const ready = database && storage && jobs === 'ok';
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', checks });
  });
};
