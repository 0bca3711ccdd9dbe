/**
 * GET /api/books/:id as clients read it: encoded as they accept (Brotli, gzip or none), kept by each process per
 * revision of the book and never stale, also when another process changed the book.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipartFile, registerUser, SAMPLE_BOOK, type TestApp } from '../helpers.ts';

let t: TestApp;
let owner: { token: string };
let bookId: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await registerUser(t.app);
  const { payload, headers } = multipartFile('file', 'a-small-sample.txt', SAMPLE_BOOK);
  const res = await t.app.inject({ method: 'POST', url: '/api/import', headers: { ...headers, ...bearer(owner.token) }, payload });
  expect(res.statusCode, res.body).toBe(201);
  bookId = res.json().id;
});
afterAll(async () => {
  await t?.close();
});

const read = (app: TestApp['app'], acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/books/${bookId}`,
    headers: { ...bearer(owner.token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

const saveText = (app: TestApp['app'], text: string) =>
  app.inject({ method: 'POST', url: `/api/books/${bookId}/save-text`, headers: bearer(owner.token), payload: { text } });

describe('GET /api/books/:id', () => {
  it('answers JSON without a coding, Brotli or gzip as the client accepts, the same book in each', async () => {
    const plain = await read(t.app);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('no-store');
    const book = plain.json();
    expect(book).toMatchObject({ id: bookId, title: 'A Small Sample', author: 'Jane Example' });
    expect(book.cleanedText).toContain('bright cold day in April');

    const br = await read(t.app, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(book);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gz = await read(t.app, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(book);

    const refused = await read(t.app, 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(book);
  });

  it('answers the new text after every change, in every coding', async () => {
    await read(t.app, 'br');
    for (const text of ['# One\n\nThe first edit.', '# Two\n\nThe second edit.', '# Two\n\nThe second edit.']) {
      expect((await saveText(t.app, text)).statusCode).toBe(200);
      expect((await read(t.app)).json().cleanedText).toBe(text);
      const br = await read(t.app, 'br');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8')).cleanedText).toBe(text);
    }
  });

  it('answers 404 for a book of another user, also when this process holds its answer', async () => {
    await read(t.app);
    const intruder = await registerUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/books/${bookId}`, headers: bearer(intruder.token) });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('A Small Sample');
  });

  it('answers 401 without a live session and 404 for an id that is no book, the session and the book read together', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/books/${bookId}` });
    expect(signedOut.statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'GET', url: `/api/books/${bookId}`, headers: bearer('not-a-session') });
    expect(forged.statusCode).toBe(401);
    expect(forged.body).not.toContain('A Small Sample');
    // A bad token is refused before the id is looked at, whatever the id.
    expect((await t.app.inject({ method: 'GET', url: '/api/books/not-a-uuid', headers: bearer('not-a-session') })).statusCode).toBe(401);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/books/${id}`, headers: bearer(owner.token) });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Book not found' });
    }
    // Signed out, the session's end is seen at the next read.
    const reader = await registerUser(t.app);
    const { payload, headers } = multipartFile('file', 'a-small-sample.txt', SAMPLE_BOOK);
    const own = await t.app.inject({ method: 'POST', url: '/api/import', headers: { ...headers, ...bearer(reader.token) }, payload });
    const ownUrl = `/api/books/${own.json().id}`;
    expect((await t.app.inject({ method: 'GET', url: ownUrl, headers: bearer(reader.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(reader.token) })).statusCode).toBeLessThan(300);
    expect((await t.app.inject({ method: 'GET', url: ownUrl, headers: bearer(reader.token) })).statusCode).toBe(401);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('answers what another API process changed (PostgreSQL: two processes, one database)', async () => {
    const other = await buildTestApp({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    try {
      // Both processes hold the book's answer...
      const before = (await read(t.app)).json().cleanedText;
      expect((await read(other.app)).json().cleanedText).toBe(before);
      // ...one changes it, twice within the same millisecond or so: the other answers the last change.
      expect((await saveText(other.app, '# Elsewhere\n\nChanged by the other process.')).statusCode).toBe(200);
      expect((await saveText(other.app, '# Elsewhere\n\nChanged again by the other process.')).statusCode).toBe(200);
      expect((await read(t.app)).json().cleanedText).toBe('# Elsewhere\n\nChanged again by the other process.');
      const br = await read(t.app, 'br');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8')).cleanedText).toBe('# Elsewhere\n\nChanged again by the other process.');
    } finally {
      await other.app.close();
    }
  });
});
