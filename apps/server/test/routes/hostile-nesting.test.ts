/**
 * Issue 32 point 1, as the attack ran: HTML files of 900,000 unclosed `<b>` (2.7 MB each) held the reading threads for
 * minutes, and other users' imports got no answer. Now two such uploads are read, every word kept, while another
 * user's import is answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipartFile, registerUser, SAMPLE_BOOK, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ workerThreads: 2 });
});
afterAll(async () => {
  await t?.close();
});

describe('an upload of 900,000 unclosed tags', () => {
  it('is read with its words, and another user meanwhile imports a book', async () => {
    const hostile = `<html><head><title>Nested</title></head><body><p>First words ${'<b>'.repeat(900_000)}last words.</p></body></html>`;
    expect(hostile.length).toBeGreaterThan(2_700_000);
    const attacker = await registerUser(t.app);
    const reader = await registerUser(t.app);
    const upload = (token: string, name: string, content: string, type: string) => {
      const { payload, headers } = multipartFile('file', name, content, type);
      return t.app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(token) } });
    };
    const [first, second, other] = await Promise.all([
      upload(attacker.token, 'nested-1.html', hostile, 'text/html'),
      upload(attacker.token, 'nested-2.html', hostile, 'text/html'),
      upload(reader.token, 'sample.txt', SAMPLE_BOOK, 'text/plain'),
    ]);
    expect(other.statusCode, other.body).toBe(201);
    for (const res of [first, second]) {
      expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
      const { id } = res.json() as { id: string };
      const book = (await t.app.inject({ method: 'GET', url: `/api/books/${id}`, headers: bearer(attacker.token) })).json() as { cleanedText: string | null; originalText: string };
      expect(book.cleanedText ?? book.originalText).toMatch(/First words[\s\S]*last words\./);
    }
  });
});
