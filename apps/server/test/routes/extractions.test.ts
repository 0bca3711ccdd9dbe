/**
 * Topic extraction's routes (issue 11; workspace spec sections 3, 6, 7, 8 and 9) as the web calls them, on a real
 * book imported and cleaned through the app (Henry van Dyke's The Spirit of Christmas, Project Gutenberg #14572):
 * a topic it treats and one it never mentions, validation, the book that is not cleaned yet, nobody else's books and
 * extractions, the list newest first, a passage in full and widened, a new book made from chosen passages (cleaned,
 * formatted and exported like any book), refusals that save nothing, and extractions of a text that changed since.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompileResultSchema,
  ExtractionListSchema,
  ExtractionSchema,
  PassageTextSchema,
  type Extraction,
  type PassageText,
} from '@quire/contracts';
import { books as booksTable, extractions as extractionsTable, jobs as jobsTable } from '../../src/db/schema/index.ts';
import { EXTRACTIONS_PER_USER_PER_HOUR, EXTRACTION_WINDOW_MS } from '../../src/routes/extractions.ts';
import { bearer, buildTestApp, corpusFile, countBooks, multipartFile, registerUser, SAMPLE_BOOK, type TestApp } from '../helpers.ts';

const run = promisify(execFile);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'quire-extraction-test-'));

let t: TestApp;
let token: string;
/** The Spirit of Christmas, imported and cleaned. */
let bookId: string;
/** A second book of the same user (an extraction of one book is not found under another). */
let otherBookId: string;
/** The "Christmas" extraction of `bookId`. */
let christmas: Extraction;

/** Uploads a text file for `tk` (cleaned at import: the default preference); returns the book's id. */
async function importText(name: string, text: string | Buffer, tk = token): Promise<string> {
  const { payload, headers } = multipartFile('file', name, text);
  const res = await t.app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(tk) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const get = (url: string, tk = token) => t.app.inject({ method: 'GET', url, headers: bearer(tk) });
const post = (url: string, payload?: object, tk = token) => t.app.inject({ method: 'POST', url, headers: bearer(tk), ...(payload ? { payload } : {}) });
const extract = (id: string, topic: unknown, tk = token) => post(`/api/books/${id}/extract`, { topic }, tk);
const passageUrl = (extractionId: string, passageId: string, widen?: boolean, id = bookId) =>
  `/api/books/${id}/extractions/${extractionId}/passages/${encodeURIComponent(passageId)}${widen === undefined ? '' : `?widen=${widen}`}`;
const compileUrl = (extractionId: string, id = bookId) => `/api/books/${id}/extractions/${extractionId}/book`;

/** Text as a reader sees it: Markdown's emphasis, escapes and footnote marks dropped, quotes and spaces made plain. */
function plain(text: string): string {
  return text
    .replace(/\[\^[^\]]+\]/g, '')
    .replace(/[*_\\]/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Where the opening words of a passage's first real paragraph (not a heading like `I`) stand in `text` (-1 when absent). */
function positionOf(text: string, passage: PassageText): number {
  const words = passage.paragraphs.map((p) => plain(p).split(' ')).find((w) => w.length >= 12)!;
  return plain(text).indexOf(words.slice(0, 12).join(' '));
}

/** EPUBCheck's errors and fatal errors of an EPUB file (Debian package `epubcheck`, run as `java -jar`). */
async function epubcheckErrors(bytes: Buffer): Promise<string[]> {
  const file = path.join(scratch, 'book.epub');
  const report = path.join(scratch, 'epubcheck.json');
  writeFileSync(file, bytes);
  // A non-zero exit means messages, which the JSON report lists.
  await run('java', ['-jar', '/usr/share/java/epubcheck.jar', file, '-j', report], { maxBuffer: 16 << 20 }).catch(() => undefined);
  const json = JSON.parse(readFileSync(report, 'utf8')) as { messages: { severity: string; ID: string; message: string }[] };
  return json.messages.filter((m) => m.severity === 'ERROR' || m.severity === 'FATAL').map((m) => `${m.ID}: ${m.message}`);
}

beforeAll(async () => {
  t = await buildTestApp();
  token = (await registerUser(t.app)).token;
  bookId = await importText('pg14572-spirit-of-christmas.txt', corpusFile('gutenberg/pg14572-spirit-of-christmas.txt'));
  otherBookId = await importText('sample.txt', SAMPLE_BOOK);
});
afterAll(async () => {
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('searching a book for a topic', () => {
  it('"Christmas" finds passages in The Spirit of Christmas, stored and answered in the contract\'s shape', async () => {
    const res = await extract(bookId, '  Christmas ');
    expect(res.statusCode, res.body).toBe(201);
    christmas = ExtractionSchema.parse(res.json());
    expect(christmas).toMatchObject({ bookId, topic: 'Christmas', textChanged: false, compiledTitle: null, compiledBookId: null });
    expect(christmas.sectionsFound).toBeGreaterThan(0);
    expect(christmas.sections).toHaveLength(christmas.sectionsFound);
    expect(christmas.averageRelevance).toBeGreaterThan(0);
    expect(christmas.averageRelevance).toBeLessThanOrEqual(1);
    // Best first.
    const scores = christmas.sections.map((s) => s.relevanceScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // The words searched besides the topic's own.
    expect(christmas.searchedTerms.map((w) => w.toLowerCase())).not.toContain('christmas');
    const [row] = await t.app.db.select().from(extractionsTable).where(eq(extractionsTable.id, christmas.id));
    expect(row).toMatchObject({ bookId, topic: 'Christmas', sectionsFound: christmas.sectionsFound, textHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The search ran as a job (issue 14), whose id the new extraction took; it stored the row as it completed.
    const [job] = await t.app.db.select().from(jobsTable).where(eq(jobsTable.id, christmas.id));
    expect(job).toMatchObject({ kind: 'extract', bookId, state: 'completed', attempts: 1, result: { extractionId: christmas.id }, input: { topic: 'Christmas' } });
  });

  it('"whaling" finds nothing: stored too, sectionsFound 0', async () => {
    const res = await extract(bookId, 'whaling');
    expect(res.statusCode, res.body).toBe(201);
    const none = ExtractionSchema.parse(res.json());
    expect(none).toMatchObject({ topic: 'whaling', sectionsFound: 0, sections: [], averageRelevance: 0, textChanged: false });
  });

  it.each([[''], ['   '], [undefined]])("refuses the topic %j with 400 'Please enter a topic to search for', storing nothing", async (topic) => {
    const before = (await t.app.db.select().from(extractionsTable)).length;
    const res = await post(`/api/books/${bookId}/extract`, topic === undefined ? {} : { topic });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please enter a topic to search for' });
    expect((await t.app.db.select().from(extractionsTable)).length).toBe(before);
  });

  it('refuses a book whose text is not cleaned yet (409)', async () => {
    const id = await importText('raw.txt', SAMPLE_BOOK);
    expect((await post(`/api/books/${id}/undo-clean`)).statusCode).toBe(200);
    const res = await extract(id, 'Christmas');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Clean the text before extracting topics' });
  });

  it('lists the book\'s extractions newest first, in the contract\'s shape', async () => {
    const res = await get(`/api/books/${bookId}/extractions`);
    expect(res.statusCode).toBe(200);
    const list = ExtractionListSchema.parse(res.json());
    expect(list.map((e) => e.topic)).toEqual(['whaling', 'Christmas']);
    expect(list[1]).toEqual(christmas);
    expect((await get(`/api/books/${otherBookId}/extractions`)).json()).toEqual([]);
  });

  it('searching a topic again in the same text, in any case, updates its extraction instead of adding another', async () => {
    const whaling = ExtractionListSchema.parse((await get(`/api/books/${bookId}/extractions`)).json())[0]!;
    const again = await extract(bookId, '  Christmas ');
    expect(again.statusCode).toBe(201);
    const updated = ExtractionSchema.parse(again.json());
    expect(updated.id).toBe(christmas.id);
    expect(updated.sections).toEqual(christmas.sections);
    expect(Date.parse(updated.createdAt)).toBeGreaterThanOrEqual(Date.parse(christmas.createdAt));
    expect(ExtractionSchema.parse((await extract(bookId, 'WHALING')).json()).id).toBe(whaling.id);
    const list = ExtractionListSchema.parse((await get(`/api/books/${bookId}/extractions`)).json());
    expect(list.map((e) => [e.id, e.topic])).toEqual([
      [whaling.id, 'WHALING'],
      [christmas.id, 'Christmas'],
    ]);
  });
});

describe('nobody else\'s books and extractions', () => {
  it('answers 404 for another user\'s book and extraction, and for an extraction of another book', async () => {
    const stranger = (await registerUser(t.app)).token;
    const passageId = christmas.sections[0]!.passageId;
    const body = { title: 'Mine now', passages: [{ passageId }] };
    expect((await extract(bookId, 'Christmas', stranger)).statusCode).toBe(404);
    expect((await get(`/api/books/${bookId}/extractions`, stranger)).statusCode).toBe(404);
    expect((await get(passageUrl(christmas.id, passageId), stranger)).statusCode).toBe(404);
    expect((await post(compileUrl(christmas.id), body, stranger)).statusCode).toBe(404);
    // The stranger's own book does not open the extraction either.
    const theirs = await importText('sample.txt', SAMPLE_BOOK, stranger);
    expect((await get(passageUrl(christmas.id, passageId, undefined, theirs), stranger)).statusCode).toBe(404);
    expect((await post(compileUrl(christmas.id, theirs), body, stranger)).statusCode).toBe(404);
    // The owner's other book, an unknown id and an id that is no UUID.
    expect((await get(passageUrl(christmas.id, passageId, undefined, otherBookId))).statusCode).toBe(404);
    expect((await post(compileUrl(christmas.id, otherBookId), body)).statusCode).toBe(404);
    expect((await get(passageUrl('00000000-0000-4000-8000-000000000000', passageId))).statusCode).toBe(404);
    expect((await get(passageUrl('not-a-uuid', passageId))).statusCode).toBe(404);
  });
});

describe('reading a passage', () => {
  it('answers a passage in full, and widened to its whole section', async () => {
    const section = christmas.sections[0]!;
    const res = await get(passageUrl(christmas.id, section.passageId));
    expect(res.statusCode, res.body).toBe(200);
    const passage = PassageTextSchema.parse(res.json());
    expect(passage).toMatchObject({ passageId: section.passageId, widened: false });
    expect(passage.paragraphs.length).toBeGreaterThan(0);
    expect(passage.wordCount).toBeGreaterThan(0);

    const widened = PassageTextSchema.parse((await get(passageUrl(christmas.id, section.passageId, true))).json());
    expect(widened.wordCount).toBeGreaterThanOrEqual(passage.wordCount);
    expect(widened.widened).toBe(section.source.kind === 'window');
    expect((await get(passageUrl(christmas.id, section.passageId, false))).json()).toEqual(passage);
  });

  it('answers 404 for a passage the text does not have, 400 for a bad widen', async () => {
    const res = await get(passageUrl(christmas.id, 's9999'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Passage not found' });
    expect((await get(`${passageUrl(christmas.id, christmas.sections[0]!.passageId)}?widen=maybe`)).statusCode).toBe(400);
  });
});

describe('making a book from chosen passages', () => {
  let compiledId: string;
  /** The chosen passages in the user's order (the second best first), as read in full. */
  let chosen: PassageText[];

  it('makes a new cleaned book of the chosen passages in the chosen order, sourced from the extraction', async () => {
    expect(christmas.sections.length).toBeGreaterThanOrEqual(2);
    const ids = [christmas.sections[1]!.passageId, christmas.sections[0]!.passageId];
    chosen = await Promise.all(ids.map(async (id) => PassageTextSchema.parse((await get(passageUrl(christmas.id, id))).json())));
    const source = (await get(`/api/books/${bookId}`)).json();
    const before = await countBooks(t.app);

    const res = await post(compileUrl(christmas.id), { title: 'Christmas Readings', passages: ids.map((passageId) => ({ passageId })) });
    expect(res.statusCode, res.body).toBe(201);
    const result = CompileResultSchema.parse(res.json());
    compiledId = result.bookId;
    expect(await countBooks(t.app)).toBe(before + 1);
    expect(result.extraction).toMatchObject({ id: christmas.id, compiledTitle: 'Christmas Readings', compiledBookId: compiledId, textChanged: false });
    const listed = ExtractionListSchema.parse((await get(`/api/books/${bookId}/extractions`)).json());
    expect(listed.find((e) => e.id === christmas.id)).toEqual(result.extraction);

    const book = (await get(`/api/books/${compiledId}`)).json();
    expect(book).toMatchObject({
      title: 'Christmas Readings',
      author: source.author,
      sourceType: 'extraction',
      sourceUrl: null,
      genre: source.genre,
      status: 'imported',
      formattedText: null,
    });
    expect(book.metadata).toMatchObject({ language: source.metadata.language, description: `Passages on Christmas from ${source.title}` });
    expect(book.cleanedText).toBe(book.originalText);
    expect(book.cleanReport).toMatchObject({ wordCount: book.wordCount });
    expect(book.wordCount).toBeGreaterThanOrEqual(chosen[0]!.wordCount + chosen[1]!.wordCount);
    const first = positionOf(book.cleanedText, chosen[0]!);
    const second = positionOf(book.cleanedText, chosen[1]!);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(second).toBeGreaterThan(first);

    const [row] = await t.app.db.select().from(booksTable).where(eq(booksTable.id, compiledId));
    expect(row!.sourceExtractionId).toBe(christmas.id);
    const [stored] = await t.app.db.select().from(extractionsTable).where(eq(extractionsTable.id, christmas.id));
    expect(stored!.compiledContent).toBe(book.cleanedText);
  });

  it('formats and exports the new book like any other: a PDF, and an EPUB that passes EPUBCheck', async () => {
    const formatted = await post(`/api/books/${compiledId}/format`, { genre: 'religion', metadata: { description: 'Christmas passages.', language: 'en' } });
    expect(formatted.statusCode, formatted.body).toBe(200);
    const pdf = await post(`/api/books/${compiledId}/export/pdf`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const pdfFile = path.join(scratch, 'book.pdf');
    writeFileSync(pdfFile, pdf.rawPayload);
    expect(Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdfFile], { encoding: 'utf8' }))?.[1])).toBeGreaterThanOrEqual(2);
    const epub = await post(`/api/books/${compiledId}/export/epub`);
    expect(epub.statusCode, epub.body.slice(0, 200)).toBe(200);
    expect(await epubcheckErrors(epub.rawPayload)).toEqual([]);
  });

  it('refuses a passage the text does not have with 409, saving nothing', async () => {
    const fresh = ExtractionSchema.parse((await extract(bookId, 'Christmas')).json());
    const compiledFields = async () => {
      const [row] = await t.app.db.select().from(extractionsTable).where(eq(extractionsTable.id, fresh.id));
      return { title: row!.compiledTitle, content: row!.compiledContent, book: row!.compiledBookId };
    };
    const stored = await compiledFields();
    const before = await countBooks(t.app);
    const res = await post(compileUrl(fresh.id), { title: 'Broken', passages: [{ passageId: fresh.sections[0]!.passageId }, { passageId: 's9999' }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('s9999');
    expect(await countBooks(t.app)).toBe(before);
    expect(await compiledFields()).toEqual(stored);
  });

  it.each([
    [{ title: '  ', passages: [{ passageId: 's1' }] }, 'The new book needs a title'],
    [{ title: 'Empty', passages: [] }, 'Choose at least one passage'],
    [{ title: 'None' }, 'Choose at least one passage'],
  ])('refuses %j with 400 and its message', async (body, message) => {
    const before = await countBooks(t.app);
    const res = await post(compileUrl(christmas.id), body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await countBooks(t.app)).toBe(before);
  });
});

describe('when the text changes', () => {
  it('lists the old extractions as changed and refuses to read or compile them (409); a new one is current', async () => {
    const book = (await get(`/api/books/${bookId}`)).json();
    const saved = await post(`/api/books/${bookId}/save-text`, { text: `${book.cleanedText}\n\nA paragraph the user added.\n` });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = ExtractionListSchema.parse((await get(`/api/books/${bookId}/extractions`)).json());
    expect(list.length).toBe(2);
    expect(list.every((e) => e.textChanged)).toBe(true);

    const message = { message: 'The text has changed since this extraction; run it again' };
    const passageId = christmas.sections[0]!.passageId;
    const read = await get(passageUrl(christmas.id, passageId));
    expect(read.statusCode).toBe(409);
    expect(read.json()).toEqual(message);
    const before = await countBooks(t.app);
    const compiled = await post(compileUrl(christmas.id), { title: 'Stale', passages: [{ passageId }] });
    expect(compiled.statusCode).toBe(409);
    expect(compiled.json()).toEqual(message);
    expect(await countBooks(t.app)).toBe(before);

    const again = ExtractionSchema.parse((await extract(bookId, 'Christmas')).json());
    expect(again.textChanged).toBe(false);
    expect((await get(passageUrl(again.id, again.sections[0]!.passageId))).statusCode).toBe(200);
  });
});

describe('deleting books', () => {
  it("removes a book's extractions with it; a book compiled from one lives on, no longer tied to it", async () => {
    const compiledIds = (await t.app.db.select().from(extractionsTable).where(eq(extractionsTable.bookId, bookId)))
      .map((e) => e.compiledBookId)
      .filter((id): id is string => id !== null);
    expect(compiledIds.length).toBe(1);
    // A compiled book deleted: the extraction stays and no longer names it.
    const latest = ExtractionListSchema.parse((await get(`/api/books/${bookId}/extractions`)).json())[0]!;
    const made = await post(compileUrl(latest.id), { title: 'Spare', passages: [{ passageId: latest.sections[0]!.passageId }] });
    expect(made.statusCode, made.body).toBe(201);
    const spare = CompileResultSchema.parse(made.json());
    await t.app.db.delete(booksTable).where(eq(booksTable.id, spare.bookId));
    const [kept] = await t.app.db.select().from(extractionsTable).where(eq(extractionsTable.id, spare.extraction.id));
    expect(kept!.compiledBookId).toBeNull();

    await t.app.db.delete(booksTable).where(eq(booksTable.id, bookId));
    expect(await t.app.db.select().from(extractionsTable).where(eq(extractionsTable.bookId, bookId))).toEqual([]);
    const [compiled] = await t.app.db.select().from(booksTable).where(eq(booksTable.id, compiledIds[0]!));
    expect(compiled).toMatchObject({ sourceType: 'extraction', sourceExtractionId: null });
    expect((await get(`/api/books/${compiledIds[0]!}`)).statusCode).toBe(200);
  });
});

describe(`rate limit (issue 14): ${EXTRACTIONS_PER_USER_PER_HOUR} searches and books made per user and hour`, () => {
  const EXTRACTION_LIMITED = /^You have run too many topic extractions in the last hour\. Please try again in \d+ minutes?\.$/;

  /** The extraction rows of `book`, and the books of the app: what a refused request must leave alone. */
  const stored = async (book: string) => ({
    extractions: await t.app.db.select().from(extractionsTable).where(eq(extractionsTable.bookId, book)),
    books: await countBooks(t.app),
  });

  /** A short text with a topic to find: two chapters about clocks. */
  const CLOCKS = [
    'CHAPTER I',
    '',
    'The old clock in the hall struck noon. Every clock in the house followed it, and the clockmaker listened to his clocks.',
    '',
    'He wound each clock by hand, for a clock that is not wound stops, and a stopped clock tells the right time only twice a day.',
    '',
    'CHAPTER II',
    '',
    'The garden was quiet in the rain, and the roses bent under it.',
    '',
    'In the evening the clockmaker mended a broken clock, its pendulum and its hands, until the clock ticked again.',
    '',
  ].join('\n');

  it('counts searches and books made together; past the limit both answer 429 and store nothing; another user is not affected', async () => {
    const mine = (await registerUser(t.app)).token;
    const book = await importText('clocks.txt', CLOCKS, mine);
    const first = ExtractionSchema.parse((await extract(book, 'clock', mine)).json());
    expect(first.sectionsFound).toBeGreaterThan(0);
    const made = await post(compileUrl(first.id, book), { title: 'Clocks', passages: [{ passageId: first.sections[0]!.passageId }] }, mine);
    expect(made.statusCode, made.body).toBe(201);
    // A refused search counts as much as one that runs.
    expect((await post('/api/books/00000000-0000-4000-8000-000000000000/extract', { topic: 'clock' }, mine)).statusCode).toBe(404);
    for (let i = 3; i < EXTRACTIONS_PER_USER_PER_HOUR; i++) {
      const res = await extract(book, i % 2 ? 'clocks' : 'garden', mine);
      expect(res.statusCode, res.body).toBe(201);
    }

    const before = await stored(book);
    const refusals = [
      await extract(book, 'a topic never searched', mine),
      await post(compileUrl(first.id, book), { title: 'Refused', passages: [{ passageId: first.sections[0]!.passageId }] }, mine),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json()).toEqual({ message: expect.stringMatching(EXTRACTION_LIMITED) });
      expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(EXTRACTION_WINDOW_MS / 1000);
    }
    expect(await stored(book)).toEqual(before);
    // Reading what was found is light and stays open.
    expect((await get(`/api/books/${book}/extractions`, mine)).statusCode).toBe(200);
    expect((await get(passageUrl(first.id, first.sections[0]!.passageId, undefined, book), mine)).statusCode).toBe(200);

    // The limit is the user's: another user searches as before.
    const other = (await registerUser(t.app)).token;
    const theirs = await importText('clocks.txt', CLOCKS, other);
    expect((await extract(theirs, 'clock', other)).statusCode).toBe(201);
  });
});
