/**
 * Issue 32 point 8: a NUL character in any text field, and a multipart body that cannot be read, answer 400 with a
 * sentence (they answered 500), and change nothing already saved.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, users } from '../../src/db/schema/index.ts';
import { TITLE_MAX_CHARS } from '@quire/contracts';
import { bearer, buildTestApp, countBooks, importSampleBook, multipartFile, registerUser, SAMPLE_BOOK, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NUL_MESSAGE = /^[\w.]+: The text you entered contains an invisible NUL character, which cannot be saved\./;
const MALFORMED = 'The upload could not be read: it was cut off or is not a valid form upload. Please choose the file and try again.';

describe('a NUL character in a text field', () => {
  it('answers 400 naming the field on every endpoint that saves text, and saves nothing', async () => {
    const { token, userId } = await registerUser(t.app);
    const bookId = await importSampleBook(t.app, token);
    const [bookBefore] = await t.app.db.select().from(books).where(eq(books.id, bookId));
    const [userBefore] = await t.app.db.select().from(users).where(eq(users.id, userId));
    const usersBefore = (await t.app.db.select({ id: users.id }).from(users)).length;

    const requests = [
      { method: 'POST', url: '/api/auth/register', payload: { email: 'nul-signup@example.com', password: 'secret123', firstName: 'Ad\u0000a' } },
      { method: 'PATCH', url: '/api/user/profile', headers: bearer(token), payload: { firstName: 'Ad\u0000a' } },
      { method: 'POST', url: `/api/books/${bookId}/save-text`, headers: bearer(token), payload: { text: '# One\n\nText\u0000 here.' } },
      { method: 'POST', url: '/api/import', headers: bearer(token), payload: { url: 'https://example.com/a\u0000.txt' } },
      {
        method: 'POST',
        url: '/api/support/messages',
        payload: { name: 'Ada L', email: 'ada@example.com', subject: 'technical', message: 'My book will not export at all, \u0000 please help.' },
      },
      { method: 'POST', url: `/api/books/${bookId}/format`, headers: bearer(token), payload: { genre: 'literature', metadata: { description: 'A long enough description\u0000.', language: 'en' } } },
    ] as const;
    for (const request of requests) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${request.url}: ${res.body}`).toBe(400);
      expect(res.json().message, request.url).toMatch(NUL_MESSAGE);
    }
    expect((await t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: bearer(token), payload: { firstName: 'A\u0000' } })).json().message).toMatch(/^firstName: /);

    expect((await t.app.db.select({ id: users.id }).from(users)).length).toBe(usersBefore);
    expect((await t.app.db.select().from(users).where(eq(users.id, userId)))[0]).toEqual(userBefore);
    expect((await t.app.db.select().from(books).where(eq(books.id, bookId)))[0]).toEqual(bookBefore);
  });

  it('leaves an unknown route its 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/no-such-route', payload: { name: 'a\u0000' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('a multipart body that cannot be read', () => {
  it('answers 400 with a sentence, without a boundary or cut off, and imports nothing', async () => {
    const { token } = await registerUser(t.app);
    const before = await countBooks(t.app);
    const bodies = [
      { 'content-type': 'multipart/form-data', payload: 'not a form at all' },
      {
        'content-type': 'multipart/form-data; boundary=XX',
        payload: '--XX\r\nContent-Disposition: form-data; name="file"; filename="book.txt"\r\nContent-Type: text/plain\r\n\r\nIt was a bright cold day in Ap',
      },
    ];
    for (const { payload, ...headers } of bodies) {
      for (const url of ['/api/import', '/api/style-guides']) {
        const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(token) } });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json(), url).toEqual({ message: MALFORMED });
      }
    }
    expect(await countBooks(t.app)).toBe(before);
  });
});

describe('a title taken from a file name', () => {
  it('is bounded as a typed title is, cut at a word', async () => {
    const { token } = await registerUser(t.app);
    // Without a title page in the text, the file name gives the title.
    const text = SAMPLE_BOOK.replace('Title: A Small Sample', '').replace('The Project Gutenberg eBook of A Small Sample, by Jane Example', '');
    const name = `${'a-very-long-name '.repeat(3600)}.txt`;
    const { payload, headers } = multipartFile('file', name, text);
    const res = await t.app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(token) } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    const title = (res.json() as { title: string }).title;
    expect(title.length).toBeGreaterThan(TITLE_MAX_CHARS / 2);
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
    expect(title).toMatch(/^a-very-long-name a-very-long-name .*a-very-long-name$/);
  });
});
