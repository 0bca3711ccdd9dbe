/**
 * The public pages sent rendered (issue 13: "served as pre-rendered HTML that a crawler or a link preview reads
 * without running JavaScript"): with the web app's server bundle beside the build, a public page is its page shell
 * with the page's head tags, its markup in #root and its data; the bundle asks this server's API in process on the
 * main thread and draws the page in a worker thread. Here
 * the bundle is a stand-in module written as the build writes `dist-prerender/prerender.js`; the real one is tested
 * in apps/web (prerender.test.tsx) and end to end.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers.ts';

const build = mkdtempSync(path.join(os.tmpdir(), 'quire-web-build-'));
const dist = path.join(build, 'dist');
const SHELL =
  '<!doctype html><html><head><title>Quire</title><meta name="description" content="The app." /><style>body{}</style></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';

// A stand-in of the web app's server bundle: its data comes from the server's own API, so the test sees that the
// bundle is given an in-process fetch; its render runs in a worker thread, where it finds no main-thread global (the
// test sees the render leave the event loop); and it fails on /contact, so the test sees the plain page sent instead.
const BUNDLE = `
import { isMainThread } from 'node:worker_threads';
export const PAGE_STATE_ID = 'quire-page-state';
let renders = 0;
export async function loadPageData(path, { fetch }) {
  const contact = await (await fetch('/api/support/contact')).json();
  const status = path === '/blog/no-such-post' ? 404 : 200;
  return { status, state: { queries: [{ queryKey: ['support', 'contact'], state: { data: contact } }], note: '</script><b>' } };
}
export async function inlineCriticalCss(html, webDistDir) {
  // As the web app's does: the rules the page uses in a <style> of its head (here, the page's own and the build's folder).
  const page = /<h1>Page ([^<]*)</.exec(html)[1];
  return html.replace('</head>', '<style>.critical{content:"' + page + ' ' + webDistDir.split('/').pop() + '"}</style></head>');
}
export async function renderPageMarkup(path, { origin, state }) {
  if (path === '/contact') throw new Error('render failed');
  renders += 1;
  const email = state.queries[0].state.data.email;
  return {
    html: '<main><h1>Page ' + path + '</h1><p>Write to ' + email + '</p><p>render ' + renders + '</p><p>' + (isMainThread ? 'main thread' : 'worker thread') + '</p></main>',
    head: '<title>Title of ' + path + '</title><link rel="canonical" href="' + origin + path + '" />',
  };
}
`;

let t: TestApp;
beforeAll(async () => {
  mkdirSync(dist);
  mkdirSync(path.join(build, 'dist-prerender'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dist, 'page-shell.html'), SHELL);
  writeFileSync(path.join(build, 'dist-prerender', 'prerender.js'), BUNDLE);
  // The bundle is an ES module, as apps/web's package.json makes the real one.
  writeFileSync(path.join(build, 'package.json'), '{ "type": "module" }');
  t = await buildTestApp({ webDistDir: dist, publicUrl: 'https://books.example', supportEmail: 'help@press.example' });
});
afterAll(async () => {
  await t?.close();
  rmSync(build, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('public pages sent rendered', () => {
  it('sends /about as the page shell with the page’s head tags, markup and data, and its data from the API in process', async () => {
    const res = await get('/about');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<title>Title of /about</title>');
    expect(res.body).toContain('<link rel="canonical" href="https://books.example/about" />');
    // The shell's own title and description give way to the page's.
    expect(res.body).not.toContain('<title>Quire</title>');
    expect(res.body).not.toContain('The app.');
    expect(res.body).toContain('<div id="root"><main><h1>Page /about</h1><p>Write to help@press.example</p>');
    // Drawn off the event loop.
    expect(res.body).toContain('<p>worker thread</p>');
    // The data for the browser, safe inside its script element.
    const state = /<script type="application\/json" id="quire-page-state">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(state!)).toMatchObject({ note: '</script><b>', queries: [{ state: { data: { email: 'help@press.example' } } }] });
    expect(res.body).toContain('<script type="module" src="/assets/app.js"></script>');
  });

  it('inlines the page’s critical CSS, which its Content-Security-Policy allows by hash beside the build’s', async () => {
    const res = await get('/terms-of-service');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<style>.critical{content:"/terms-of-service dist"}</style></head>');
    const policy = String(res.headers['content-security-policy']);
    const styleSrc = policy.split('; ').find((d) => d.startsWith('style-src '))!;
    const hash = (css: string) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
    expect(styleSrc).toContain(hash('.critical{content:"/terms-of-service dist"}'));
    // The shell's own inline style is the build's, allowed for every page.
    expect(styleSrc).toContain(hash('body{}'));
    expect(styleSrc).not.toContain(hash('.critical{content:"/about dist"}'));
    expect(policy).toContain("script-src 'self'");
  });

  it('sends a rendered page in the Brotli it keeps to a browser that takes it, and in gzip or as it is otherwise', async () => {
    const plain = await get('/about');
    const br = await t.app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    // Without Brotli the compression plugin answers (this stand-in page is under its 1 KiB bound: as it is).
    const gzip = await t.app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).not.toBe('br');
    expect((gzip.headers['content-encoding'] === 'gzip' ? gunzipSync(gzip.rawPayload) : gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('renders a page once and sends the kept copy after', async () => {
    const first = await get('/privacy-policy');
    const again = await get('/privacy-policy/');
    expect(again.body).toBe(first.body);
  });

  it('answers 404 for a blog post that does not exist, rendered', async () => {
    const res = await get('/blog/no-such-post');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h1>Page /blog/no-such-post</h1>');
  });

  it('sends the plain app page when rendering fails, and leaves the signed-in pages unrendered', async () => {
    const contact = await get('/contact');
    expect(contact.statusCode).toBe(200);
    expect(contact.body).toBe('<!doctype html><html><body><div id="root"></div></body></html>');
    const account = await get('/account');
    expect(account.body).toBe('<!doctype html><html><body><div id="root"></div></body></html>');
  });
});
