import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportsTable } from '../../src/db/schema/index.ts';
import { bearer, buildTestApp, formatBookForExport, importSampleBook, registerUser, type TestApp } from '../helpers.ts';

let t: TestApp;
let token: string;
let bookId: string;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'quire-export-test-'));

beforeAll(async () => {
  t = await buildTestApp();
  token = (await registerUser(t.app)).token;
  bookId = await importSampleBook(t.app, token);

  const early = await t.app.inject({ method: 'POST', url: `/api/books/${bookId}/export/pdf`, headers: bearer(token) });
  expect(early.statusCode).toBe(409);
  expect(early.json()).toEqual({ message: 'Format the book before exporting' });

  await formatBookForExport(t.app, token, bookId);
});
afterAll(async () => {
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function exportAs(format: string) {
  return t.app.inject({ method: 'POST', url: `/api/books/${bookId}/export/${format}`, headers: bearer(token) });
}

/** The exports rows of the test book for one format. */
async function rowsOf(format: string) {
  return (await t.app.db.select().from(exportsTable).where(eq(exportsTable.bookId, bookId))).filter((r) => r.format === format);
}

/** Checks the stored file and the `exports` row of the last export of `format`. */
async function expectRecorded(format: string, bytes: Buffer) {
  const rows = await rowsOf(format);
  expect(rows.length).toBeGreaterThanOrEqual(1);
  const row = rows.at(-1)!;
  expect(row.byteSize).toBe(bytes.length);
  expect(row.filePath).toMatch(new RegExp(`^exports/${bookId}/[0-9a-f-]{36}\\.\\w+$`));
  expect(Buffer.from(await t.app.storage.get(row.filePath)).equals(bytes)).toBe(true);
}

describe('export', () => {
  it('pdf: a 6x9 in (432 x 648 pt) PDF', async () => {
    const res = await exportAs('pdf');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="A_Small_Sample_KDP_Print.pdf"');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const file = path.join(scratch, 'book.pdf');
    writeFileSync(file, bytes);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+432 x 648 pts/);
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBeGreaterThanOrEqual(2);
    await expectRecorded('pdf', bytes);
  });

  it('epub: a zip whose first entry is the stored mimetype', async () => {
    const res = await exportAs('epub');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/epub+zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="A_Small_Sample.epub"');
    expect(res.headers['cache-control']).toBe('no-store');
    // Streamed from the storage with its length known (issue 14).
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(bytes.subarray(30, 38).toString('latin1')).toBe('mimetype');
    expect(bytes.subarray(38, 58).toString('latin1')).toBe('application/epub+zip');
    await expectRecorded('epub', bytes);
  });

  it('docx: a Word zip with word/document.xml', async () => {
    const res = await exportAs('docx');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toBe('attachment; filename="A_Small_Sample.docx"');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(bytes.includes(Buffer.from('word/document.xml'))).toBe(true);
    await expectRecorded('docx', bytes);
  });

  it.each([
    ['html', 'A_Small_Sample_KDP_Ready.html'],
    ['epub-html', 'A_Small_Sample_EPUB_Ready.html'],
  ])('%s: an HTML page with the title and the text', async (format, fileName) => {
    const res = await exportAs(format);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(res.body).toMatch(/<html/i);
    expect(res.body).toContain('A Small Sample');
    expect(res.body).toContain('bright cold day in April');
    await expectRecorded(format, res.rawPayload);
  });

  it('refuses an unknown format with 400', async () => {
    const res = await exportAs('rtf');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('keeps every export in storage (one row and one file per export)', async () => {
    const before = (await rowsOf('html')).length;
    await exportAs('html');
    const rows = await rowsOf('html');
    expect(rows.length).toBe(before + 1);
    for (const row of rows) expect(existsSync(path.join(t.config.dataDir, 'files', row.filePath))).toBe(true);
  });
});
