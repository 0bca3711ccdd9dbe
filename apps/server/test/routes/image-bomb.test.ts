/**
 * Issue 32, point 3, "An image bomb exhausts memory": a 1.1 MB 20000 x 20000 PNG uploaded as cover artwork took a
 * Typst child to 6.25 GB. Here the bomb is a valid PNG header declaring 20000 x 20000 px with one tiny IDAT (about
 * 100 bytes): nothing could decode it to its declared size, so an answer about its pixels can only come from the
 * header. It is refused at the cover upload (413, naming the file, its pixels and the limit, nothing stored) and,
 * as a book's picture (an HTML edition zipped with its images, a DOCX), dropped with an `image-refused`
 * diagnostic while the rest of the book is imported.
 */
import { eq } from 'drizzle-orm';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookAssets, covers as coversTable } from '../../src/db/schema/index.ts';
import { bearer, buildTestApp, multipartFile, registerUser, SAMPLE_BOOK, type TestApp } from '../helpers.ts';
import { docxWithImages, pngDeclaring, solidPng } from '../image-files.ts';

const BOMB = pngDeclaring(20_000, 20_000);
const SMALL = solidPng(24, 16, [200, 30, 30]);

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp({ images: null });
  token = (await registerUser(t.app)).token;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

interface StoredBook {
  cleanedText: string | null;
  cleanReport: { diagnostics?: { code: string; message: string }[] } | null;
}

/** Imports a file as the user; answers the new book's id. */
async function importFile(fileName: string, bytes: Uint8Array | string, contentType: string): Promise<string> {
  const { payload, headers } = multipartFile('file', fileName, bytes, contentType);
  const res = await t.app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(token) } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function bookOf(id: string): Promise<StoredBook> {
  const res = await t.app.inject({ method: 'GET', url: `/api/books/${id}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StoredBook;
}

const refusals = (book: StoredBook) => (book.cleanReport?.diagnostics ?? []).filter((d) => d.code === 'image-refused').map((d) => d.message);

describe('cover artwork', () => {
  it('a 20000 x 20000 PNG is refused from its header with 413, a message naming it and its pixels, and nothing stored', async () => {
    expect(BOMB.byteLength).toBeLessThan(200);
    const bookId = await importFile('sample.txt', SAMPLE_BOOK, 'text/plain');
    const { payload, headers } = multipartFile('file', 'huge-cover.png', BOMB, 'image/png');
    const res = await t.app.inject({ method: 'POST', url: `/api/books/${bookId}/covers/artwork`, payload, headers: { ...headers, ...bearer(token) } });
    expect(res.statusCode, res.body).toBe(413);
    const { message } = res.json() as { message: string };
    expect(message).toContain('The picture "huge-cover.png" is 20000 x 20000 px (400 megapixels)');
    expect(message).toContain('at most 50 megapixels');
    expect(message).toMatch(/A printed cover needs \d+ x \d+ px/);
    expect(await t.app.db.select().from(coversTable).where(eq(coversTable.bookId, bookId))).toEqual([]);
  });
});

describe("a book's pictures", () => {
  it('an HTML edition zipped with its images: the bomb is dropped with a diagnostic, the text and the other picture kept', async () => {
    const html = `<!DOCTYPE html><html lang="en"><head><title>Plates</title></head><body>
<h1>Chapter One</h1>
<p>It was a bright cold day in April, and the clocks were striking thirteen. The plates follow.</p>
<figure><img src="images/huge.png" alt="A huge plate"/><figcaption>The huge plate</figcaption></figure>
<figure><img src="images/small.png" alt="A small plate"/><figcaption>The small plate</figcaption></figure>
<p>After the plates the story went on, as stories do.</p>
</body></html>`;
    const zip = zipSync({ 'edition/index.html': strToU8(html), 'edition/images/huge.png': BOMB, 'edition/images/small.png': SMALL });
    const bookId = await importFile('plates.zip', zip, 'application/zip');
    const book = await bookOf(bookId);
    expect(book.cleanedText).toContain('After the plates the story went on');
    expect(book.cleanedText).toContain('The huge plate');
    const rows = await t.app.db.select().from(bookAssets).where(eq(bookAssets.bookId, bookId));
    expect(rows.map((r) => [r.path, r.byteSize])).toEqual([['images/img-1.png', SMALL.byteLength]]);
    expect(refusals(book)).toEqual([expect.stringContaining('"images/huge.png" is 20000 x 20000 px (400 megapixels)')]);
  });

  it('a DOCX picture over the limit is dropped with a diagnostic, the document imported', async () => {
    const docx = docxWithImages([
      { heading: 'Chapter One' },
      { text: 'The first chapter shows what the painter made that summer, one plate after another.' },
      { png: BOMB, alt: 'A huge plate' },
      { png: SMALL, alt: 'A small plate' },
      { text: 'And then the summer ended, and the painter went home.' },
    ]);
    const bookId = await importFile('painter.docx', docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const book = await bookOf(bookId);
    expect(book.cleanedText).toContain('the painter went home');
    const rows = await t.app.db.select().from(bookAssets).where(eq(bookAssets.bookId, bookId));
    expect(rows.map((r) => r.byteSize)).toEqual([SMALL.byteLength]);
    expect(refusals(book)).toEqual([expect.stringContaining('"A huge plate" is 20000 x 20000 px (400 megapixels)')]);
  });
});
