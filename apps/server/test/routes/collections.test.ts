/**
 * POST /api/books/import-multiple (accounts spec sections 3, 5, 8, 9; issue 3 "Collections"), against a local
 * HTTP server: validation, partial failure, none succeeding, the three combine orders, the collection's author,
 * and a table of contents that shows the parts (the exported EPUB's navigation).
 */
import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema/index.ts';
import { bearer, buildTestApp, countBooks, registerUser, startServer, type LocalServer, type TestApp } from '../helpers.ts';

/** A Gutenberg-style text with a header (title, author) and the given body. */
function gutenbergText(title: string, author: string, body: string): string {
  const upper = title.toUpperCase();
  return [
    `The Project Gutenberg eBook of ${title}, by ${author}`,
    '',
    `Title: ${title}`,
    '',
    `Author: ${author}`,
    '',
    'Language: English',
    '',
    `*** START OF THE PROJECT GUTENBERG EBOOK ${upper} ***`,
    '',
    body,
    '',
    `*** END OF THE PROJECT GUTENBERG EBOOK ${upper} ***`,
    '',
  ].join('\n');
}

const TEXTS: Record<string, string> = {
  '/t/alice.txt': gutenbergText(
    'Alice in Wonderland',
    'Lewis Carroll',
    'CHAPTER I. Down the Rabbit-Hole\n\nAlice was beginning to get very tired of sitting by her sister on the\nbank, and of having nothing to do.\n\nCHAPTER II. The Pool of Tears\n\n"Curiouser and curiouser!" cried Alice.',
  ),
  '/t/raven.txt': gutenbergText(
    'The Raven',
    'Edgar Allan Poe',
    'Once upon a midnight dreary, while I pondered, weak and weary, over many a quaint and curious volume of forgotten lore.',
  ),
  '/t/dream.txt': gutenbergText(
    'A Dream Within a Dream',
    'Edgar Allan Poe',
    'Take this kiss upon the brow! And, in parting from you now, thus much let me avow.',
  ),
  '/t/kubla.txt': gutenbergText(
    'Kubla Khan',
    'Samuel Taylor Coleridge',
    'In Xanadu did Kubla Khan a stately pleasure-dome decree: where Alph, the sacred river, ran.',
  ),
  // A Gutenberg "book page" whose files live under /cache/epub/ on the configured Gutenberg origin.
  '/cache/epub/1065/pg1065.txt': gutenbergText(
    'The Bells',
    'Edgar Allan Poe',
    'Hear the sledges with the bells, silver bells! What a world of merriment their melody foretells!',
  ),
};

let t: TestApp;
let server: LocalServer;
let token: string;

beforeAll(async () => {
  server = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const text = TEXTS[url.pathname];
    if (text !== undefined) {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end(text);
    }
    if (url.pathname === '/t/binary.txt') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const garbage = Buffer.alloc(4096);
      for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919) % 256;
      return res.end(garbage);
    }
    res.writeHead(404);
    res.end();
  });
  t = await buildTestApp({ gutenbergOrigin: `http://127.0.0.1:${server.port}` });
  token = (await registerUser(t.app)).token;
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

const url = (path: string) => server.url(path);

async function importCollection(payload: object, as = token) {
  const res = await t.app.inject({ method: 'POST', url: '/api/books/import-multiple', headers: bearer(as), payload });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

async function getBook(id: unknown, as = token) {
  return (await t.app.inject({ method: 'GET', url: `/api/books/${String(id)}`, headers: bearer(as) })).json();
}

/** The `{.part}` headings of Quire Markdown (`# Title {.part author="Name"}`), in order. */
const PART_HEADING = /^# (.*?) \{\.part(?: author="((?:[^"\\]|\\.)*)")?\}$/gm;

/** Titles of the `{.part}` headings of Quire Markdown, in order. */
function partTitles(markdown: string): string[] {
  return [...markdown.matchAll(PART_HEADING)].map((m) => m[1]!);
}

/** Authors of the `{.part}` headings of Quire Markdown, in order (null where a heading names none). */
function partAuthors(markdown: string): (string | null)[] {
  return [...markdown.matchAll(PART_HEADING)].map((m) => m[2] ?? null);
}

describe('validation (400 with the field message, nothing stored)', () => {
  const two = () => [url('/t/alice.txt'), url('/t/raven.txt')];
  it.each([
    [() => ({ urls: [url('/t/alice.txt')], collectionTitle: 'One' }), 'At least 2 URLs required'],
    [() => ({ urls: Array.from({ length: 11 }, () => url('/t/alice.txt')), collectionTitle: 'Eleven' }), 'Maximum 10 books allowed'],
    [() => ({ urls: [url('/t/alice.txt'), 'not a url'], collectionTitle: 'Bad' }), 'Each URL must be valid'],
    [() => ({ urls: [url('/t/alice.txt'), 'ftp://example.com/a.txt'], collectionTitle: 'Bad' }), 'Each URL must be valid'],
    [() => ({ urls: two(), collectionTitle: '   ' }), 'Collection title is required'],
    [() => ({ urls: two() }), 'Collection title is required'],
  ])('refuses %s', async (body, message) => {
    const before = await countBooks(t.app);
    const r = await importCollection(body());
    expect(r).toEqual({ status: 400, body: { message } });
    expect(await countBooks(t.app)).toBe(before);
  });

  it('refuses an unknown combine method', async () => {
    const r = await importCollection({ urls: two(), collectionTitle: 'Poems', combineMethod: 'random' });
    expect(r.status).toBe(400);
    expect(String(r.body.message)).toContain('combineMethod');
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/books/import-multiple', payload: { urls: two(), collectionTitle: 'X' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('a collection becomes one book with one part per text', () => {
  it('sequential: parts in URL order, chapters inside, one report, author Various', async () => {
    const r = await importCollection({
      urls: [url('/t/alice.txt'), url('/t/raven.txt'), url('/t/kubla.txt')],
      collectionTitle: 'Wonders',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toEqual({ book: { id: expect.any(String), title: 'Wonders' }, successfulImports: 3, failedImports: [] });
    const book = await getBook((r.body.book as { id: string }).id);
    expect(book).toMatchObject({ title: 'Wonders', author: 'Various', sourceType: 'collection', sourceUrl: null, status: 'imported' });
    expect(partTitles(book.cleanedText)).toEqual(['Alice in Wonderland', 'The Raven', 'Kubla Khan']);
    // Each part names its own author (the book's is 'Various').
    expect(partAuthors(book.cleanedText)).toEqual(['Lewis Carroll', 'Edgar Allan Poe', 'Samuel Taylor Coleridge']);
    expect(book.cleanedText).toContain('# Alice in Wonderland {.part author="Lewis Carroll"}');
    expect(book.cleanedText).toContain('# CHAPTER I. Down the Rabbit-Hole');
    expect(book.cleanedText).toContain('Curiouser and curiouser');
    expect(book.cleanedText).not.toMatch(/PROJECT GUTENBERG/);
    // Alice's two chapters, and one chapter for each text without chapters.
    expect(book.cleanReport).toMatchObject({ partsFound: 3, chaptersFound: 4 });
    const boilerplate = book.cleanReport.passes.find((p: { id: string }) => p.id === 'boilerplate');
    expect(boilerplate?.count ?? 0).toBeGreaterThan(0);
    expect(book.originalText).toBe(book.cleanedText);
    expect(book.wordCount).toBeGreaterThan(60);
    // A collection is a job (issue 14): the book has the job's id and was stored when the job completed.
    const [job] = await t.app.db.select().from(jobs).where(eq(jobs.id, book.id));
    expect(job).toMatchObject({ kind: 'collection', state: 'completed', attempts: 1, percent: 100, result: { bookId: book.id, successfulImports: 3 } });
  });

  it('by_author: grouped by author; the common author becomes the book author', async () => {
    const r = await importCollection({
      urls: [url('/t/raven.txt'), url('/t/kubla.txt'), url('/t/dream.txt'), url('/t/alice.txt')],
      collectionTitle: 'By author',
      combineMethod: 'by_author',
    });
    expect(r.status).toBe(201);
    const book = await getBook((r.body.book as { id: string }).id);
    expect(partTitles(book.cleanedText)).toEqual(['The Raven', 'A Dream Within a Dream', 'Alice in Wonderland', 'Kubla Khan']);
    expect(book.author).toBe('Various');

    const poe = await importCollection({ urls: [url('/t/raven.txt'), url('/t/dream.txt')], collectionTitle: 'Poe', combineMethod: 'by_author' });
    expect((await getBook((poe.body.book as { id: string }).id)).author).toBe('Edgar Allan Poe');
  });

  it('by_title: alphabetical; a given author wins', async () => {
    const r = await importCollection({
      urls: [url('/t/raven.txt'), url('/t/kubla.txt'), url('/t/dream.txt'), url('/t/alice.txt')],
      collectionTitle: 'By title',
      collectionAuthor: 'The Editors',
      combineMethod: 'by_title',
    });
    expect(r.status).toBe(201);
    const book = await getBook((r.body.book as { id: string }).id);
    expect(partTitles(book.cleanedText)).toEqual(['A Dream Within a Dream', 'Alice in Wonderland', 'Kubla Khan', 'The Raven']);
    expect(book.author).toBe('The Editors');
  });

  it('takes 10 URLs, and resolves a Project Gutenberg book page to its text', async () => {
    const urls = [...Array.from({ length: 9 }, () => url('/t/raven.txt')), 'https://www.gutenberg.org/ebooks/1065'];
    const r = await importCollection({ urls, collectionTitle: 'Ten' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.successfulImports).toBe(10);
    const book = await getBook((r.body.book as { id: string }).id);
    expect(partTitles(book.cleanedText).at(-1)).toBe('The Bells');
    expect(server.requests).toContain('GET /cache/epub/1065/pg1065.txt');
  });
});

describe('failures', () => {
  it('reports each failing URL by name and still imports the others', async () => {
    const r = await importCollection({
      urls: [url('/t/missing.txt'), url('/t/alice.txt'), url('/t/binary.txt')],
      collectionTitle: 'Partly',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.successfulImports).toBe(1);
    expect(r.body.failedImports).toEqual([
      { url: url('/t/missing.txt'), message: 'Could not fetch the URL (the server answered 404 Not Found).' },
      { url: url('/t/binary.txt'), message: expect.any(String) },
    ]);
    const book = await getBook((r.body.book as { id: string }).id);
    expect(partTitles(book.cleanedText)).toEqual(['Alice in Wonderland']);
    expect(book.author).toBe('Lewis Carroll');
  });

  it("answers 422 'Failed to import any books' with each reason when none succeeds, storing nothing", async () => {
    const before = await countBooks(t.app);
    const r = await importCollection({ urls: [url('/t/missing.txt'), url('/t/binary.txt')], collectionTitle: 'Nothing' });
    expect(r.status).toBe(422);
    expect(String(r.body.message)).toMatch(/^Failed to import any books\. /);
    expect(String(r.body.message)).toContain(`${url('/t/missing.txt')}: Could not fetch the URL`);
    expect(await countBooks(t.app)).toBe(before);
    // Its job failed at once with that answer (an expected failure is not tried again).
    const failed = (await t.app.db.select().from(jobs).where(eq(jobs.kind, 'collection'))).filter((j) => j.state === 'failed');
    expect(failed).toMatchObject([{ attempts: 1, errorCode: 'COLLECTION_FAILED', error: r.body.message }]);
  });
});

describe('autoCleanImports off', () => {
  it('stores the combined Markdown as the original; cleaning it keeps the parts', async () => {
    const user = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/preferences',
      headers: bearer(user.token),
      payload: { defaultGenre: 'general', preferredCoverStyle: 'skip', defaultExportFormat: 'pdf', autoCleanImports: false },
    });
    const r = await importCollection({ urls: [url('/t/alice.txt'), url('/t/raven.txt')], collectionTitle: 'Raw' }, user.token);
    expect(r.status).toBe(201);
    const id = (r.body.book as { id: string }).id;
    const raw = await getBook(id, user.token);
    expect(raw.cleanedText).toBeNull();
    expect(partTitles(raw.originalText)).toEqual(['Alice in Wonderland', 'The Raven']);

    const cleaned = await t.app.inject({ method: 'POST', url: `/api/books/${id}/clean`, headers: bearer(user.token) });
    expect(cleaned.statusCode).toBe(200);
    expect(partTitles(cleaned.json().cleanedText)).toEqual(['Alice in Wonderland', 'The Raven']);
    // Cleanup leaves the part headings' attributes as they were (their quotes are markup, not the text's).
    expect(partAuthors(cleaned.json().cleanedText)).toEqual(['Lewis Carroll', 'Edgar Allan Poe']);
    expect(cleaned.json().cleanReport).toMatchObject({ partsFound: 2, chaptersFound: 3 });
  });
});

describe('table of contents', () => {
  it('the exported EPUB navigation lists the parts with their chapters', async () => {
    const r = await importCollection({ urls: [url('/t/alice.txt'), url('/t/raven.txt')], collectionTitle: 'Navigable' });
    const id = (r.body.book as { id: string }).id;
    const formatted = await t.app.inject({
      method: 'POST',
      url: `/api/books/${id}/format`,
      headers: bearer(token),
      payload: { genre: 'literature', metadata: { description: 'Two texts in one book.' } },
    });
    expect(formatted.statusCode, formatted.body).toBe(200);
    const epub = await t.app.inject({ method: 'POST', url: `/api/books/${id}/export/epub`, headers: bearer(token) });
    expect(epub.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(epub.rawPayload));
    const navName = Object.keys(files).find((n) => /nav\.xhtml$/.test(n));
    expect(navName).toBeDefined();
    const nav = strFromU8(files[navName!]!);
    const toc = nav.slice(nav.indexOf('epub:type="toc"'));
    // Each part is an entry whose nested list holds its chapters.
    expect(toc).toMatch(/Alice in Wonderland<\/a>\s*<ol>[\s\S]*?Down the Rabbit-Hole[\s\S]*?The Pool of Tears[\s\S]*?<\/ol>/);
    expect(toc).toMatch(/The Raven<\/a>\s*<ol>[\s\S]*?The Raven<\/a>/);
    expect(toc.indexOf('Alice in Wonderland')).toBeLessThan(toc.indexOf('The Raven'));
  });
});
