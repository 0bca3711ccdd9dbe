import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';

const web = mkdtempSync(path.join(os.tmpdir(), 'quire-web-dist-'));
let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log("quire")');
  t = await buildTestApp({ webDistDir: web });
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/login', '/book/123', '/format', '/no/such/page'])('answers index.html for GET %s (the SPA routes it)', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves the built assets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('answers unknown /api paths with JSON 404, never index.html', async () => {
    for (const url of ['/api/nothing', '/api', '/api/books/1/unknown']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('answers other methods on unknown paths with 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/somewhere' });
    expect(res.statusCode).toBe(404);
  });
});
