import { z } from 'zod';

/** GET /api/health: the process is up and answers (a load balancer's liveness check). */
export const HealthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof HealthSchema>;

/** The parts of the server GET /api/ready checks. */
export const READINESS_CHECKS = ['database', 'storage', 'jobs'] as const;
/** One part of the server that must work for it to take requests. */
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

/**
 * GET /api/ready: whether the server can take requests (200 when every check is 'ok', 503 otherwise, so that a load
 * balancer sends traffic elsewhere): the database answers a query, the storage writes, reads and removes a file, the
 * job runner takes jobs and is not saturated ('saturated': so many tasks wait for its threads that new work would
 * wait long; issue 32, point 1). A failed check says why in `checks`, without internals.
 */
export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.record(z.enum(READINESS_CHECKS), z.enum(['ok', 'failed', 'saturated'])),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
