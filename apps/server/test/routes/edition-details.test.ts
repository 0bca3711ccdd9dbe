/**
 * The source's title page becomes book details on the server: an import cleaned at upload keeps what cleanup found
 * (subtitle, translator, source credit, public domain) in the book's metadata and the title without its subtitle;
 * a later cleanup fills only what the user has not typed; the Format form keeps what it does not send and clears
 * what it sends blank; exports
 * print them (the EPUB package names the translator).
 */
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, corpusFile, multipartFile, registerUser, type TestApp } from '../helpers.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await registerUser(t.app)).token;
});
afterAll(async () => {
  await t?.close();
});

async function upload(name: string, bytes: Buffer) {
  const { payload, headers } = multipartFile('file', name, bytes);
  const res = await t.app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(token) } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
  const book = await t.app.inject({ method: 'GET', url: `/api/books/${(res.json() as { id: string }).id}`, headers: bearer(token) });
  expect(book.statusCode).toBe(200);
  return book.json() as { id: string; title: string; metadata: Record<string, unknown> };
}

describe('edition details from the source title page', () => {
  it('an upload of Frankenstein keeps its subtitle and source credit, and its title without the subtitle', async () => {
    const book = await upload('pg84.txt', corpusFile('gutenberg/pg84-frankenstein.txt'));
    expect(book.title).toBe('Frankenstein');
    expect(book.metadata).toMatchObject({
      subtitle: 'or, the Modern Prometheus',
      sourceCredit: 'Text from Project Gutenberg eBook #84',
      publicDomain: true,
    });
  });

  it('a cleanup run again keeps the subtitle the user typed; the Format form keeps what it does not send', async () => {
    const book = await upload('pg3296.txt', corpusFile('gutenberg/pg3296-confessions-of-st-augustine.txt'));
    expect(book.metadata).toMatchObject({ translator: 'E. B. Pusey (Edward Bouverie)', sourceCredit: 'Text from Project Gutenberg eBook #3296' });
    const formatted = await t.app.inject({
      method: 'POST',
      url: `/api/books/${book.id}/format`,
      headers: bearer(token),
      payload: { genre: 'literature', metadata: { description: 'The Confessions in Pusey’s translation.', language: 'en', subtitle: 'In Thirteen Books' } },
    });
    expect(formatted.statusCode, formatted.body.slice(0, 300)).toBe(200);
    expect(formatted.json().metadata).toMatchObject({ subtitle: 'In Thirteen Books', translator: 'E. B. Pusey (Edward Bouverie)', publicDomain: true });
    const cleaned = await t.app.inject({ method: 'POST', url: `/api/books/${book.id}/clean`, headers: bearer(token) });
    expect(cleaned.statusCode).toBe(200);
    expect(cleaned.json().metadata).toMatchObject({ subtitle: 'In Thirteen Books', translator: 'E. B. Pusey (Edward Bouverie)' });

    // A field sent blank is the user clearing it; the source credit, which the form never sends, stays.
    const cleared = await t.app.inject({
      method: 'POST',
      url: `/api/books/${book.id}/format`,
      headers: bearer(token),
      payload: { genre: 'literature', metadata: { description: 'The Confessions in Pusey’s translation.', language: 'en', subtitle: 'In Thirteen Books', translator: '' } },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().metadata.translator).toBeUndefined();
    expect(cleared.json().metadata).toMatchObject({ subtitle: 'In Thirteen Books', sourceCredit: 'Text from Project Gutenberg eBook #3296' });
    await t.app.inject({
      method: 'POST',
      url: `/api/books/${book.id}/format`,
      headers: bearer(token),
      payload: { genre: 'literature', metadata: { description: 'The Confessions in Pusey’s translation.', language: 'en', subtitle: 'In Thirteen Books', translator: 'E. B. Pusey' } },
    });

    const epub = await t.app.inject({ method: 'POST', url: `/api/books/${book.id}/export/epub`, headers: bearer(token) });
    expect(epub.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(epub.rawPayload));
    const opf = strFromU8(files['EPUB/package.opf']!);
    expect(opf).toContain('<dc:contributor id="translator">E. B. Pusey</dc:contributor>');
    expect(opf).toContain('<meta refines="#translator" property="role" scheme="marc:relators">trl</meta>');
    expect(opf).toContain('<dc:title id="subtitle">In Thirteen Books</dc:title>');
    const copyright = strFromU8(files['EPUB/copyright.xhtml']!);
    expect(copyright).toContain('Text from Project Gutenberg eBook #3296.');
    expect(copyright).toContain('in the public domain');
  });
});
