import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, countBooks, multipartFile, registerUser, SAMPLE_BOOK, startServer, type LocalServer, type TestApp } from '../helpers.ts';

let t: TestApp;
let server: LocalServer;
let owner: { token: string };
let intruder: { token: string };

beforeAll(async () => {
  t = await buildTestApp();
  server = await startServer((req, res) => {
    if (req.url === '/files/a-small-sample.txt') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end(SAMPLE_BOOK);
    }
    if (req.url === '/texts/untitled-notes') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('Some notes without any header at all.\n\nA second paragraph.');
    }
    res.writeHead(404);
    res.end();
  });
  owner = await registerUser(t.app);
  intruder = await registerUser(t.app);
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

const inject = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function importSample(token: string): Promise<string> {
  const res = await inject('POST', '/api/import', token, { url: server.url('/files/a-small-sample.txt') });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe('import', () => {
  it('imports by URL: title and author from the text, the book stored as imported and cleaned (autoCleanImports)', async () => {
    const res = await inject('POST', '/api/import', owner.token, { url: server.url('/files/a-small-sample.txt') });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), title: 'A Small Sample', author: 'Jane Example' });
    const book = (await inject('GET', `/api/books/${res.json().id}`, owner.token)).json();
    expect(book).toMatchObject({
      title: 'A Small Sample',
      author: 'Jane Example',
      sourceType: 'url',
      sourceUrl: server.url('/files/a-small-sample.txt'),
      status: 'imported',
      formattedText: null,
      isFreeTrial: false,
      wasTruncated: false,
      metadata: { categories: [], keywords: [], language: 'en' },
    });
    expect(book.originalText).toContain('bright cold day in April');
    expect(book.originalText).toContain('*** START OF THE PROJECT GUTENBERG EBOOK');
    expect(book.cleanedText).toContain('# CHAPTER I');
    expect(book.cleanedText).not.toContain('PROJECT GUTENBERG');
    expect(book.cleanReport).toMatchObject({ chaptersFound: 2, partsFound: 0 });
    expect(book.wordCount).toBe(book.cleanReport.wordCount);
    expect(book.wordCount).toBeGreaterThan(30);
  });

  it('falls back to the URL file name and Unknown Author', async () => {
    const res = await inject('POST', '/api/import', owner.token, { url: server.url('/texts/untitled-notes') });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: 'untitled-notes', author: 'Unknown Author' });
  });

  it('imports an uploaded file (multipart field `file`); the title falls back to the file name', async () => {
    const { payload, headers } = multipartFile('file', 'My_Draft.txt', 'Just a draft.\n\nWith two paragraphs of text.');
    const res = await t.app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(owner.token) } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: 'My Draft', author: 'Unknown Author' });
    const book = (await inject('GET', `/api/books/${res.json().id}`, owner.token)).json();
    expect(book).toMatchObject({ sourceType: 'upload', sourceUrl: null, wordCount: 8 });
  });

  it('needs a signed-in user', async () => {
    const before = await countBooks(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/import', payload: { url: server.url('/files/a-small-sample.txt') } });
    expect(res.statusCode).toBe(401);
    expect(await countBooks(t.app)).toBe(before);
  });
});

describe('books', () => {
  it('lists only the caller’s books, newest first, without texts', async () => {
    const fresh = await registerUser(t.app);
    expect((await inject('GET', '/api/books', fresh.token)).json()).toEqual([]);
    const first = await importSample(fresh.token);
    const second = await importSample(fresh.token);
    const list = (await inject('GET', '/api/books', fresh.token)).json();
    expect(list.map((b: { id: string }) => b.id)).toEqual([second, first]);
    expect(Object.keys(list[0]).sort()).toEqual(['author', 'createdAt', 'id', 'status', 'title', 'wordCount']);
  });

  it('answers 404 for an unknown or malformed book id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await inject('GET', `/api/books/${id}`, owner.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Book not found' });
    }
  });

  it('cleans, saves edited text and formats: the workspace flow', async () => {
    const id = await importSample(owner.token);
    // Import cleaned the text (autoCleanImports); start from the uncleaned book, as with the preference off.
    expect((await inject('POST', `/api/books/${id}/undo-clean`, owner.token)).statusCode).toBe(200);

    const early = await inject('POST', `/api/books/${id}/format`, owner.token, {
      genre: 'literature',
      metadata: { description: 'A short sample book for tests.' },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'Clean the text before formatting' });

    const cleaned = await inject('POST', `/api/books/${id}/clean`, owner.token);
    expect(cleaned.statusCode, cleaned.body).toBe(200);
    const book = cleaned.json();
    expect(book.cleanedText).toEqual(expect.any(String));
    expect(book.cleanedText).not.toContain('PROJECT GUTENBERG');
    expect(book.cleanedText).toContain('bright cold day');
    expect(book.cleanReport).toMatchObject({ passes: expect.any(Array), chaptersFound: expect.any(Number), wordCount: expect.any(Number) });
    expect(book.cleanReport.chaptersFound).toBeGreaterThanOrEqual(2);
    // What the Clean tab shows as found: the chapters, no warning for a well-formed sample.
    expect(book.cleanReport.structure).toMatchObject({ found: [`${book.cleanReport.chaptersFound} chapters`], warnings: [] });
    expect(book.status).toBe('imported');

    const edited = `${book.cleanedText}\n\nAn added closing line.\n`;
    const saved = await inject('POST', `/api/books/${id}/save-text`, owner.token, { text: edited });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().cleanedText).toBe(edited);
    expect(saved.json().wordCount).toBeGreaterThan(book.wordCount - 1);

    const formatted = await inject('POST', `/api/books/${id}/format`, owner.token, {
      genre: 'literature',
      metadata: { description: 'A short sample book for tests.', keywords: ['sample'], categories: ['Fiction'], publicationYear: 1901, isbn: '' },
      layoutId: 'kdp-6x9',
    });
    expect(formatted.statusCode, formatted.body).toBe(200);
    expect(formatted.json()).toMatchObject({
      status: 'ready',
      genre: 'literature',
      layoutId: 'kdp-6x9',
      formattedText: edited,
      metadata: { description: 'A short sample book for tests.', keywords: ['sample'], categories: ['Fiction'], language: 'en', publicationYear: 1901 },
    });
    expect(formatted.json().metadata).not.toHaveProperty('isbn');

    // An edit after formatting is what the next export contains.
    const again = await inject('POST', `/api/books/${id}/save-text`, owner.token, { text: '# One\n\nOnly this.' });
    expect(again.json().formattedText).toBe('# One\n\nOnly this.');
  });

  it('keeps the title-page details of the format body in the book, after a template was applied, and clears a blank one', async () => {
    const id = await importSample(owner.token);
    const templated = await inject('POST', `/api/books/${id}/format-template`, owner.token, { templateId: 'classic-literature' });
    expect(templated.statusCode, templated.body).toBe(200);

    const details = { subtitle: ' or, The Modern Prometheus ', translator: 'Louise Maude', editor: 'H. H. Milman', publisher: 'Northfield Press', edition: 'Third Edition' };
    const formatted = await inject('POST', `/api/books/${id}/format`, owner.token, {
      genre: 'literature',
      metadata: { description: 'A short sample book for tests.', ...details },
    });
    expect(formatted.statusCode, formatted.body).toBe(200);
    const expected = { ...details, subtitle: 'or, The Modern Prometheus' };
    expect(formatted.json()).toMatchObject({ layoutId: 'classic-literature', metadata: expected });
    expect((await inject('GET', `/api/books/${id}`, owner.token)).json().metadata).toMatchObject(expected);

    const cleared = await inject('POST', `/api/books/${id}/format`, owner.token, {
      genre: 'literature',
      metadata: { description: 'A short sample book for tests.', ...expected, translator: '  ', edition: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const metadata = (await inject('GET', `/api/books/${id}`, owner.token)).json().metadata;
    expect(metadata).toMatchObject({ subtitle: 'or, The Modern Prometheus', editor: 'H. H. Milman', publisher: 'Northfield Press' });
    expect(metadata).not.toHaveProperty('translator');
    expect(metadata).not.toHaveProperty('edition');
  });

  it.each([
    [{ metadata: { description: 'Long enough text.' } }, 'Please select a genre'],
    [{ genre: '', metadata: { description: 'Long enough text.' } }, 'Please select a genre'],
    [{ genre: 'literature', metadata: { description: 'short' } }, 'Description must be at least 10 characters'],
    [{ genre: 'literature', metadata: {} }, 'Description must be at least 10 characters'],
    [{ genre: 'literature', metadata: { description: 'Long enough text.', publicationYear: 2999 } }, 'Publication year must be 2024 or earlier'],
    [{ genre: 'literature', metadata: { description: 'Long enough text.', isbn: 'abc' } }, 'ISBN must look like 978-0-123456-78-9'],
  ])('refuses format body %j with the field message', async (payload, message) => {
    const id = await importSample(owner.token);
    await inject('POST', `/api/books/${id}/clean`, owner.token);
    const res = await inject('POST', `/api/books/${id}/format`, owner.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('refuses an unknown layout', async () => {
    const id = await importSample(owner.token);
    await inject('POST', `/api/books/${id}/clean`, owner.token);
    const res = await inject('POST', `/api/books/${id}/format`, owner.token, {
      genre: 'literature',
      metadata: { description: 'Long enough text.' },
      layoutId: 'no-such-layout',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('no-such-layout');
  });

  it('refuses empty and over-5-MB text in save-text, changing nothing', async () => {
    const id = await importSample(owner.token);
    await inject('POST', `/api/books/${id}/clean`, owner.token);
    const before = (await inject('GET', `/api/books/${id}`, owner.token)).json().cleanedText;

    const empty = await inject('POST', `/api/books/${id}/save-text`, owner.token, { text: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'The text cannot be empty' });

    const big = await inject('POST', `/api/books/${id}/save-text`, owner.token, { text: 'word '.repeat(1_100_000) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The text is too large. Text must be less than 5MB.' });

    expect((await inject('GET', `/api/books/${id}`, owner.token)).json().cleanedText).toBe(before);
  });
});

describe('undo cleanup', () => {
  it('clears the cleaned and formatted texts and the report, back to imported; the original stays; cleaning again works', async () => {
    const id = await importSample(owner.token);
    const imported = (await inject('GET', `/api/books/${id}`, owner.token)).json();
    expect(imported.cleanedText).toEqual(expect.any(String));
    const formatted = await inject('POST', `/api/books/${id}/format`, owner.token, {
      genre: 'literature',
      metadata: { description: 'A short sample book for tests.' },
    });
    expect(formatted.json().status).toBe('ready');

    const undone = await inject('POST', `/api/books/${id}/undo-clean`, owner.token);
    expect(undone.statusCode, undone.body).toBe(200);
    const book = undone.json();
    expect(book).toMatchObject({ cleanedText: null, cleanReport: null, formattedText: null, status: 'imported' });
    expect(book.originalText).toBe(imported.originalText);
    expect(book.wordCount).toBeGreaterThan(imported.wordCount); // the original still holds the Gutenberg header and licence
    expect((await inject('GET', `/api/books/${id}`, owner.token)).json()).toEqual(book);

    const early = await inject('POST', `/api/books/${id}/format`, owner.token, { genre: 'literature', metadata: { description: 'A short sample book for tests.' } });
    expect(early.statusCode).toBe(409);

    const again = await inject('POST', `/api/books/${id}/clean`, owner.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().cleanedText).toBe(imported.cleanedText);
  });

  it('is harmless on a book that is not cleaned', async () => {
    const id = await importSample(owner.token);
    await inject('POST', `/api/books/${id}/undo-clean`, owner.token);
    const twice = await inject('POST', `/api/books/${id}/undo-clean`, owner.token);
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toMatchObject({ cleanedText: null, status: 'imported' });
  });
});

describe("another user's book", () => {
  it('is a 404 on every book route, and stays unchanged', async () => {
    const id = await importSample(owner.token);
    await inject('POST', `/api/books/${id}/clean`, owner.token);
    const before = (await inject('GET', `/api/books/${id}`, owner.token)).json();

    const attempts: [string, string, object | undefined][] = [
      ['GET', `/api/books/${id}`, undefined],
      ['POST', `/api/books/${id}/clean`, undefined],
      ['POST', `/api/books/${id}/undo-clean`, undefined],
      ['POST', `/api/books/${id}/save-text`, { text: 'overwritten' }],
      ['POST', `/api/books/${id}/format`, { genre: 'literature', metadata: { description: 'Long enough text.' } }],
      ['POST', `/api/books/${id}/export/pdf`, undefined],
      ['POST', `/api/books/${id}/export/epub`, undefined],
      ['POST', `/api/books/${id}/export/docx`, undefined],
      ['POST', `/api/books/${id}/export/html`, undefined],
      ['POST', `/api/books/${id}/export/epub-html`, undefined],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await inject(method as 'GET' | 'POST', url, intruder.token, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Book not found' });
    }
    expect((await inject('GET', '/api/books', intruder.token)).json().some((b: { id: string }) => b.id === id)).toBe(false);
    expect((await inject('GET', `/api/books/${id}`, owner.token)).json()).toEqual(before);
  });

  it('every book route needs a token', async () => {
    const id = await importSample(owner.token);
    for (const [method, url] of [
      ['GET', '/api/books'],
      ['GET', `/api/books/${id}`],
      ['POST', `/api/books/${id}/clean`],
      ['POST', `/api/books/${id}/undo-clean`],
      ['POST', `/api/books/${id}/save-text`],
      ['POST', `/api/books/${id}/format`],
      ['POST', `/api/books/${id}/export/pdf`],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
  });
});
