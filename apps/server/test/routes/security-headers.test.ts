/**
 * Security headers (issue 14, "Security"): a Content-Security-Policy without `unsafe-*` on the app's pages that
 * allows the build's inline styles by hash, `nosniff` everywhere, `no-store` on the API unless a route chose its own
 * caching, HSTS only over TLS. And the liveness and readiness routes.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/plugins/security-headers.ts';
import { SATURATED_WAITING_PER_THREAD } from '../../src/workers/pool.ts';
import { buildTestApp, corpusFile, type TestApp } from '../helpers.ts';

const build = mkdtempSync(path.join(os.tmpdir(), 'quire-web-build-'));
const dist = path.join(build, 'dist');
const CRITICAL_CSS = 'body{margin:0;color:#1d1b16}';
const LANDING = `<!doctype html><html><head><style>${CRITICAL_CSS}</style></head><body><div id="root"><h1>Quire</h1></div></body></html>`;
const styleHash = `'sha256-${createHash('sha256').update(CRITICAL_CSS).digest('base64')}'`;

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><link rel="stylesheet" href="/assets/app.css"></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dist, 'landing.html'), LANDING);
  [t, proxied] = await Promise.all([buildTestApp({ webDistDir: dist }), buildTestApp({ trustProxy: 1 })]);
});
afterAll(async () => {
  await Promise.all([t?.close(), proxied?.close()]);
  rmSync(build, { recursive: true, force: true });
});

/** The directives of a policy by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));
}

describe('security headers', () => {
  it('sends the pages with a policy that allows only this origin, Stripe, and the build’s inline style by its hash', async () => {
    for (const url of ['/', '/login', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const policy = String(res.headers['content-security-policy']);
      expect(policy, url).not.toMatch(/unsafe-/);
      const d = directives(policy);
      expect(d.get('default-src')).toEqual(["'self'"]);
      expect(d.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
      expect(d.get('style-src')).toEqual(["'self'", styleHash]);
      expect(d.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
      expect(d.get('object-src')).toEqual(["'none'"]);
      expect(d.get('base-uri')).toEqual(["'none'"]);
      expect(d.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('lets Stripe.js reach the API address the server is configured with (a local fake in tests)', () => {
    const d = directives(contentSecurityPolicy([], 'http://127.0.0.1:12111'));
    expect(d.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:12111']);
    expect(d.get('style-src')).toEqual(["'self'"]);
  });

  it('keeps API answers out of caches unless the route chose its caching, and never sends them a page policy', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/user/preferences' });
    expect(me.statusCode).toBe(401);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.headers['x-content-type-options']).toBe('nosniff');
    expect(me.headers['content-security-policy']).toBeUndefined();
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    // The public price catalogue may be kept a few minutes, as its route says.
    const plans = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(plans.headers['cache-control']).toBe('public, max-age=300');
  });

  it('asks for HTTPS from now on (HSTS) only over TLS, as a trusted proxy reports it', async () => {
    const overTls = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await proxied.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without a trusted proxy, anyone could send the header: it is not believed.
    const spoofed = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('GET /api/health and GET /api/ready', () => {
  it('says the process is up, and ready when the database, the storage and the job runner work', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', jobs: 'ok' } });
  });

  it('answers 503 while so many tasks wait for the threads that new work would wait long (jobs: saturated)', async () => {
    const app = await buildTestApp({ workerThreads: 1 });
    try {
      const book = new Uint8Array(corpusFile('gutenberg/pg2600-war-and-peace.txt'));
      const tasks = Array.from({ length: SATURATED_WAITING_PER_THREAD + 1 }, () =>
        app.app.jobs.importFile({ bytes: book, fileName: 'war.txt', clean: true, maxTextBytes: 8 * 1024 * 1024 }),
      );
      const busy = await app.app.inject({ method: 'GET', url: '/api/ready' });
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toEqual({ status: 'not-ready', checks: { database: 'ok', storage: 'ok', jobs: 'saturated' } });
      await Promise.all(tasks);
      expect((await app.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 naming the part that fails, and leaves no probe file behind', async () => {
    const app = await buildTestApp();
    try {
      await app.app.jobs.close();
      const res = await app.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not-ready', checks: { database: 'ok', storage: 'ok', jobs: 'failed' } });
      await expect(app.app.storage.get('health')).rejects.toThrow();
    } finally {
      await app.close();
    }
  });
});
