/**
 * Images of imported books (issue 3, "Import"): a DOCX and an EPUB with images are imported and their images stored
 * (`book_assets` rows and files under `$QUIRE_DATA_DIR/files/books/<bookId>/images/`); GET
 * /api/books/:id/images/:name serves them to their owner only; the EPUB and PDF exports contain them; a
 * collection numbers its texts' images on so that none overwrites another; and nothing is left behind when a book
 * cannot be stored.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookAssets } from '../../src/db/schema/index.ts';
import { createBookAssetService } from '../../src/services/book-asset-service.ts';
import { createBookService } from '../../src/services/book-service.ts';
import { bearer, buildTestApp, corpusFile, countBooks, multipartFile, registerUser, startServer, type LocalServer, type TestApp } from '../helpers.ts';
import { docxWithImages, solidPng } from '../image-files.ts';

let t: TestApp;
let owner: string;
let stranger: string;
let site: LocalServer;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'quire-images-test-'));

const RED = solidPng(24, 16, [200, 30, 30]);
const BLUE = solidPng(16, 24, [30, 60, 200]);
const GREEN = solidPng(20, 20, [30, 160, 60]);

/** A two-chapter DOCX with the given pictures in its first chapter. */
function storyDocx(title: string, pictures: { png: Uint8Array; alt: string }[]): Uint8Array {
  return docxWithImages([
    { heading: `${title}: Chapter One` },
    { text: 'The first chapter shows what the painter made that summer, one plate after another.' },
    ...pictures,
    { heading: `${title}: Chapter Two` },
    { text: 'The second chapter has no pictures at all, only the end of the story.' },
  ]);
}

const DOCX_PATHS: Record<string, Uint8Array> = {
  '/c/first.docx': storyDocx('First', [{ png: RED, alt: 'A red plate' }]),
  '/c/second.docx': storyDocx('Second', [
    { png: BLUE, alt: 'A blue plate' },
    { png: GREEN, alt: 'A green plate' },
  ]),
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = (await registerUser(t.app)).token;
  stranger = (await registerUser(t.app)).token;
  site = await startServer((req, res) => {
    const body = DOCX_PATHS[req.url ?? ''];
    if (!body) {
      res.writeHead(404).end('not here');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    res.end(Buffer.from(body));
  });
});
afterAll(async () => {
  await site?.close();
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Uploads a file as the owner; answers the new book's id. */
async function upload(fileName: string, bytes: Uint8Array, contentType: string): Promise<string> {
  const { payload, headers } = multipartFile('file', fileName, bytes, contentType);
  const res = await t.app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(owner) } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

/** The `book_assets` rows of a book, by path. */
async function rowsOf(bookId: string) {
  const rows = await t.app.db.select().from(bookAssets).where(eq(bookAssets.bookId, bookId));
  return rows.sort((a, b) => a.path.localeCompare(b.path));
}

/** Every file under a folder, relative to it (none when the folder does not exist). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)));
}

/** The stored file of a storage key, read from the data directory itself. */
function storedFile(key: string): Buffer {
  return readFileSync(path.join(t.config.dataDir, 'files', ...key.split('/')));
}

/** Cleans (when needed) and formats a book, so that it can be exported. */
async function formatBook(bookId: string) {
  const book = (await t.app.inject({ method: 'GET', url: `/api/books/${bookId}`, headers: bearer(owner) })).json() as { cleanedText: string | null };
  if (book.cleanedText === null) {
    expect((await t.app.inject({ method: 'POST', url: `/api/books/${bookId}/clean`, headers: bearer(owner) })).statusCode).toBe(200);
  }
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/books/${bookId}/format`,
    headers: bearer(owner),
    payload: { genre: 'literature', metadata: { description: 'A book with pictures.', language: 'en' } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Exports a book; answers the file. */
async function exportAs(bookId: string, format: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'POST', url: `/api/books/${bookId}/export/${format}`, headers: bearer(owner) });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

/** The image references (`](images/...)`) of Quire Markdown. */
function imageRefs(markdown: string): string[] {
  return [...markdown.matchAll(/!\[[^\]]*\]\((images\/[^)\s]+)\)/g)].map((m) => m[1]!);
}

describe('a DOCX with images', () => {
  let bookId: string;

  beforeAll(async () => {
    bookId = await upload(
      'painter.docx',
      storyDocx('Painter', [{ png: RED, alt: 'A red plate' }, { png: BLUE, alt: 'A blue plate' }]),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    await formatBook(bookId);
  });

  it('stores each image as a book_assets row and a file under books/<bookId>/images/', async () => {
    const rows = await rowsOf(bookId);
    expect(rows.map((r) => [r.path, r.mediaType, r.byteSize, r.storageKey])).toEqual([
      ['images/img-1.png', 'image/png', RED.byteLength, `books/${bookId}/images/img-1.png`],
      ['images/img-2.png', 'image/png', BLUE.byteLength, `books/${bookId}/images/img-2.png`],
    ]);
    expect(storedFile(rows[0]!.storageKey).equals(Buffer.from(RED))).toBe(true);
    expect(storedFile(rows[1]!.storageKey).equals(Buffer.from(BLUE))).toBe(true);
    // The book's folder also holds its typeset PDFs once it has been set (services/typeset-pdf-store.ts).
    expect(filesUnder(path.join(t.config.dataDir, 'files', 'books', bookId)).filter((f) => !f.startsWith(`typeset${path.sep}`)).sort()).toEqual([
      path.join('images', 'img-1.png'),
      path.join('images', 'img-2.png'),
    ]);
    const book = (await t.app.inject({ method: 'GET', url: `/api/books/${bookId}`, headers: bearer(owner) })).json() as { cleanedText: string };
    expect(imageRefs(book.cleanedText)).toEqual(['images/img-1.png', 'images/img-2.png']);
    expect(book.cleanedText).toContain('![A red plate](images/img-1.png)');
  });

  it('serves an image to its owner, with its type and headers that forbid sniffing and scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/books/${bookId}/images/img-2.png`, headers: bearer(owner) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
    expect(res.rawPayload.equals(Buffer.from(BLUE))).toBe(true);
  });

  it('answers 404 to another user, and for names the book does not have or that are not delete-safe', async () => {
    const url = `/api/books/${bookId}/images/img-1.png`;
    const other = await t.app.inject({ method: 'GET', url, headers: bearer(stranger) });
    expect(other.statusCode).toBe(404);
    expect(other.rawPayload.includes(Buffer.from(RED))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const name of ['img-9.png', '..', '.', '%2e%2e%2fimg-1.png', 'img-1.png%00', 'IMG-1.PNG', 'img%201.png']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/books/${bookId}/images/${name}`, headers: bearer(owner) });
      expect(res.statusCode, name).toBe(404);
    }
    const noBook = await t.app.inject({ method: 'GET', url: `/api/books/${randomUUID()}/images/img-1.png`, headers: bearer(owner) });
    expect(noBook.statusCode).toBe(404);
  });

  it('puts the images in the EPUB export: files in the package, listed in the manifest', async () => {
    const files = unzipSync(new Uint8Array(await exportAs(bookId, 'epub')));
    const container = strFromU8(files['META-INF/container.xml']!);
    const opfPath = /full-path="([^"]+)"/.exec(container)![1]!;
    const opf = strFromU8(files[opfPath]!);
    const pngItems = [...opf.matchAll(/<item\b[^>]*media-type="image\/png"[^>]*>/g)].map((m) => /href="([^"]+)"/.exec(m[0])![1]!);
    expect(pngItems).toHaveLength(2);
    const base = path.posix.dirname(opfPath);
    const packaged = pngItems.map((href) => Buffer.from(files[path.posix.join(base, href)]!));
    expect(packaged.some((b) => b.equals(Buffer.from(RED)))).toBe(true);
    expect(packaged.some((b) => b.equals(Buffer.from(BLUE)))).toBe(true);
  });

  it('puts the images in the PDF export (pdfimages lists them)', async () => {
    const file = path.join(scratch, 'painter.pdf');
    writeFileSync(file, await exportAs(bookId, 'pdf'));
    const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
    const images = list.split('\n').slice(2).filter((l) => /^\s*\d+\s+\d+\s+image\b/.test(l));
    // Each picture once (a PNG may add an alpha mask of its own, never fewer rows than pictures).
    expect(images.length).toBeGreaterThanOrEqual(2);
    expect(images.some((l) => /\s24\s+16\s/.test(l))).toBe(true);
    expect(images.some((l) => /\s16\s+24\s/.test(l))).toBe(true);
  });
});

describe('an EPUB with images (the corpus)', () => {
  it('stores every image its text refers to, with the bytes of the book', async () => {
    const bookId = await upload('alice.epub', corpusFile('other/alice-in-wonderland-epub3-futurepress-fixture.epub'), 'application/epub+zip');
    const rows = await rowsOf(bookId);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const book = (await t.app.inject({ method: 'GET', url: `/api/books/${bookId}`, headers: bearer(owner) })).json() as { cleanedText: string };
    expect(new Set(imageRefs(book.cleanedText))).toEqual(new Set(rows.map((r) => r.path)));
    for (const row of rows) {
      expect(row.mediaType).toMatch(/^image\/(png|jpeg|gif|webp)$/);
      expect(row.storageKey).toBe(`books/${bookId}/${row.path}`);
      expect(storedFile(row.storageKey).byteLength).toBe(row.byteSize);
    }
    const first = rows[0]!;
    const res = await t.app.inject({ method: 'GET', url: `/api/books/${bookId}/images/${first.path.slice('images/'.length)}`, headers: bearer(owner) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(first.mediaType);
    expect(res.rawPayload.equals(storedFile(first.storageKey))).toBe(true);
  });
});

describe('a collection', () => {
  it("numbers the texts' images on, stores them all, and the EPUB export holds every one", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/books/import-multiple',
      headers: bearer(owner),
      payload: {
        urls: [site.url('/c/first.docx'), site.url('/c/second.docx'), site.url('/c/missing.docx')],
        collectionTitle: 'Plates',
        combineMethod: 'sequential',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { book, successfulImports } = res.json() as { book: { id: string }; successfulImports: number };
    expect(successfulImports).toBe(2);
    const rows = await rowsOf(book.id);
    const paths = rows.map((r) => r.path);
    // Both files call their first image img-1.png; the collection numbers them on.
    expect(paths).toEqual(['images/img-1.png', 'images/img-2.png', 'images/img-3.png']);
    expect(rows.map((r) => r.storageKey)).toEqual(paths.map((p) => `books/${book.id}/${p}`));
    const bytesOf = (p: string) => storedFile(rows.find((r) => r.path === p)!.storageKey);

    const stored = (await t.app.inject({ method: 'GET', url: `/api/books/${book.id}`, headers: bearer(owner) })).json() as { cleanedText: string };
    const refs = imageRefs(stored.cleanedText);
    expect(refs).toEqual(paths);
    // In reading order: the first text's red plate, then the second text's blue and green ones.
    expect(bytesOf(refs[0]!).equals(Buffer.from(RED))).toBe(true);
    expect(bytesOf(refs[1]!).equals(Buffer.from(BLUE))).toBe(true);
    expect(bytesOf(refs[2]!).equals(Buffer.from(GREEN))).toBe(true);
    expect(stored.cleanedText.indexOf('A red plate')).toBeLessThan(stored.cleanedText.indexOf('Second: Chapter One'));

    await formatBook(book.id);
    const files = unzipSync(new Uint8Array(await exportAs(book.id, 'epub')));
    const pngs = Object.values(files).map((b) => Buffer.from(b));
    for (const png of [RED, BLUE, GREEN]) expect(pngs.some((b) => b.equals(Buffer.from(png)))).toBe(true);
  });
});

describe('nothing is stored when a book cannot be stored', () => {
  it('removes the written image files when the book insert fails', async () => {
    const assets = createBookAssetService({ db: t.app.db, storage: t.app.storage });
    const books = createBookService({ db: t.app.db, jobs: t.app.jobs, layoutExists: () => true, assets });
    const booksDir = path.join(t.config.dataDir, 'files', 'books');
    const filesBefore = filesUnder(booksDir);
    const rowsBefore = (await t.app.db.select().from(bookAssets)).length;
    const booksBefore = await countBooks(t.app);
    // A user that does not exist: the insert fails on the foreign key, after the files were written.
    const create = books.create(
      randomUUID(),
      { title: 'Orphan', author: 'Nobody', sourceType: 'upload', sourceUrl: null, originalText: 'Text.', wordCount: 1, metadata: {} },
      [
        { path: 'images/img-1.png', mediaType: 'image/png', bytes: RED },
        { path: 'images/img-2.png', mediaType: 'image/png', bytes: BLUE },
      ],
    );
    await expect(create).rejects.toThrow();
    expect(filesUnder(booksDir)).toEqual(filesBefore);
    expect((await t.app.db.select().from(bookAssets)).length).toBe(rowsBefore);
    expect(await countBooks(t.app)).toBe(booksBefore);
  });

  it('refuses an unsafe image name before writing anything', async () => {
    const assets = createBookAssetService({ db: t.app.db, storage: t.app.storage });
    const booksDir = path.join(t.config.dataDir, 'files', 'books');
    const filesBefore = filesUnder(booksDir);
    for (const bad of ['images/../x.png', 'images/a/b.png', 'x.png', 'images/..', 'images/a b.png']) {
      await expect(assets.write(randomUUID(), [{ path: bad, mediaType: 'image/png', bytes: RED }]), bad).rejects.toMatchObject({ code: 'INTERNAL' });
    }
    await expect(assets.write(randomUUID(), [{ path: 'images/img-1.svg', mediaType: 'image/svg+xml', bytes: RED }])).rejects.toMatchObject({
      code: 'INTERNAL',
    });
    expect(filesUnder(booksDir)).toEqual(filesBefore);
  });
});
