/**
 * The covers routes (issue "Covers"; workspace spec section 7) on a formatted sample book, as the web calls them:
 * text and AI-style covers (Quire's own artwork without an image model; a local OpenAI-compatible image server with
 * one), editing, choosing, deleting, uploads checked for 300 dpi, the files (e-book JPEG, full-wrap PDF judged by
 * pdfinfo, preview), the EPUB export carrying the chosen cover, and nobody else's covers.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageDimensions } from '@quire/engine';
import { covers as coversTable, jobs as jobsTable } from '../../src/db/schema/index.ts';
import { bearer, buildTestApp, multipartFile, registerUser, SAMPLE_BOOK, startServer, type LocalServer, type TestApp } from '../helpers.ts';
import { solidPng } from '../image-files.ts';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'quire-cover-test-'));

/** Imports, cleans and formats the sample book for `token`; returns its id. */
async function formattedBook(t: TestApp, token: string, opts: { format?: boolean } = {}): Promise<string> {
  const { payload, headers } = multipartFile('file', 'sample.txt', SAMPLE_BOOK);
  const imported = await t.app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(token) } });
  expect(imported.statusCode, imported.body).toBe(201);
  const id = imported.json().id as string;
  expect((await t.app.inject({ method: 'POST', url: `/api/books/${id}/clean`, headers: bearer(token) })).statusCode).toBe(200);
  if (opts.format === false) return id;
  const formatted = await t.app.inject({
    method: 'POST',
    url: `/api/books/${id}/format`,
    headers: bearer(token),
    payload: { genre: 'literature', metadata: { description: 'A short sample book, with a back-cover description for its cover.', language: 'en' } },
  });
  expect(formatted.statusCode, formatted.body).toBe(200);
  return id;
}

/** `pdfinfo`'s page size of a PDF, in points. */
function pageSizePt(pdf: Buffer): { widthPt: number; heightPt: number } {
  const file = path.join(scratch, `wrap-${Date.now()}.pdf`);
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const m = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
  return { widthPt: Number(m[1]), heightPt: Number(m[2]) };
}

describe('covers without an image model', () => {
  let t: TestApp;
  let token: string;
  let bookId: string;

  beforeAll(async () => {
    t = await buildTestApp({ images: null });
    token = (await registerUser(t.app)).token;
    bookId = await formattedBook(t, token);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, tk = token) => t.app.inject({ method: 'GET', url, headers: bearer(tk) });
  const post = (payload: object, tk = token) => t.app.inject({ method: 'POST', url: `/api/books/${bookId}/covers`, payload, headers: bearer(tk) });

  it('offers the templates and says no image model is configured, with the wrap sized from the page count', async () => {
    expect((await get(`/api/books/${bookId}/covers`)).json()).toEqual([]);
    const options = (await get(`/api/books/${bookId}/cover-options`)).json();
    expect(options.aiConfigured).toBe(false);
    expect(options.aiModel).toBeNull();
    expect(options.palettes.length).toBeGreaterThanOrEqual(3);
    const book = (await get(`/api/books/${bookId}`)).json();
    const g = options.geometry;
    const pages = book.layoutReport.pageCount + (book.layoutReport.pageCount % 2);
    expect(g.pageCount).toBe(pages);
    // KDP's formula (issue): 0.125 + trim + spine + trim + 0.125 wide, trim + 0.25 high.
    expect(g.widthIn).toBeCloseTo(0.25 + 2 * g.trimWidthIn + g.spineWidthIn, 3);
    expect(g.heightIn).toBeCloseTo(g.trimHeightIn + 0.25, 3);
    expect(g.spineText).toBe(pages >= 79 && g.spineWidthIn > 0);
    expect(options.artworkMinPx.widthPx).toBe(Math.ceil((g.trimWidthIn + 0.125) * 300));
  });

  it('makes a text cover, chosen, whose e-book file is a 1600 x 2560 JPEG served to its owner only', async () => {
    const made = await post({ coverType: 'text-only', template: 'elegant' });
    expect(made.statusCode, made.body).toBe(201);
    const cover = made.json();
    expect(cover).toMatchObject({ coverType: 'text-only', template: 'elegant', style: null, chosen: true, prompt: null });
    expect(cover.artwork).toMatchObject({ source: 'none', aiGenerated: false });
    expect(cover.text.blurb).toContain('back-cover description');
    const jpeg = await get(cover.imageUrl);
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers['x-content-type-options']).toBe('nosniff');
    expect(imageDimensions(new Uint8Array(jpeg.rawPayload))).toEqual({ width: 1600, height: 2560 });
    const download = await get(`${cover.imageUrl}?download=1`);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9_]+_Cover_Ebook\.jpg"$/);

    const stranger = (await registerUser(t.app)).token;
    expect((await get(`/api/books/${bookId}/covers`, stranger)).statusCode).toBe(404);
    expect((await get(cover.imageUrl, stranger)).statusCode).toBe(404);
    expect((await get(cover.wrapUrl, stranger)).statusCode).toBe(404);
    expect((await post({ coverType: 'text-only', template: 'bold' }, stranger)).statusCode).toBe(404);
  });

  it('draws an AI style with Quire\'s own renderer, recorded as not AI-made, and makes it the chosen cover', async () => {
    const made = await post({ coverType: 'ai', style: 'vintage' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ coverType: 'ai', style: 'vintage', chosen: true, prompt: null });
    expect(made.json().artwork).toMatchObject({ source: 'generated', aiGenerated: false, model: null });
    const list = (await get(`/api/books/${bookId}/covers`)).json();
    expect(list.map((c: { style: string | null }) => c.style)).toEqual(['vintage', null]);
    expect(list.filter((c: { chosen: boolean }) => c.chosen).length).toBe(1);
  });

  it('refuses a body outside the spec with a message, and an unknown cover with 404', async () => {
    const bad = await post({ coverType: 'text-only', template: 'gothic' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/elegant|template/i);
    expect((await get(`/api/books/${bookId}/covers/00000000-0000-4000-8000-000000000000/ebook.jpg`)).statusCode).toBe(404);
    expect((await get(`/api/books/${bookId}/covers/not-a-uuid/ebook.jpg`)).statusCode).toBe(404);
  });

  it('edits text and palette (a new JPEG), chooses another cover, and refuses a bad colour without changing anything', async () => {
    const [newest, oldest] = (await get(`/api/books/${bookId}/covers`)).json();
    const before = (await get(oldest.imageUrl)).rawPayload;
    const patch = (coverId: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/books/${bookId}/covers/${coverId}`, payload, headers: bearer(token) });
    const bad = await patch(oldest.id, { palette: { background: 'red', text: '#000000', accent: '#000000' } });
    expect(bad.statusCode).toBe(400);
    expect((await get(oldest.imageUrl)).rawPayload.equals(before)).toBe(true);

    const edited = await patch(oldest.id, { text: { title: 'A New Title' }, palette: { background: '#1f2a44', text: '#f5efe0', accent: '#c9a227' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().text.title).toBe('A New Title');
    expect(edited.json().text.author).toBe(oldest.text.author);
    const after = (await get(oldest.imageUrl)).rawPayload;
    expect(after.equals(before)).toBe(false);
    expect(imageDimensions(new Uint8Array(after))).toEqual({ width: 1600, height: 2560 });

    expect((await patch(oldest.id, { chosen: true })).json().chosen).toBe(true);
    const list = (await get(`/api/books/${bookId}/covers`)).json();
    expect(list.find((c: { id: string }) => c.id === newest.id).chosen).toBe(false);
  });

  it('renders the full wrap at the size of KDP\'s formula, and a preview of it', async () => {
    const options = (await get(`/api/books/${bookId}/cover-options`)).json();
    const [cover] = (await get(`/api/books/${bookId}/covers`)).json();
    const wrap = await get(`${cover.wrapUrl}?download=1`);
    expect(wrap.statusCode, wrap.body).toBe(200);
    expect(wrap.headers['content-disposition']).toMatch(/_Cover_Paperback\.pdf"$/);
    const size = pageSizePt(wrap.rawPayload);
    expect(Math.abs(size.widthPt / 72 - options.geometry.widthIn)).toBeLessThan(0.01);
    expect(Math.abs(size.heightPt / 72 - options.geometry.heightIn)).toBeLessThan(0.01);
    // Made by a cover-wrap job (issue 14) and answered from the storage, whole, with its length.
    const made = (await t.app.db.select().from(jobsTable).where(eq(jobsTable.kind, 'cover-wrap'))).filter((j) => j.bookId === bookId);
    expect(made.at(-1)).toMatchObject({ state: 'completed', attempts: 1, input: { coverId: cover.id }, result: { key: `covers/${bookId}/${cover.id}/wrap.pdf`, byteSize: wrap.rawPayload.length } });
    expect(Number(wrap.headers['content-length'])).toBe(wrap.rawPayload.length);
    const preview = await get(`/api/books/${bookId}/covers/${cover.id}/wrap.jpg?widthPx=800`);
    expect(preview.statusCode).toBe(200);
    expect(imageDimensions(new Uint8Array(preview.rawPayload))?.width).toBe(800);
    // The preview is a cover-wrap job too, stored beside the wrap and streamed with its length.
    const previewJob = (await t.app.db.select().from(jobsTable).where(eq(jobsTable.kind, 'cover-wrap'))).filter((j) => j.bookId === bookId).at(-1);
    expect(previewJob).toMatchObject({
      state: 'completed',
      input: { coverId: cover.id, previewWidthPx: 800 },
      result: { key: `covers/${bookId}/${cover.id}/wrap-800.jpg`, byteSize: preview.rawPayload.length },
    });
    expect(Number(preview.headers['content-length'])).toBe(preview.rawPayload.length);
  });

  it('follows the book: cream paper widens the spine, and a longer text a new page count, so no wrap is stale', async () => {
    const before = (await get(`/api/books/${bookId}/cover-options`)).json().geometry;
    const cream = await t.app.inject({
      method: 'POST',
      url: `/api/books/${bookId}/format`,
      headers: bearer(token),
      payload: { genre: 'literature', metadata: { description: 'A short sample book, with a back-cover description for its cover.', language: 'en', paperType: 'cream' } },
    });
    expect(cream.statusCode, cream.body).toBe(200);
    const onCream = (await get(`/api/books/${bookId}/cover-options`)).json().geometry;
    expect(onCream.paperType).toBe('cream');
    expect(onCream.spineWidthIn).toBeCloseTo(onCream.pageCount * 0.0025, 4);
    expect(onCream.spineWidthIn).toBeGreaterThan(before.spineWidthIn);

    const book = (await get(`/api/books/${bookId}`)).json();
    const longer = `${book.formattedText}\n\n# A Chapter Added Later\n\n${'A paragraph of new words, long enough to fill a page or two. '.repeat(400)}\n`;
    const saved = await t.app.inject({ method: 'POST', url: `/api/books/${bookId}/save-text`, headers: bearer(token), payload: { text: longer } });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await get(`/api/books/${bookId}/cover-options`)).json().geometry;
    expect(after.pageCount).toBeGreaterThan(onCream.pageCount);
    const [cover] = (await get(`/api/books/${bookId}/covers`)).json();
    const wrap = await get(cover.wrapUrl);
    expect(Math.abs(pageSizePt(wrap.rawPayload).widthPt / 72 - after.widthIn)).toBeLessThan(0.01);
  });

  it('puts the chosen cover into the EPUB', async () => {
    const epub = await t.app.inject({ method: 'POST', url: `/api/books/${bookId}/export/epub`, headers: bearer(token) });
    expect(epub.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(epub.rawPayload));
    const opf = Object.entries(files).find(([name]) => name.endsWith('.opf'))!;
    const item = /<item [^>]*properties="cover-image"[^>]*>/.exec(strFromU8(opf[1]))?.[0];
    expect(item).toMatch(/media-type="image\/jpeg"/);
    const [chosen] = (await get(`/api/books/${bookId}/covers`)).json().filter((c: { chosen: boolean }) => c.chosen);
    const href = /href="([^"]+)"/.exec(item!)![1]!;
    const entry = Object.entries(files).find(([name]) => name.endsWith(href))!;
    expect(Buffer.from(entry[1]).equals((await get(chosen.imageUrl)).rawPayload)).toBe(true);
  });

  it('refuses artwork that is not an image or too small for 300 dpi, naming the pixels needed, and builds a cover around good artwork', async () => {
    const upload = (name: string, bytes: Uint8Array | string) => {
      const { payload, headers } = multipartFile('file', name, bytes);
      return t.app.inject({ method: 'POST', url: `/api/books/${bookId}/covers/artwork`, payload, headers: { ...headers, ...bearer(token) } });
    };
    const count = async () => (await t.app.db.select().from(coversTable).where(eq(coversTable.bookId, bookId))).length;
    const n = await count();
    const text = await upload('cover.png', 'not an image at all');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Cover artwork must be a JPEG or PNG image.');
    const small = await upload('small.png', solidPng(600, 900, [40, 60, 90]));
    expect(small.statusCode).toBe(422);
    const { artworkMinPx } = (await get(`/api/books/${bookId}/cover-options`)).json();
    expect(small.json().message).toContain('600 x 900');
    expect(small.json().message).toContain(`${artworkMinPx.widthPx} x ${artworkMinPx.heightPx}`);
    expect(await count()).toBe(n);

    const good = await upload('art.png', solidPng(artworkMinPx.widthPx, artworkMinPx.heightPx, [150, 80, 60]));
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json()).toMatchObject({ coverType: 'upload', chosen: true });
    expect(good.json().artwork).toMatchObject({ source: 'upload', aiGenerated: false, widthPx: artworkMinPx.widthPx });
  });

  it('deletes a cover with its files; the newest left becomes the chosen one', async () => {
    const list = (await get(`/api/books/${bookId}/covers`)).json();
    const chosen = list.find((c: { chosen: boolean }) => c.chosen);
    const [row] = await t.app.db.select().from(coversTable).where(eq(coversTable.id, chosen.id));
    // Its wrap and a preview of it are stored too, beside its e-book JPEG.
    expect((await get(`${chosen.wrapUrl}`)).statusCode).toBe(200);
    expect((await get(`/api/books/${bookId}/covers/${chosen.id}/wrap.jpg?widthPx=400`)).statusCode).toBe(200);
    expect((await t.app.storage.list(`covers/${bookId}/${chosen.id}`)).length).toBeGreaterThanOrEqual(3);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/books/${bookId}/covers/${chosen.id}`, headers: bearer(token) });
    expect(del.statusCode).toBe(204);
    await expect(t.app.storage.get(row!.ebookKey)).rejects.toThrow();
    expect(await t.app.storage.list(`covers/${bookId}/${chosen.id}`)).toEqual([]);
    const left = (await get(`/api/books/${bookId}/covers`)).json();
    expect(left.length).toBe(list.length - 1);
    expect(left.filter((c: { chosen: boolean }) => c.chosen).map((c: { id: string }) => c.id)).toEqual([left[0].id]);
  });

  it('answers the wrap of an unformatted book with a 409 that says why', async () => {
    const draft = await formattedBook(t, token, { format: false });
    const made = await t.app.inject({ method: 'POST', url: `/api/books/${draft}/covers`, payload: { coverType: 'text-only', template: 'academic' }, headers: bearer(token) });
    expect(made.statusCode, made.body).toBe(201);
    const wrap = await get(made.json().wrapUrl);
    expect(wrap.statusCode).toBe(409);
    expect(wrap.json().message).toMatch(/page count/);
    expect((await get(`/api/books/${draft}/cover-options`)).json().geometry).toBeNull();
  });
});

describe('covers with an OpenAI-compatible image model', () => {
  let t: TestApp;
  let token: string;
  let bookId: string;
  let server: LocalServer;
  let mode: 'ok' | 'error' | 'slow' = 'ok';
  const prompts: string[] = [];
  const picture = solidPng(1024, 1536, [30, 90, 120]);

  beforeAll(async () => {
    server = await startServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (req.url !== '/v1/images/generations') {
          res.writeHead(404).end();
          return;
        }
        prompts.push(JSON.parse(body).prompt);
        if (mode === 'error') {
          res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'secret internals' } }));
          return;
        }
        const answer = () =>
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ created: 0, data: [{ b64_json: Buffer.from(picture).toString('base64') }] }));
        if (mode === 'slow') setTimeout(answer, 3000);
        else answer();
      });
    });
    t = await buildTestApp({ images: { apiKey: 'test-key', baseUrl: server.url('/v1'), model: 'test-image-model', requestTimeoutMs: 1000 } });
    token = (await registerUser(t.app)).token;
    bookId = await formattedBook(t, token);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  const create = () => t.app.inject({ method: 'POST', url: `/api/books/${bookId}/covers`, payload: { coverType: 'ai', style: 'modern' }, headers: bearer(token) });

  it('asks the model for artwork without lettering and records the cover as AI-made', async () => {
    const options = (await t.app.inject({ method: 'GET', url: `/api/books/${bookId}/cover-options`, headers: bearer(token) })).json();
    expect(options).toMatchObject({ aiConfigured: true, aiModel: 'test-image-model' });
    const made = await create();
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().artwork).toMatchObject({ source: 'ai-model', aiGenerated: true, model: 'test-image-model', widthPx: 1024, heightPx: 1536 });
    expect(made.json().prompt).toBe(prompts.at(-1));
    expect(prompts.at(-1)).toMatch(/No text, no letters/);
  });

  it('answers a failing or slow model with a clear message and saves nothing', async () => {
    const files = async () => (await t.app.db.select().from(coversTable).where(eq(coversTable.bookId, bookId))).length;
    const n = await files();
    mode = 'error';
    const failed = await create();
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('The image model answered with an error (HTTP 500).');
    mode = 'slow';
    const slow = await create();
    expect(slow.statusCode).toBe(504);
    expect(slow.json().message).toMatch(/did not answer in time/);
    expect(await files()).toBe(n);
    mode = 'ok';
  });
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));
