/**
 * autocannon runs, programmatic, and what the report takes of each. Each connection's request is fixed once, when the
 * connection is set up (`setupClient`): nothing of ours runs per request, so the load generator spends its core on
 * sending requests.
 */
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import type { User } from './api.ts';

/**
 * autocannon keeps every answer's body as a string (`body += chunk`, autocannon 8-9's pipelinedRequestsQueue), for
 * `expectBody` and `verifyBody`, which no run here uses. Decoding a compressed answer as UTF-8 is the slow path of
 * that decoder: 24 KiB of Brotli cost the load generator about 200 us an answer, eight times what the bare reference
 * server spends on sending it, so that the reference run measured the load generator (about 4,000 answers a second
 * with either body; 25,000 with a body of ASCII). The bodies are dropped here instead; their bytes are still counted
 * (autocannon counts them from the socket).
 */
function dropAnswerBodies(): void {
  const queueModule = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as { prototype?: { addBody?: unknown } };
  const queue = (typeof queueModule === 'function' ? queueModule : null) as { prototype: { addBody: (data: unknown) => void } } | null;
  if (!queue || typeof queue.prototype.addBody !== 'function') {
    throw new Error('autocannon has no pipelinedRequestsQueue.addBody: check how this version keeps answer bodies (scripts/load/cannon.ts)');
  }
  queue.prototype.addBody = () => {};
}
dropAnswerBodies();

/** What a run measured. Latencies in milliseconds, over every answer (2xx or not). */
export interface CannonFigures {
  /** Answers received. */
  requests: number;
  /** Answers per second over the run. */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  /** Answers with a status other than 2xx. */
  non2xx: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  /**
   * The load generator's CPU over the run, in % of one core: this whole process (every run under way and the rest of
   * the script), so that a reader of the figures sees how much of the machine was left to the server.
   */
  loaderCpuPercent: number;
}

/** A run under way: without a callback autocannon answers its instance, which is also a promise of the result. */
type Run = Promise<autocannon.Result> & Pick<autocannon.Instance, 'stop'>;

/** The runs under way, stopped by {@link stopAll} (Ctrl-C). */
const running = new Set<Run>();

/** Stops every run under way (each resolves with what it measured so far). */
export function stopAll(): void {
  for (const instance of running) instance.stop();
}

/** Runs autocannon with `options` and resolves its figures. */
export async function cannon(options: autocannon.Options): Promise<CannonFigures> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const instance = autocannon(options) as Run;
  running.add(instance);
  try {
    const result = await instance;
    const used = process.cpuUsage(cpu);
    const loaderCpuPercent = ((used.user + used.system) / 1000 / (performance.now() - started)) * 100;
    return { ...figuresOf(result), loaderCpuPercent };
  } finally {
    running.delete(instance);
  }
}

/** The report's figures of an autocannon result. */
function figuresOf(result: autocannon.Result): Omit<CannonFigures, 'loaderCpuPercent'> {
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]));
  const requests = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  return {
    requests,
    perSecond: result.duration > 0 ? requests / result.duration : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses,
  };
}

/**
 * The Accept-Encoding a browser sends with every request (Chromium's and Firefox's): the reads are measured as the
 * web app makes them, compressed as the server chooses for them.
 */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * Options of a run where connection i reads the book of `readers[i % readers.length]` (GET /api/books/:id with its
 * bearer token) for `seconds`.
 */
export function readBooks(base: string, readers: readonly { user: User; bookId: string }[], connections: number, seconds: number): autocannon.Options {
  let next = 0;
  return {
    url: base,
    connections,
    duration: seconds,
    setupClient: (client) => {
      const reader = readers[next++ % readers.length]!;
      client.setRequests([
        {
          method: 'GET',
          path: `/api/books/${reader.bookId}`,
          headers: { authorization: `Bearer ${reader.user.token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
        },
      ]);
    },
  };
}
