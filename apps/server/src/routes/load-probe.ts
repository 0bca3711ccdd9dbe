/**
 * GET /api/load-probe (issue 14, "Load: npm run load"): what `npm run load` reads of the server while it loads it:
 * the event loop's delay since the last reset and the process's memory. Off unless the server runs with
 * `QUIRE_LOAD_PROBE=1`; off, or asked from anywhere but this machine, it answers the same 404 as an unknown path, so
 * a production server shows nothing. `?reset=1` starts a new measurement after answering.
 *
 * The delay is sampled by `perf_hooks.monitorEventLoopDelay` with a 1 ms timer (Node's default is 10 ms): a stall
 * shorter than the timer's period that falls between two ticks is not seen, and the targets ask about stalls of a
 * few milliseconds (p99 <= 20 ms). One timer a millisecond costs nothing that shows, and runs only when enabled.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** The probe's sampling period, in milliseconds. */
const RESOLUTION_MS = 1;

/** Milliseconds, at least 0. */
const Ms = z.number().nonnegative();
/** Bytes. */
const Bytes = z.number().int().nonnegative();

/**
 * The probe's answer. `eventLoopDelayMs`: how late the event loop ran a timer due every millisecond, in milliseconds
 * (the sampling period taken off, so 0 is an idle loop), since the plugin started or the last `?reset=1`; all 0 before
 * the first sample. `rssBytes`: the process's resident set size; `heapUsedBytes`: V8's heap in use (bytes).
 */
export const LoadProbeSchema = z.object({
  eventLoopDelayMs: z.object({ p50: Ms, p99: Ms, max: Ms }),
  rssBytes: Bytes,
  heapUsedBytes: Bytes,
});
export type LoadProbe = z.infer<typeof LoadProbeSchema>;

/** `?reset=1`: start a new delay measurement after this answer. */
const LoadProbeQuerySchema = z.object({ reset: z.enum(['0', '1']).optional() });

/** Options of {@link loadProbeRoutes}. */
export interface LoadProbeOptions {
  /** Whether the probe answers; default: the environment has `QUIRE_LOAD_PROBE=1`. */
  enabled?: boolean;
}

/**
 * True when `request` came straight from this machine: its connection's peer is a loopback address and it names no
 * forwarded client (behind a proxy on the same machine, every visitor would otherwise look local).
 */
function isLocalRequest(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress;
  if (!peer || !ipaddr.isValid(peer)) return false;
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) return false;
  return ipaddr.process(peer).range() === 'loopback';
}

/** A histogram value in nanoseconds as milliseconds of delay past the sampling period. */
const delayMs = (ns: number): number => Math.max(0, ns / 1e6 - RESOLUTION_MS);

/** What `histogram` and the process's memory say now (see {@link LoadProbeSchema}). */
function readProbe(histogram: IntervalHistogram): LoadProbe {
  const empty = histogram.count === 0;
  const memory = process.memoryUsage();
  return {
    eventLoopDelayMs: {
      p50: empty ? 0 : delayMs(histogram.percentile(50)),
      p99: empty ? 0 : delayMs(histogram.percentile(99)),
      max: empty ? 0 : delayMs(histogram.max),
    },
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
  };
}

/** The load probe; register with prefix `/api`. */
export const loadProbeRoutes: FastifyPluginAsync<LoadProbeOptions> = async (app, options) => {
  const enabled = options.enabled ?? process.env.QUIRE_LOAD_PROBE === '1';
  // Created either way (a histogram samples nothing until enabled), started only when the probe answers.
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  if (enabled) {
    histogram.enable();
    app.addHook('onClose', async () => histogram.disable());
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/load-probe',
    {
      schema: { querystring: LoadProbeQuerySchema, response: { 200: LoadProbeSchema } },
      // Before the query is validated, so that not even a 400 tells that the probe exists.
      onRequest: async (request, reply) => {
        if (enabled && isLocalRequest(request)) return;
        reply.callNotFound();
        return reply;
      },
    },
    async (request) => {
      const probe = readProbe(histogram);
      if (request.query.reset === '1') histogram.reset();
      return probe;
    },
  );
};
