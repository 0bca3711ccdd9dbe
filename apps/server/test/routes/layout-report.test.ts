import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema/index.ts';
import { BookSchema, PreviewSchema, type FormattingSettings, type LayoutReport } from '@quire/contracts';
import { kdpMinimumGutterIn } from '@quire/engine';
import { bearer, buildTestApp, corpusFile, multipartFile, registerUser, SAMPLE_BOOK, type TestApp } from '../helpers.ts';

let t: TestApp;
let owner: { token: string };
let intruder: { token: string };
let alice: string;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'quire-layout-report-test-'));

const inject = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Uploads a text for `token` and answers the book's id (cleaned at import: autoCleanImports is on). */
async function importText(token: string, name: string, text: string | Buffer): Promise<string> {
  const { payload, headers } = multipartFile('file', name, text);
  const res = await t.app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(token) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** The settings GET /api/templates lists for a built-in template. */
async function templateSettings(id: string): Promise<FormattingSettings> {
  const list = (await inject('GET', '/api/templates', owner.token)).json() as { id: string; settings: FormattingSettings }[];
  return list.find((x) => x.id === id)!.settings;
}

/** Exports the PDF of a book into the scratch folder and answers its path. */
async function exportPdf(bookId: string, name: string): Promise<string> {
  const res = await inject('POST', `/api/books/${bookId}/export/pdf`, owner.token);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const file = path.join(scratch, `${name}.pdf`);
  writeFileSync(file, res.rawPayload);
  return file;
}

/** Each page's words' leftmost and rightmost x, in points, from `pdftotext -bbox-layout`. */
function wordExtents(pdf: string): { xMin: number; xMax: number; words: number }[] {
  const html = execFileSync('pdftotext', ['-bbox-layout', pdf, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return html.split('<page ').slice(1).map((page) => {
    const words = [...page.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    return { xMin: Math.min(...words.map((w) => w[0])), xMax: Math.max(...words.map((w) => w[1])), words: words.length };
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await registerUser(t.app);
  intruder = await registerUser(t.app);
  alice = await importText(owner.token, 'alice.txt', corpusFile('gutenberg/pg11-alice-in-wonderland.txt'));
});
afterAll(async () => {
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe(`layout report (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('format sets the whole book: the page count is the PDF export’s, with the trim’s KDP page limit and font', async () => {
    const res = await inject('POST', `/api/books/${alice}/format`, owner.token, {
      genre: 'fiction',
      metadata: { description: 'A girl falls down a rabbit hole.' },
      layoutId: 'kdp-6x9',
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = BookSchema.parse(res.json()).layoutReport!;
    expect(report).toMatchObject({ layoutId: 'kdp-6x9', trimSizeId: '6x9', pageLimit: 828, fontLabel: 'Times New Roman (set in Tinos, metric-compatible)' });
    expect(report.adjustments).toEqual([]);
    const info = execFileSync('pdfinfo', [await exportPdf(alice, 'kdp-6x9')], { encoding: 'utf8' });
    expect(Number(/Pages:\s+(\d+)/.exec(info)![1])).toBe(report.pageCount);
    // GET answers the stored report.
    expect((await inject('GET', `/api/books/${alice}`, owner.token)).json().layoutReport).toEqual(report);
    // The book was set by a format job (issue 14), whose result is the report stored.
    const formatJobs = (await t.app.db.select().from(jobs).where(eq(jobs.bookId, alice))).filter((j) => j.kind === 'format');
    expect(formatJobs).toHaveLength(1);
    expect(formatJobs[0]).toMatchObject({ state: 'completed', attempts: 1, percent: 100, result: { report } });
  });

  it('a gutter below KDP’s minimum is raised, said in words, and the PDF export is set with it', async () => {
    const settings = { ...(await templateSettings('modern-fiction')), pageSize: 'custom' as const, trimSize: '6x9' as const, marginLeft: 0.25, marginRight: 0.5 };
    const res = await inject('POST', `/api/books/${alice}/format-advanced`, owner.token, { template: { id: 'modern-fiction', settings } });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().layoutReport as LayoutReport;
    const gutter = kdpMinimumGutterIn(report.pageCount);
    expect(report.adjustments).toEqual([
      {
        field: 'marginInsideIn',
        label: 'Inside (gutter) margin',
        fromIn: 0.25,
        toIn: gutter,
        reason: expect.stringMatching(new RegExp(`^KDP asks for at least ${gutter} in for (up to 150|151-300) pages\\.$`)),
      },
    ]);
    const pages = wordExtents(await exportPdf(alice, 'raised'));
    expect(pages).toHaveLength(report.pageCount);
    // Rectos bind on the left, versos on the right: no word inside the raised gutter (1 pt for rounding).
    const text = pages.map((p, i) => ({ ...p, recto: i % 2 === 0 })).filter((p) => p.words > 20);
    expect(text.length).toBeGreaterThan(50);
    for (const p of text.filter((x) => x.recto)) expect(p.xMin).toBeGreaterThanOrEqual(gutter * 72 - 1);
    for (const p of text.filter((x) => !x.recto)) expect(p.xMax).toBeLessThanOrEqual((6 - gutter) * 72 + 1);
    // And not much further in: the gutter is KDP's minimum, not more (words of a justified line reach the margin).
    expect(Math.min(...text.filter((x) => x.recto).map((p) => p.xMin))).toBeLessThan(gutter * 72 + 3);
  });
});

describe('previews', () => {
  let sample: string;
  beforeAll(async () => {
    sample = await importText(owner.token, 'sample.txt', SAMPLE_BOOK);
  });

  it('opening: the first pages as SVG images of the trim, in the layout and settings asked for', async () => {
    const settings = { ...(await templateSettings('classic-literature')), fontSize: 14 };
    const res = await inject('POST', `/api/books/${alice}/preview`, owner.token, { layoutId: 'classic-literature', settings });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const preview = PreviewSchema.parse(res.json());
    expect(preview).toMatchObject({ scope: 'opening', totalPages: null, layoutId: 'classic-literature' });
    expect(preview.settings.fontSize).toBe(14);
    expect(preview.pages.length).toBeGreaterThanOrEqual(6);
    expect(preview.pages.length).toBeLessThanOrEqual(12);
    for (const page of preview.pages) {
      expect(page.imageDataUrl.startsWith('data:image/svg+xml;base64,')).toBe(true);
      expect(page.widthPx / page.heightPx).toBeCloseTo(preview.trimWidthIn / preview.trimHeightIn, 2);
      expect(page.widthPx).toBe(Math.round(preview.trimWidthIn * 96));
    }
    expect(preview.pages.map((p) => p.side).slice(0, 2)).toEqual(['recto', 'verso']);
  });

  it('book: pages of the whole book as WebP, the total the layout report counts; paging reuses the setting', async () => {
    const report = (await inject('GET', `/api/books/${alice}`, owner.token)).json().layoutReport as LayoutReport;
    const first = PreviewSchema.parse((await inject('POST', `/api/books/${alice}/preview`, owner.token, { scope: 'book', fromPage: 5, toPage: 7 })).json());
    expect(first.totalPages).toBe(report.pageCount);
    expect(first.pages.map((p) => [p.pageNumber, p.side])).toEqual([[5, 'recto'], [6, 'verso'], [7, 'recto']]);
    for (const page of first.pages) expect(page.imageDataUrl.startsWith('data:image/webp;base64,')).toBe(true);
    const last = PreviewSchema.parse(
      (await inject('POST', `/api/books/${alice}/preview`, owner.token, { scope: 'book', fromPage: report.pageCount - 1, toPage: report.pageCount + 5 })).json(),
    );
    expect(last.pages.map((p) => p.pageNumber)).toEqual([report.pageCount - 1, report.pageCount]);
  });

  it('book, in a layout the book is not set in: a typeset job sets it and stores the PDF; paging on needs no job', async () => {
    const typesetJobs = async () => (await t.app.db.select().from(jobs).where(eq(jobs.bookId, alice))).filter((j) => j.kind === 'typeset');
    const before = (await typesetJobs()).length;
    const ask = (fromPage: number) => inject('POST', `/api/books/${alice}/preview`, owner.token, { scope: 'book', layoutId: 'modern-fiction', fromPage, toPage: fromPage + 1 });
    const first = await ask(1);
    expect(first.statusCode, first.body.slice(0, 300)).toBe(200);
    const preview = PreviewSchema.parse(first.json());
    expect(preview).toMatchObject({ scope: 'book', layoutId: 'modern-fiction' });
    expect(preview.pages.map((p) => p.pageNumber)).toEqual([1, 2]);
    const made = (await typesetJobs()).slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ state: 'completed', attempts: 1, result: { report: { pageCount: preview.totalPages } } });
    const key = (made[0]!.result as { key: string }).key;
    // The PDF is in the shared storage, with its page count beside it, under the book's folder.
    const stored = await t.app.storage.list(`books/${alice}/typeset`);
    expect(stored.map((f) => f.key)).toEqual(expect.arrayContaining([`books/${alice}/typeset/${key}.pdf`, `books/${alice}/typeset/${key}.json`]));
    const pdf = await t.app.storage.get(`books/${alice}/typeset/${key}.pdf`);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const next = PreviewSchema.parse((await ask(3)).json());
    expect(next.pages.map((p) => p.pageNumber)).toEqual([3, 4]);
    expect(next.totalPages).toBe(preview.totalPages);
    expect((await typesetJobs()).length).toBe(before + 1);
  });

  it('400 naming the field for bad settings and for too many pages; 404 for another user; 409 before cleanup', async () => {
    const settings = { ...(await templateSettings('classic-literature')), fontSize: 30 };
    const bad = await inject('POST', `/api/books/${sample}/preview`, owner.token, { settings });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Font size must be between 8 and 20 pt');
    const many = await inject('POST', `/api/books/${sample}/preview`, owner.token, { scope: 'book', fromPage: 1, toPage: 41 });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('A preview shows at most 40 pages at a time');
    expect((await inject('POST', `/api/books/${sample}/preview`, owner.token, { layoutId: 'no-such-layout' })).statusCode).toBe(400);
    expect((await inject('POST', `/api/books/${sample}/preview`, intruder.token, {})).statusCode).toBe(404);
    expect((await inject('POST', `/api/books/${sample}/undo-clean`, owner.token)).statusCode).toBe(200);
    const raw = await inject('POST', `/api/books/${sample}/preview`, owner.token, {});
    expect(raw.statusCode).toBe(409);
    expect(raw.json().message).toBe('Clean the text before previewing it');
  });
});
