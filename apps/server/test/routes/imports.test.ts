import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORTS_PER_USER_PER_HOUR, IMPORT_WINDOW_MS } from '../../src/services/import-limit.ts';
import {
  bearer,
  buildTestApp,
  countBooks,
  multipartFile,
  registerUser,
  SAMPLE_BOOK,
  startServer,
  type LocalServer,
  type TestApp,
} from '../helpers.ts';

/** The address check is on, with 127.0.0.1 allowed so that a first hop to the test server can pass. */
let guarded: TestApp;
/** The address check is on, with no exception at all. */
let strict: TestApp;
let server: LocalServer;
let guardedToken: string;
let strictToken: string;

beforeAll(async () => {
  server = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/book.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('A book that is fine.\n\nWith a second paragraph.');
    }
    if (url.pathname === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/book.txt' });
      return res.end();
    }
    if (url.pathname === '/huge') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(1024 * 1024, 97);
      for (let i = 0; i < 11; i++) res.write(chunk);
      return res.end();
    }
    if (url.pathname === '/binary.txt') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(randomBytes(4096));
    }
    if (url.pathname === '/gone') {
      res.writeHead(410);
      return res.end();
    }
    if (url.pathname === '/hang') return; // never answers
    // Project Gutenberg's files, on the test app's configured Gutenberg origin: book 11 has a plain-text file,
    // book 12 only an HTML edition, book 13 nothing at all.
    if (url.pathname === '/cache/epub/11/pg11.txt') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end(SAMPLE_BOOK);
    }
    if (url.pathname === '/cache/epub/12/pg12-images.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        '<!DOCTYPE html><html><head><title>An HTML Edition</title></head><body><h1>An HTML Edition</h1>' +
          '<h2>CHAPTER I</h2><p>Only an <i>HTML</i> edition of this book exists.</p>' +
          '<h2>CHAPTER II</h2><p>And a second chapter follows it.</p></body></html>',
      );
    }
    if (url.pathname === '/koi8.txt') {
      // "Война и мир." in KOI8-R, which no sniffing can tell from Windows-1252: only the header says it.
      res.writeHead(200, { 'content-type': 'text/plain; charset=KOI8-R' });
      return res.end(Buffer.from([0xf7, 0xcf, 0xca, 0xce, 0xc1, 0x20, 0xc9, 0x20, 0xcd, 0xc9, 0xd2, 0x2e]));
    }
    res.writeHead(404);
    res.end();
  });
  [guarded, strict] = await Promise.all([
    buildTestApp({
      allowPrivateUrls: false,
      urlAllowCidrs: ['127.0.0.1/32'],
      fetchTimeoutMs: 1000,
      gutenbergOrigin: `http://127.0.0.1:${server.port}`,
    }),
    buildTestApp({ allowPrivateUrls: false }),
  ]);
  guardedToken = (await registerUser(guarded.app)).token;
  strictToken = (await registerUser(strict.app)).token;
});
afterAll(async () => {
  await server?.close();
  await guarded?.close();
  await strict?.close();
});

/** Posts an import, and checks that no book was stored whatever the outcome was. */
async function importRefused(t: TestApp, token: string, request: { payload: string | object | Buffer; headers?: Record<string, string> }) {
  const before = await countBooks(t.app);
  const res = await t.app.inject({ method: 'POST', url: '/api/import', payload: request.payload, headers: { ...request.headers, ...bearer(token) } });
  expect(await countBooks(t.app)).toBe(before);
  return { status: res.statusCode, body: res.json() as { message: string } };
}

const PRIVATE = 'This URL points to a private or local network address, which cannot be imported.';

describe('URL import refusals (nothing is saved)', () => {
  it.each(['not a url', 'ftp://example.com/book.txt', 'javascript:alert(1)', '', 'http://'])('refuses %j as an invalid URL', async (url) => {
    const r = await importRefused(guarded, guardedToken, { payload: { url } });
    expect(r).toEqual({ status: 400, body: { message: 'Please enter a valid URL' } });
  });

  it('refuses a body without url', async () => {
    const r = await importRefused(guarded, guardedToken, { payload: {} });
    expect(r).toEqual({ status: 400, body: { message: 'Please enter a valid URL' } });
  });

  it.each([
    () => server.url('/book.txt', '127.0.0.1'),
    () => server.url('/book.txt', '::1'),
    () => server.url('/book.txt', '::ffff:127.0.0.1'),
    () => `http://[64:ff9b::7f00:1]:${server.port}/book.txt`,
    () => server.url('/book.txt', 'localhost'),
    () => 'http://10.1.2.3/book.txt',
    () => 'http://192.168.0.1/book.txt',
    () => 'http://169.254.169.254/latest/meta-data/',
  ])('refuses the private address of %s', async (url) => {
    const before = server.requests.length;
    const r = await importRefused(strict, strictToken, { payload: { url: url() } });
    expect(r).toEqual({ status: 403, body: { message: PRIVATE } });
    expect(server.requests.length).toBe(before);
  });

  it('refuses a redirect from an allowed address to a private one', async () => {
    for (const to of [server.url('/book.txt', '127.0.0.2'), server.url('/book.txt', '::1'), 'http://10.0.0.1/book.txt']) {
      const r = await importRefused(guarded, guardedToken, { payload: { url: server.url(`/redirect?to=${encodeURIComponent(to)}`) } });
      expect(r).toEqual({ status: 403, body: { message: PRIVATE } });
    }
    // The allowed first hop on its own imports fine.
    const ok = await guarded.app.inject({ method: 'POST', url: '/api/import', payload: { url: server.url('/redirect') }, headers: bearer(guardedToken) });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses a download over 10 MB with 413 (the web shows its "too large" notice)', async () => {
    const r = await importRefused(guarded, guardedToken, { payload: { url: server.url('/huge') } });
    expect(r).toEqual({ status: 413, body: { message: 'The file is too large. Files must be smaller than 10MB.' } });
  });

  it('answers an upstream error with 502 and a message mentioning fetch', async () => {
    const r = await importRefused(guarded, guardedToken, { payload: { url: server.url('/gone') } });
    expect(r).toEqual({ status: 502, body: { message: 'Could not fetch the URL (the server answered 410 Gone).' } });
  });

  it('times out with 504 and a message containing "timed out"', async () => {
    const r = await importRefused(guarded, guardedToken, { payload: { url: server.url('/hang') } });
    expect(r).toEqual({ status: 504, body: { message: 'The import timed out while fetching the URL' } });
  });

  it('refuses binary garbage behind a URL with 422', async () => {
    const r = await importRefused(guarded, guardedToken, { payload: { url: server.url('/binary.txt') } });
    expect(r.status).toBe(422);
    expect(r.body.message).toEqual(expect.any(String));
  });
});

describe('upload refusals (nothing is saved)', () => {
  it('refuses a file over 10 MB with 413', async () => {
    const { payload, headers } = multipartFile('file', 'big.txt', Buffer.alloc(10 * 1024 * 1024 + 1, 97));
    const r = await importRefused(guarded, guardedToken, { payload, headers });
    expect(r).toEqual({ status: 413, body: { message: 'The file is too large. Files must be smaller than 10MB.' } });
  });

  it('refuses a file with more than 5 MB of text with 413', async () => {
    const { payload, headers } = multipartFile('file', 'long.txt', 'lorem ipsum dolor sit amet\n'.repeat(220_000));
    const r = await importRefused(guarded, guardedToken, { payload, headers });
    expect(r).toEqual({ status: 413, body: { message: 'The text is too large. Text must be less than 5MB.' } });
  });

  it('refuses binary garbage of an unknown type with 415 naming the supported types', async () => {
    const garbage = new Uint8Array(8192);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919) % 256;
    const { payload, headers } = multipartFile('file', 'garbage.bin', garbage, 'application/octet-stream');
    const r = await importRefused(guarded, guardedToken, { payload, headers });
    expect(r.status).toBe(415);
    expect(r.body.message).toContain('.txt, .md, .html, .xhtml, .docx, .epub, .pdf, and .zip');
  });

  it('refuses binary garbage named .txt with 422: the file is unreadable, not of another type', async () => {
    const garbage = new Uint8Array(8192);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919) % 256;
    const { payload, headers } = multipartFile('file', 'garbage.txt', garbage, 'text/plain');
    const r = await importRefused(guarded, guardedToken, { payload, headers });
    expect(r).toEqual({
      status: 422,
      body: { message: 'This file could not be read: its name says .txt, but it holds binary data, not a readable .txt file.' },
    });
  });

  it('refuses an empty file with 422', async () => {
    const { payload, headers } = multipartFile('file', 'empty.txt', '');
    const r = await importRefused(guarded, guardedToken, { payload, headers });
    expect(r.status).toBe(422);
  });

  it('refuses a multipart body without the `file` field', async () => {
    const { payload, headers } = multipartFile('document', 'book.txt', 'Some text.');
    const r = await importRefused(guarded, guardedToken, { payload, headers });
    expect(r.status).toBe(400);
  });
});

describe('URL import of Project Gutenberg books and declared charsets', () => {
  const get = (id: string) => guarded.app.inject({ method: 'GET', url: `/api/books/${id}`, headers: bearer(guardedToken) });
  const post = (url: string) => guarded.app.inject({ method: 'POST', url: '/api/import', payload: { url }, headers: bearer(guardedToken) });

  it('resolves a book page to its UTF-8 plain text; the source URL stays the one given', async () => {
    for (const page of ['https://www.gutenberg.org/ebooks/11', 'https://gutenberg.org/ebooks/11']) {
      const res = await post(page);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ title: 'A Small Sample', author: 'Jane Example' });
      expect((await get(res.json().id)).json()).toMatchObject({ sourceType: 'url', sourceUrl: page });
    }
    expect(server.requests).toContain('GET /cache/epub/11/pg11.txt');
  });

  it('falls back to the HTML edition when there is no plain text', async () => {
    const res = await post('https://www.gutenberg.org/ebooks/12.txt.utf-8');
    expect(res.statusCode, res.body).toBe(201);
    const book = (await get(res.json().id)).json();
    expect(book.cleanedText).toContain('Only an');
    expect(book.cleanReport.chaptersFound).toBe(2);
    expect(server.requests).toContain('GET /cache/epub/12/pg12.txt');
    expect(server.requests).toContain('GET /cache/epub/12/pg12-images.html');
  });

  it('answers 502 when neither file exists, storing nothing', async () => {
    const r = await importRefused(guarded, guardedToken, { payload: { url: 'https://www.gutenberg.org/ebooks/13' } });
    expect(r).toEqual({ status: 502, body: { message: 'Could not fetch the URL (the server answered 404 Not Found).' } });
  });

  it('decodes the text with the charset of the Content-Type header', async () => {
    const res = await post(server.url('/koi8.txt'));
    expect(res.statusCode, res.body).toBe(201);
    expect((await get(res.json().id)).json().originalText).toBe('Война и мир.');
  });
});

describe(`rate limit (issue 14): ${IMPORTS_PER_USER_PER_HOUR} imports per user and hour`, () => {
  const IMPORT_LIMITED = /^You have started too many imports in the last hour\. Please try again in \d+ minutes?\.$/;

  /** The three ways to start an import, as the user of `token`. */
  const importsOf = (token: string) => ({
    url: (path = '/book.txt') => guarded.app.inject({ method: 'POST', url: '/api/import', payload: { url: server.url(path) }, headers: bearer(token) }),
    upload: () => {
      const { payload, headers } = multipartFile('file', 'book.txt', 'A book that is fine.\n\nWith a second paragraph.');
      return guarded.app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(token) } });
    },
    collection: () =>
      guarded.app.inject({
        method: 'POST',
        url: '/api/books/import-multiple',
        payload: { urls: [server.url('/book.txt'), server.url('/koi8.txt')], collectionTitle: 'Two Texts' },
        headers: bearer(token),
      }),
  });

  it('counts URL, upload and collection imports together, failed ones too; past the limit each answers 429 before any work, storing nothing; another user is not affected', async () => {
    const mine = importsOf((await registerUser(guarded.app)).token);
    // A failed import counts as much as one that succeeds.
    expect((await mine.url('/gone')).statusCode).toBe(502);
    const kinds = [() => mine.url(), mine.upload, mine.collection];
    for (let i = 1; i < IMPORTS_PER_USER_PER_HOUR; i++) {
      const res = await kinds[i % kinds.length]!();
      expect(res.statusCode, res.body).toBe(201);
    }

    const books = await countBooks(guarded.app);
    const fetches = server.requests.length;
    for (const start of kinds) {
      const res = await start();
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json()).toEqual({ message: expect.stringMatching(IMPORT_LIMITED) });
      expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(IMPORT_WINDOW_MS / 1000);
    }
    expect(await countBooks(guarded.app)).toBe(books);
    expect(server.requests.length).toBe(fetches);

    // The limit is the user's, not the client's: another user on the same client imports as before.
    const other = importsOf((await registerUser(guarded.app)).token);
    const ok = await other.upload();
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await countBooks(guarded.app)).toBe(books + 1);
  });
});
