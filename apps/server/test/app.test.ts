import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerUser, type TestApp } from './helpers.ts';

const web = mkdtempSync(path.join(os.tmpdir(), 'quire-web-dist-'));
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
// As the build writes it: index.html with the landing page rendered into #root.
const LANDING_HTML = '<!doctype html><html><body><div id="root"><main>Format your book</main></div></body></html>';
const APP_JS = `console.log(${JSON.stringify('quire '.repeat(400))});`;
let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(web, 'landing.html'), LANDING_HTML);
  writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // As the build writes them: each hashed file beside its Brotli and gzip forms.
  writeFileSync(path.join(web, 'assets', 'app-abc123.js'), APP_JS);
  writeFileSync(path.join(web, 'assets', 'app-abc123.js.br'), brotliCompressSync(APP_JS));
  writeFileSync(path.join(web, 'assets', 'app-abc123.js.gz'), gzipSync(APP_JS));
  t = await buildTestApp({ webDistDir: web });
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/login', '/register?email=ada%40example.com', '/book/123', '/format', '/format/123', '/about', '/contact', '/privacy-policy', '/terms-of-service', '/newsletter'])(
    'answers the app with 200 for its page %s, revalidated on every use',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      // `/` is the landing page rendered at build time; the other pages are drawn by the app.
      expect(res.body).toBe(url === '/' ? LANDING_HTML : INDEX_HTML);
    },
  );

  it.each(['/no/such/page', '/about-us', '/book', '/book/1/2', '/assets/missing-123.js', '/assets/', '/assets', '/index.htm'])(
    'answers the app with 404 for %s, where it shows its Page Not Found',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  it('answers HEAD like GET', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/login' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/no-such-page' })).statusCode).toBe(404);
  });

  it('serves the hashed assets cached for a year as immutable, in the Brotli or gzip form the browser accepts', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);

    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('revalidates the files whose names do not change between releases', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
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

describe('robots.txt', () => {
  it('lets crawlers read the public pages and keeps them out of the API and the signed-in pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines.filter((l) => l.startsWith('Disallow:')).sort()).toEqual([
      'Disallow: /account',
      'Disallow: /api/',
      'Disallow: /book/',
      'Disallow: /checkout',
      'Disallow: /format',
    ]);
    expect(lines.at(-1)).toBe(`Sitemap: ${t.config.publicUrl}/sitemap.xml`);
  });
});

describe('the quick-access addresses of /sitemap', () => {
  it.each([
    ['/pricing', '/#pricing'],
    ['/demo', '/#demo'],
    ['/features', '/#features'],
    ['/faq', '/contact#faq'],
    ['/help', '/contact'],
    ['/privacy', '/privacy-policy'],
    ['/Terms/', '/terms-of-service'],
  ])('%s answers 301 to %s', async (url, target) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(target);
  });
});

describe('compression', () => {
  it('compresses API answers with Brotli or gzip, as the client accepts, and leaves small ones alone', async () => {
    const { token } = await registerUser(t.app);
    const url = '/api/templates';
    const plain = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-encoding': 'br;q=1, gzip;q=0.8' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const small = await t.app.inject({ method: 'GET', url: '/api/nothing', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('request bodies', () => {
  it('are read as sent, never inflated, so that their size limits hold for the bytes received', async () => {
    const { email } = await registerUser(t.app);
    const login = (payload: Buffer | string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json', ...headers }, payload });
    const body = JSON.stringify({ email, password: 'wrong-password' });
    // The same credentials: read as they are, then gzip-compressed.
    expect((await login(body)).statusCode).toBe(401);
    expect((await login(gzipSync(body), { 'content-encoding': 'gzip' })).statusCode).toBe(400);
  });
});
