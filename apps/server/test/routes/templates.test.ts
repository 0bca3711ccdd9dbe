import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormattingSettingsSchema, StyleGuideTemplateSchema, type FormattingSettings } from '@quire/contracts';
import { books, customTemplates } from '../../src/db/schema/index.ts';
import { bearer, buildTestApp, multipartFile, registerUser, SAMPLE_BOOK, type TestApp } from '../helpers.ts';

let t: TestApp;
let owner: { token: string; userId: string };
let intruder: { token: string; userId: string };
const scratch = mkdtempSync(path.join(os.tmpdir(), 'quire-templates-test-'));

const TEMPLATE_IDS = ['classic-literature', 'modern-fiction', 'devotional', 'philosophy-essays', 'kindle-optimized', 'print-ready-kdp'];
const STYLE_GUIDE_IDS = ['apa-7', 'mla-9', 'chicago', 'harvard', 'kdp-6x9', 'kdp-fiction', 'kdp-nonfiction'];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await registerUser(t.app);
  intruder = await registerUser(t.app);
});
afterAll(async () => {
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Imports the sample book for `token`, cleaned unless `clean` is false; answers its id. */
async function importSample(token: string, clean = true): Promise<string> {
  const { payload, headers } = multipartFile('file', 'sample.txt', SAMPLE_BOOK);
  const res = await t.app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(token) } });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  if (clean && res.json().cleanedText === null) expect((await inject('POST', `/api/books/${id}/clean`, token)).statusCode).toBe(200);
  if (!clean && res.json().cleanedText !== null) expect((await inject('POST', `/api/books/${id}/undo-clean`, token)).statusCode).toBe(200);
  return id;
}

/** The stored row of a book. */
async function bookRow(id: string) {
  const [row] = await t.app.db.select().from(books).where(eq(books.id, id));
  return row!;
}

/** Exports the book as PDF and answers pdfinfo's page size in points, e.g. '612 x 792'. */
async function pdfPageSize(bookId: string): Promise<string> {
  const res = await inject('POST', `/api/books/${bookId}/export/pdf`, owner.token);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const file = path.join(scratch, `${bookId}.pdf`);
  writeFileSync(file, res.rawPayload);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return /Page size:\s+([\d.]+ x [\d.]+) pts/.exec(info)?.[1] ?? info;
}

/** Exports the book as DOCX and answers the page size of its first section in twentieths of a point. */
async function docxPageSize(bookId: string): Promise<{ w: number; h: number }> {
  const res = await inject('POST', `/api/books/${bookId}/export/docx`, owner.token);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const xml = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['word/document.xml']!);
  const m = /<w:pgSz[^>]*w:w="(\d+)"[^>]*w:h="(\d+)"/.exec(xml);
  expect(m, 'w:pgSz in document.xml').not.toBeNull();
  return { w: Number(m![1]), h: Number(m![2]) };
}

/** The settings of a built-in template as GET /api/templates lists them. */
async function builtInSettings(id: string): Promise<FormattingSettings> {
  const list = (await inject('GET', '/api/templates', owner.token)).json() as { id: string; settings: FormattingSettings }[];
  return list.find((x) => x.id === id)!.settings;
}

describe(`templates and style guides (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('GET /api/templates lists the six built-in templates with valid settings', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/templates' })).statusCode).toBe(401);
    const res = await inject('GET', '/api/templates', owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { id: string; name: string; description: string; genre: string; settings: unknown; isBuiltIn: boolean }[];
    expect(list.map((x) => x.id)).toEqual(TEMPLATE_IDS);
    // Each names the font its exports are set in, from the engine's font registry.
    expect(Object.fromEntries((list as unknown as { id: string; fontLabel: string }[]).map((x) => [x.id, x.fontLabel]))).toMatchObject({
      'classic-literature': 'Garamond (set in EB Garamond, a similar design)',
      'print-ready-kdp': 'Times New Roman (set in Tinos, metric-compatible)',
    });
    expect(list.map((x) => x.name)).toEqual([
      'Classic Literature',
      'Modern Fiction',
      'Devotional & Religious',
      'Philosophy & Essays',
      'Kindle Optimized',
      'Print Ready KDP',
    ]);
    for (const item of list) {
      expect(item.isBuiltIn).toBe(true);
      expect(item.description.length).toBeGreaterThan(0);
      expect(FormattingSettingsSchema.safeParse(item.settings).success, item.id).toBe(true);
      expect(Object.keys(item)).not.toContain('layout');
    }
    expect(list.find((x) => x.id === 'devotional')?.genre).toBe('devotional');
    expect(list.find((x) => x.id === 'kindle-optimized')?.settings).toMatchObject({ pageSize: 'kindle' });
  });

  it('GET /api/style-guides lists the seven style guides in the spec shape', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/style-guides' })).statusCode).toBe(401);
    const res = await inject('GET', '/api/style-guides', owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { id: string; category: string; requirements: { margins: Record<string, number>; font: { size: number }; titlePage: boolean } }[];
    expect(list.map((x) => x.id)).toEqual(STYLE_GUIDE_IDS);
    for (const guide of list) {
      expect(StyleGuideTemplateSchema.strict().safeParse(guide).success, guide.id).toBe(true);
      expect(guide.category).toBe(guide.id.startsWith('kdp') ? 'publishing' : 'academic');
    }
    const byId = Object.fromEntries(list.map((x) => [x.id, x]));
    // Workspace spec section 9.
    expect(byId['apa-7']!.requirements.margins).toEqual({ top: 1, bottom: 1, left: 1, right: 1 });
    expect(byId['apa-7']!.requirements.font.size).toBe(12);
    expect(byId['harvard']!.requirements.margins).toMatchObject({ top: 1.5, left: 1.5 });
    expect(byId['kdp-6x9']!.requirements.margins).toEqual({ top: 0.76, bottom: 0.76, left: 0.9, right: 0.6 });
    expect(byId['mla-9']!.requirements.titlePage).toBe(false);
  });
});

describe('POST /api/books/:id/format-template', () => {
  it('answers 409 before cleanup and 404 for another user', async () => {
    const raw = await importSample(owner.token, false);
    const early = await inject('POST', `/api/books/${raw}/format-template`, owner.token, { templateId: 'apa-7' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'Clean the text before formatting' });
    const other = await inject('POST', `/api/books/${raw}/format-template`, intruder.token, { templateId: 'apa-7' });
    expect(other.statusCode).toBe(404);
    expect((await bookRow(raw)).layoutId).toBeNull();
  });

  it('refuses an unknown template id, naming it, and changes nothing', async () => {
    const id = await importSample(owner.token);
    const res = await inject('POST', `/api/books/${id}/format-template`, owner.token, { templateId: 'times-new-nothing' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Unknown template "times-new-nothing"' });
    const row = await bookRow(id);
    expect(row.layoutId).toBeNull();
    expect(row.formattedText).toBeNull();
    expect(row.status).toBe('imported');
  });

  it('APA 7: stores the layout, formats, and exports a US Letter PDF and DOCX', async () => {
    const id = await importSample(owner.token);
    const res = await inject('POST', `/api/books/${id}/format-template`, owner.token, {
      templateId: 'apa-7',
      requirements: { margins: { top: 1, bottom: 1, left: 1, right: 1 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const book = res.json() as { layoutId: string; status: string; formattedText: string; cleanedText: string };
    expect(book.layoutId).toBe('apa-7');
    expect(book.status).toBe('ready');
    expect(book.formattedText).toBe(book.cleanedText);
    expect((await bookRow(id)).layoutSettings).toBeNull();
    expect(await pdfPageSize(id)).toBe('612 x 792');
    // 8.5 x 11 in in twentieths of a point.
    expect(await docxPageSize(id)).toEqual({ w: 12240, h: 15840 });
  });

  it('KDP Fiction: a 5.5 x 8.5 in PDF (396 x 612 pt)', async () => {
    const id = await importSample(owner.token);
    const res = await inject('POST', `/api/books/${id}/format-template`, owner.token, { templateId: 'kdp-fiction' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().layoutId).toBe('kdp-fiction');
    expect(await pdfPageSize(id)).toBe('396 x 612');
  });
});

describe('POST /api/books/:id/format-advanced', () => {
  it('refuses settings out of bounds with the field named, and saves nothing', async () => {
    const id = await importSample(owner.token);
    const settings = await builtInSettings('classic-literature');
    const cases: [Partial<FormattingSettings> | Record<string, unknown>, string][] = [
      [{ fontSize: 30 }, 'Font size must be between 8 and 20 pt'],
      [{ lineHeight: 0.5 }, 'Line height must be between 1 and 3'],
      [{ marginLeft: 3 }, 'Left margin must be between 0.25 and 2 in'],
      [{ pageSize: 'tabloid' }, 'Page size must be one of: letter, a4, kindle, custom'],
    ];
    for (const [change, message] of cases) {
      const res = await inject('POST', `/api/books/${id}/format-advanced`, owner.token, {
        template: { id: 'classic-literature', name: 'Classic Literature', genre: 'literature', settings: { ...settings, ...change } },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const missing = await inject('POST', `/api/books/${id}/format-advanced`, owner.token, {});
    expect(missing.statusCode).toBe(400);
    const row = await bookRow(id);
    expect(row.layoutId).toBeNull();
    expect(row.layoutSettings).toBeNull();
    expect(row.formattedText).toBeNull();
  });

  it('stores the settings over the template layout and exports with them', async () => {
    const id = await importSample(owner.token);
    const settings: FormattingSettings = { ...(await builtInSettings('classic-literature')), pageSize: 'custom', trimSize: '6x9', fontSize: 12 };
    delete settings.pageWidth;
    delete settings.pageHeight;
    const res = await inject('POST', `/api/books/${id}/format-advanced`, owner.token, {
      template: { id: 'classic-literature', name: 'Classic Literature', genre: 'literature', settings },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ layoutId: 'classic-literature', status: 'ready', layoutSettings: settings });
    expect((await bookRow(id)).layoutSettings).toEqual(settings);
    expect(await pdfPageSize(id)).toBe('432 x 648');

    // A later built-in template replaces the custom settings.
    expect((await inject('POST', `/api/books/${id}/format-template`, owner.token, { templateId: 'apa-7' })).statusCode).toBe(200);
    expect((await bookRow(id)).layoutSettings).toBeNull();
    expect((await inject('GET', `/api/books/${id}`, owner.token)).json()).toMatchObject({ layoutId: 'apa-7', layoutSettings: null });
  });
});

describe('POST /api/books/:id/format after a template', () => {
  it('keeps the chosen layout, stores the student paper details, and prints them on the title page', async () => {
    const id = await importSample(owner.token);
    expect((await inject('POST', `/api/books/${id}/format-template`, owner.token, { templateId: 'apa-7' })).statusCode).toBe(200);
    const paper = { affiliation: 'Department of History, Northfield University', course: 'HIST 301: The Early Modern World', instructor: 'Dr. Amal Reyes', dueDate: 'October 12, 2026' };
    const res = await inject('POST', `/api/books/${id}/format`, owner.token, {
      genre: 'general',
      metadata: { description: 'A paper for the course.', paper: { ...paper, instructor: paper.instructor, dueDate: paper.dueDate } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ layoutId: 'apa-7', metadata: { paper } });
    expect(await pdfPageSize(id)).toBe('612 x 792');
    const firstPage = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', path.join(scratch, `${id}.pdf`), '-'], { encoding: 'utf8' });
    for (const line of Object.values(paper)) expect(firstPage).toContain(line);

    // Empty fields are not stored.
    const other = await importSample(owner.token);
    const blank = await inject('POST', `/api/books/${other}/format`, owner.token, { genre: 'general', metadata: { description: 'A paper for the course.', paper: { course: '', instructor: '' } } });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().metadata).not.toHaveProperty('paper');
    expect(blank.json().layoutId).toBe('kdp-6x9');
  });
});

describe('GET /api/fonts', () => {
  it('names the font each generic family is set in, and a PDF in that generic embeds it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/fonts' })).statusCode).toBe(401);
    const res = await inject('GET', '/api/fonts', owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const fonts = res.json() as { generic: string; family: string; label: string }[];
    expect(fonts.map((f) => f.generic)).toEqual(['serif', 'sans-serif', 'monospace']);
    expect(fonts[0]!.label).toBe('Times New Roman (set in Tinos, metric-compatible)');

    // Print Ready KDP is a serif layout; asking for sans-serif sets the book in the family the route names.
    const id = await importSample(owner.token);
    const settings: FormattingSettings = { ...(await builtInSettings('print-ready-kdp')), fontFamily: 'sans-serif' };
    const formatted = await inject('POST', `/api/books/${id}/format-advanced`, owner.token, {
      template: { id: 'print-ready-kdp', name: 'Print Ready KDP', genre: 'general', settings },
    });
    expect(formatted.statusCode, formatted.body).toBe(200);
    await pdfPageSize(id);
    const embedded = execFileSync('pdffonts', [path.join(scratch, `${id}.pdf`)], { encoding: 'utf8' });
    const sans = fonts.find((f) => f.generic === 'sans-serif')!;
    expect(embedded).toContain(sans.family.replace(/\s+/g, ''));
  });
});

describe('custom templates', () => {
  it('requires a name and valid settings, and saves nothing otherwise', async () => {
    const settings = await builtInSettings('modern-fiction');
    const before = (await t.app.db.select().from(customTemplates)).length;
    for (const body of [{ settings }, { name: '   ', settings }]) {
      const res = await inject('POST', '/api/templates', owner.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Please enter a name for your custom template.' });
    }
    const bad = await inject('POST', '/api/templates', owner.token, { name: 'Huge', settings: { ...settings, paragraphSpacing: 40 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Paragraph spacing must be between 0 and 20 pt' });
    expect((await t.app.db.select().from(customTemplates)).length).toBe(before);
  });

  it('saves, lists, formats with, and deletes a template, only for its owner', async () => {
    const settings: FormattingSettings = { ...(await builtInSettings('modern-fiction')), pageSize: 'a4', fontSize: 13 };
    delete settings.trimSize;
    delete settings.pageWidth;
    delete settings.pageHeight;
    const created = await inject('POST', '/api/templates', owner.token, { name: '  My A4 novel ', genre: 'literature', settings });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json() as { id: string; name: string; description: string; genre: string; settings: unknown; isBuiltIn: boolean };
    expect(template).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'My A4 novel', description: '', genre: 'literature', settings, isBuiltIn: false, fontLabel: 'Times New Roman (set in Tinos, metric-compatible)' });

    const mine = (await inject('GET', '/api/templates', owner.token)).json() as { id: string }[];
    expect(mine.map((x) => x.id)).toEqual([...TEMPLATE_IDS, template.id]);
    const theirs = (await inject('GET', '/api/templates', intruder.token)).json() as { id: string }[];
    expect(theirs.map((x) => x.id)).toEqual(TEMPLATE_IDS);

    // Formatting with it: the owner may, another user's book cannot name it.
    const id = await importSample(owner.token);
    const formatted = await inject('POST', `/api/books/${id}/format-template`, owner.token, { templateId: template.id });
    expect(formatted.statusCode, formatted.body).toBe(200);
    expect((await bookRow(id)).layoutSettings).toEqual(settings);
    // A4, 210 x 297 mm.
    const [w, h] = (await pdfPageSize(id)).split(' x ').map(Number);
    expect(w).toBeCloseTo(595.28, 1);
    expect(h).toBeCloseTo(841.89, 1);
    const otherBook = await importSample(intruder.token);
    const stolen = await inject('POST', `/api/books/${otherBook}/format-template`, intruder.token, { templateId: template.id });
    expect(stolen.statusCode).toBe(400);
    expect((await bookRow(otherBook)).layoutSettings).toBeNull();

    // Deleting: another user's template, a built-in id and a malformed id are not found.
    for (const [token, tid] of [
      [intruder.token, template.id],
      [owner.token, 'classic-literature'],
      [owner.token, 'not-a-uuid'],
    ] as const) {
      const res = await inject('DELETE', `/api/templates/${tid}`, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Template not found' });
    }
    expect((await t.app.db.select().from(customTemplates).where(eq(customTemplates.id, template.id))).length).toBe(1);
    const deleted = await inject('DELETE', `/api/templates/${template.id}`, owner.token);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await inject('DELETE', `/api/templates/${template.id}`, owner.token)).statusCode).toBe(404);
    expect(((await inject('GET', '/api/templates', owner.token)).json() as unknown[]).length).toBe(TEMPLATE_IDS.length);
  });
});
