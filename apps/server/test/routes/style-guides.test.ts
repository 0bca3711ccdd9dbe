import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StyleGuideListSchema, StyleGuideTemplateSchema, type StyleGuideTemplate } from '@quire/contracts';
import { userStyleGuides } from '../../src/db/schema/index.ts';
import { bearer, buildTestApp, fixtureFile, multipartFile, registerUser, SAMPLE_BOOK, type TestApp } from '../helpers.ts';

let t: TestApp;
let owner: { token: string; userId: string };
let intruder: { token: string; userId: string };
const scratch = mkdtempSync(path.join(os.tmpdir(), 'quire-style-guides-test-'));

const CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.doc': 'application/msword',
};

/** A multipart body with the file and text fields `fields` before it. */
function multipart(fileName: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const file = multipartFile('file', fileName, bytes, CONTENT_TYPES[path.extname(fileName)] ?? 'application/octet-stream');
  const boundary = /boundary=(.+)$/.exec(file.headers['content-type']!)![1]!;
  const head = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  return { payload: Buffer.concat([Buffer.from(head), file.payload]), headers: file.headers };
}

const upload = (token: string, fileName: string, bytes: Buffer, fields?: Record<string, string>) => {
  const { payload, headers } = multipart(fileName, bytes, fields);
  return t.app.inject({ method: 'POST', url: '/api/style-guides', payload, headers: { ...headers, ...bearer(token) } });
};

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Files the storage holds under style-guides/ (nothing may be left by a failed upload). */
function storedGuideFiles(): string[] {
  const dir = path.join(t.config.dataDir, 'files', 'style-guides');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name);
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await registerUser(t.app);
  intruder = await registerUser(t.app);
});
afterAll(async () => {
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe(`uploaded style guides (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const uploaded: StyleGuideTemplate[] = [];

  for (const ext of ['.pdf', '.docx', '.doc']) {
    it(`reads a thesis guide from ${ext}: margins, font, spacing, page numbers and parts, with its findings`, async () => {
      const res = await upload(owner.token, `thesis-guide-northfield${ext}`, fixtureFile(`style-guides/thesis-guide-northfield${ext}`), {
        name: `Northfield thesis (${ext})`,
        university: 'Northfield State University',
      });
      expect(res.statusCode, res.body).toBe(201);
      const guide = StyleGuideTemplateSchema.parse(res.json());
      expect(guide).toMatchObject({
        name: `Northfield thesis (${ext})`,
        university: 'Northfield State University',
        isBuiltIn: false,
        category: 'academic',
        styleGuide: 'APA',
        originalFileName: `thesis-guide-northfield${ext}`,
        fontLabel: 'Times New Roman (set in Tinos, metric-compatible)',
      });
      expect(guide.requirements).toMatchObject({
        margins: { top: 1, bottom: 1, left: 1.5, right: 1 },
        font: { family: 'Times New Roman', size: 12, lineHeight: 2 },
        pageNumbers: { position: 'bottom-center', format: 'roman-then-arabic' },
        titlePage: true,
        abstract: true,
        tableOfContents: true,
      });
      expect(guide.findings!.found.some((f) => f.startsWith('Margins: top 1 in, bottom 1 in, left 1.5 in, right 1 in'))).toBe(true);
      uploaded.push(guide);
    });
  }

  it('lists the built-in guides first, then the caller’s uploads; another user sees none of them', async () => {
    const mine = StyleGuideListSchema.parse((await inject('GET', '/api/style-guides', owner.token)).json());
    expect(mine.slice(0, 7).every((g) => g.isBuiltIn)).toBe(true);
    expect(mine.slice(7).map((g) => g.id)).toEqual(uploaded.map((g) => g.id));
    const theirs = StyleGuideListSchema.parse((await inject('GET', '/api/style-guides', intruder.token)).json());
    expect(theirs).toHaveLength(7);
    expect(storedGuideFiles()).toHaveLength(3);
  });

  it('format-template applies an uploaded guide: US Letter PDF with the 1.5 in binding margin; deleting it keeps the base layout', async () => {
    const { payload, headers } = multipartFile('file', 'sample.txt', SAMPLE_BOOK);
    const book = (await t.app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(owner.token) } })).json().id as string;
    const guide = uploaded[0]!;
    expect((await inject('POST', `/api/books/${book}/format-template`, intruder.token, { templateId: guide.id })).statusCode).toBe(404);
    const res = await inject('POST', `/api/books/${book}/format-template`, owner.token, { templateId: guide.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ layoutId: guide.id, status: 'ready', layoutReport: { trimSizeId: 'letter' } });
    const pdf = await inject('POST', `/api/books/${book}/export/pdf`, owner.token);
    expect(pdf.statusCode).toBe(200);
    const file = path.join(scratch, 'guide.pdf');
    writeFileSync(file, pdf.rawPayload);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+612 x 792 pts/);
    const words = [...execFileSync('pdftotext', ['-bbox-layout', file, '-'], { encoding: 'utf8' }).matchAll(/<word xMin="([\d.]+)"/g)].map((m) => Number(m[1]));
    // One-sided: every page's text starts at the 1.5 in left margin (108 pt), none nearer the edge.
    expect(Math.min(...words)).toBeGreaterThanOrEqual(108 - 1);
    expect(Math.min(...words)).toBeLessThan(108 + 2);

    // Another user cannot delete it; the owner can, and the book falls back to the guide's base layout.
    expect((await inject('DELETE', `/api/style-guides/${guide.id}`, intruder.token)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/style-guides/${guide.id}`, owner.token)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/style-guides/${guide.id}`, owner.token)).statusCode).toBe(404);
    expect((await inject('GET', `/api/books/${book}`, owner.token)).json().layoutId).toBe('apa-7');
    expect(storedGuideFiles()).toHaveLength(2);
  });

  it('415 for other types, 422 for a scanned PDF, 413 over 10 MB; nothing is saved', async () => {
    const before = (await t.app.db.select().from(userStyleGuides).where(eq(userStyleGuides.userId, owner.userId))).length;
    const files = storedGuideFiles().length;
    const txt = await upload(owner.token, 'guide.txt', Buffer.from('Margins must be one inch on all sides.'));
    expect(txt.statusCode).toBe(415);
    expect(txt.json().message).toBe('This file type is not supported for style guides. Supported types: .pdf, .doc and .docx.');
    const scanned = await upload(owner.token, 'scanned.pdf', fixtureFile('scanned.pdf'));
    expect(scanned.statusCode).toBe(422);
    const misnamed = await upload(owner.token, 'guide.docx', Buffer.from('Margins must be one inch on all sides.'));
    expect(misnamed.statusCode).toBe(422);
    const big = await upload(owner.token, 'big.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 1, 32)]));
    expect(big.statusCode).toBe(413);
    expect((await t.app.db.select().from(userStyleGuides).where(eq(userStyleGuides.userId, owner.userId))).length).toBe(before);
    expect(storedGuideFiles()).toHaveLength(files);
    expect((await t.app.inject({ method: 'POST', url: '/api/style-guides', ...multipart('g.pdf', Buffer.from('x')) })).statusCode).toBe(401);
  });
});
