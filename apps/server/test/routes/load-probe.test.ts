/**
 * GET /api/load-probe (issue 14, "Load: npm run load"): off by default, where it answers like an unknown path; on
 * (QUIRE_LOAD_PROBE=1), it answers the event loop's delay and the process's memory to this machine only, and
 * `?reset=1` starts a new delay measurement.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadProbeRoutes, LoadProbeSchema, type LoadProbeOptions } from '../../src/routes/load-probe.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';

/** A bare app with the probe alone under /api. */
async function probeApp(options: LoadProbeOptions = {}): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(loadProbeRoutes, { prefix: '/api', ...options });
  await app.ready();
  return app;
}

/** Keeps the event loop busy for `ms` milliseconds. */
function block(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy
  }
}

/** Lets the probe's timer run once more (it records the late tick when it runs). */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('in the app, off by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    vi.stubEnv('QUIRE_LOAD_PROBE', '');
    t = await buildTestApp();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await t?.close();
  });

  it('answers the same 404 as an unknown API path, whatever the query', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    for (const url of ['/api/load-probe', '/api/load-probe?reset=1', '/api/load-probe?reset=oops']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual(unknown.json());
    }
  });
});

describe('on', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await probeApp({ enabled: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers the event-loop delay in milliseconds and the memory in bytes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/load-probe' });
    expect(res.statusCode, res.body).toBe(200);
    const probe = LoadProbeSchema.parse(res.json());
    expect(probe.rssBytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(probe.heapUsedBytes).toBeGreaterThan(0);
    expect(probe.heapUsedBytes).toBeLessThan(probe.rssBytes);
    const { p50, p99, max } = probe.eventLoopDelayMs;
    expect(p50).toBeLessThanOrEqual(p99);
    expect(p99).toBeLessThanOrEqual(max);
  });

  it('sees a stall, and forgets it after ?reset=1', async () => {
    await tick(); // the probe's timer has ticked once: the stall delays its next tick
    block(120);
    await tick();
    const stalled = (await app.inject({ method: 'GET', url: '/api/load-probe?reset=1' })).json();
    expect(stalled.eventLoopDelayMs.max).toBeGreaterThanOrEqual(100);
    const after = (await app.inject({ method: 'GET', url: '/api/load-probe' })).json();
    expect(after.eventLoopDelayMs.max).toBeLessThan(stalled.eventLoopDelayMs.max);
  });

  it('refuses a bad query with 400', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/load-probe?reset=yes' });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 to another machine, and to a request forwarded by a proxy on this one', async () => {
    const remote = await app.inject({ method: 'GET', url: '/api/load-probe', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
    const forwarded = await app.inject({ method: 'GET', url: '/api/load-probe', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(forwarded.statusCode).toBe(404);
    const ipv6 = await app.inject({ method: 'GET', url: '/api/load-probe', remoteAddress: '::1' });
    expect(ipv6.statusCode).toBe(200);
  });
});

describe('the switch', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('is QUIRE_LOAD_PROBE=1 in the environment', async () => {
    for (const [value, status] of [['1', 200], ['0', 404], ['true', 404]] as const) {
      vi.stubEnv('QUIRE_LOAD_PROBE', value);
      const app = await probeApp();
      try {
        expect((await app.inject({ method: 'GET', url: '/api/load-probe' })).statusCode, value).toBe(status);
      } finally {
        await app.close();
      }
    }
  });
});
