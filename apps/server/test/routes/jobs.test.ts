/**
 * Exports as jobs, as the web follows them (issue 14): the export request's job is listed for its book with its stage,
 * percentage and, once done, the file's address; the file is fetched again from there, also after the request that
 * asked for it has gone (a reload); nobody else sees the job or the file.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, jobs } from '../../src/db/schema/index.ts';
import { BookJobsResponseSchema, ImportJobsResponseSchema, JobSchema, type Job } from '@quire/contracts';
import { bearer, buildTestApp, formatBookForExport, importSampleBook, multipartFile, registerUser, type TestApp } from '../helpers.ts';

let t: TestApp;
let token: string;
let bookId: string;
let stranger: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await registerUser(t.app)).token;
  stranger = (await registerUser(t.app)).token;
  bookId = await importSampleBook(t.app, token);
  await formatBookForExport(t.app, token, bookId);
});
afterAll(async () => {
  await t?.close();
});

async function jobsOf(as: string, book = bookId): Promise<Job[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/books/${book}/jobs`, headers: bearer(as) });
  expect(res.statusCode, res.body).toBe(200);
  return BookJobsResponseSchema.parse(res.json()).jobs;
}

describe('export jobs', () => {
  it('an export request leaves a completed job with the file’s address; the file is the one the request answered', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/books/${bookId}/export/epub`, headers: bearer(token) });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const [job] = await jobsOf(token);
    expect(job).toMatchObject({ kind: 'export', bookId, format: 'epub', state: 'completed', percent: 100, stage: null, attempts: 1, error: null });
    expect(job!.export).toMatchObject({ format: 'epub', fileName: 'A_Small_Sample.epub', byteSize: res.rawPayload.length });
    expect(job!.export!.downloadUrl).toBe(`/api/books/${bookId}/exports/${job!.export!.exportId}/file`);

    const again = await t.app.inject({ method: 'GET', url: job!.export!.downloadUrl, headers: bearer(token) });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('application/epub+zip');
    expect(again.headers['content-disposition']).toBe('attachment; filename="A_Small_Sample.epub"');
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);

    const one = await t.app.inject({ method: 'GET', url: `/api/jobs/${job!.id}`, headers: bearer(token) });
    expect(JobSchema.parse(one.json())).toEqual(job);
  });

  it('a job whose request went away (a reload) still completes, and its file is fetched from the job', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const asked = new AbortController();
    const request = fetch(`${address}/api/books/${bookId}/export/pdf`, { method: 'POST', headers: bearer(token), signal: asked.signal }).catch(
      (err: unknown) => err,
    );
    // Gone as soon as the job exists (the page was reloaded).
    let job: Job | undefined;
    for (let i = 0; i < 400 && !job; i++) {
      job = (await jobsOf(token)).find((j) => j.format === 'pdf');
      if (!job) await new Promise((r) => setTimeout(r, 25));
    }
    expect(job).toBeDefined();
    asked.abort();
    await request;
    for (let i = 0; i < 400 && job!.state !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = (await jobsOf(token)).find((j) => j.id === job!.id);
      expect(job!.state).not.toBe('failed');
    }
    expect(job).toMatchObject({ state: 'completed', percent: 100 });
    const file = await t.app.inject({ method: 'GET', url: job!.export!.downloadUrl, headers: bearer(token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('nobody else sees the jobs or fetches the files; ids that cannot exist are 404, not errors', async () => {
    const [job] = await jobsOf(token);
    expect(job?.export).not.toBeNull();
    expect(await jobsOf(stranger)).toEqual([]);
    for (const url of [`/api/jobs/${job!.id}`, job!.export!.downloadUrl, '/api/jobs/not-a-job', `/api/books/${bookId}/exports/nope/file`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(stranger) });
      expect(res.statusCode, url).toBe(404);
    }
    expect(await jobsOf(token, 'not-a-book')).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/books/${bookId}/jobs` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('cleanup is a job too: listed for the book with the cleaned text stored as it completed; another user’s book is a 404 and makes no job', async () => {
    const { userId, token: tokenOf } = await registerUser(t.app);
    const id = await importSampleBook(t.app, tokenOf);
    const undo = await t.app.inject({ method: 'POST', url: `/api/books/${id}/undo-clean`, headers: bearer(tokenOf) });
    expect(undo.json()).toMatchObject({ cleanedText: null });
    const cleaned = await t.app.inject({ method: 'POST', url: `/api/books/${id}/clean`, headers: bearer(tokenOf) });
    expect(cleaned.statusCode, cleaned.body).toBe(200);
    expect(cleaned.json().cleanedText).toContain('It was a bright cold day in April');
    expect(cleaned.json().cleanedText).not.toContain('PROJECT GUTENBERG');
    const [job] = await jobsOf(tokenOf, id);
    expect(job).toMatchObject({ kind: 'clean', bookId: id, state: 'completed', percent: 100, attempts: 1, error: null, export: null });

    const refused = await t.app.inject({ method: 'POST', url: `/api/books/${id}/clean`, headers: bearer(stranger) });
    expect(refused.statusCode).toBe(404);
    const made = await t.app.db.select().from(jobs).where(eq(jobs.userId, userId));
    expect(made.map((j) => j.kind).sort()).toEqual(['clean', 'import']);
  });

  it('an import is a job too: its book has the job’s id; an unreadable upload fails at once, leaving no book and no staged file', async () => {
    const { userId, token: tokenOf } = await registerUser(t.app);
    const good = multipartFile('file', 'notes.txt', 'A short text.\n\nWith two paragraphs of words in it.');
    const made = await t.app.inject({ method: 'POST', url: '/api/import', payload: good.payload, headers: { ...good.headers, ...bearer(tokenOf) } });
    expect(made.statusCode, made.body).toBe(201);
    const [job] = await t.app.db.select().from(jobs).where(eq(jobs.id, made.json().id));
    expect(job).toMatchObject({ kind: 'import', userId, state: 'completed', attempts: 1, result: { bookId: made.json().id } });

    const bad = multipartFile('file', 'blank.txt', ' \n\n \n');
    const refused = await t.app.inject({ method: 'POST', url: '/api/import', payload: bad.payload, headers: { ...bad.headers, ...bearer(tokenOf) } });
    expect(refused.statusCode, refused.body).toBe(422);
    const failed = (await t.app.db.select().from(jobs).where(eq(jobs.userId, userId))).filter((j) => j.state === 'failed');
    expect(failed).toMatchObject([{ kind: 'import', attempts: 1, errorCode: 'UNREADABLE_INPUT' }]);
    expect(await t.app.db.select().from(books).where(eq(books.userId, userId))).toHaveLength(1);
    const staged = await readdir(path.join(t.config.dataDir, 'files', 'uploads')).catch(() => []);
    expect(staged).toEqual([]);

    // The Import page follows them (GET /api/import-jobs): newest first, the made book's id, the file's name.
    const listed = await t.app.inject({ method: 'GET', url: '/api/import-jobs', headers: bearer(tokenOf) });
    expect(listed.statusCode).toBe(200);
    const importJobs = ImportJobsResponseSchema.parse(listed.json()).jobs;
    expect(importJobs).toMatchObject([
      { kind: 'import', state: 'failed', subject: 'blank.txt', bookId: null, error: refused.json().message },
      { kind: 'import', state: 'completed', subject: 'notes.txt', bookId: made.json().id, percent: 100, error: null },
    ]);
    const others = await t.app.inject({ method: 'GET', url: '/api/import-jobs', headers: bearer(stranger) });
    expect(ImportJobsResponseSchema.parse(others.json()).jobs).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/import-jobs' })).statusCode).toBe(401);
  });
});
