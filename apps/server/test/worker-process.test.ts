/**
 * `npm run worker` as a real process (issue 14: "API processes and workers scale apart"), on PostgreSQL only: an API
 * process that takes no jobs (QUIRE_JOB_CONCURRENCY=0) answers an export once a separate worker process, sharing its
 * database and file store, has made it, and a whole-book preview from the PDF the worker stored; on SIGTERM the idle worker exits with 0 within 10 s. Without DATABASE_URL the
 * worker refuses to start and says why.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BookJobsResponseSchema } from '@quire/contracts';
import { bearer, buildTestApp, createTestDatabase, formatBookForExport, importSampleBook, registerUser, TEST_DATABASE_URL, type TestApp, type TestDatabase } from './helpers.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
let database: TestDatabase | undefined;
let api: TestApp | undefined;
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await api?.close();
  await database?.drop();
});

/** Starts `src/worker.ts` with `env`; resolves with the process and all it printed once it says it runs, or exits. */
function startWorker(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string; exit: Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Quire worker running')) resolve({ child, output: () => output, exit });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exit.then(() => resolve({ child, output: () => output, exit }));
  });
}

describe('npm run worker', () => {
  it('refuses to start without DATABASE_URL, saying why', async () => {
    const worker = await startWorker({ DATABASE_URL: '' });
    expect(await worker.exit).toBe(1);
    expect(worker.output()).toContain('npm run worker needs DATABASE_URL');
  });

  it.skipIf(!TEST_DATABASE_URL)('runs the exports of an API process that takes no jobs, and stops on SIGTERM within 10 s', async () => {
    database = await createTestDatabase(TEST_DATABASE_URL!);
    api = await buildTestApp({ databaseUrl: database.url, jobConcurrency: 0 });
    const worker = await startWorker({ DATABASE_URL: database.url, QUIRE_DATA_DIR: api.config.dataDir, QUIRE_ALLOW_PRIVATE_URLS: '1' });
    expect(worker.output()).toContain('Quire worker running 2 job(s) at once');

    const { token } = await registerUser(api.app);
    const bookId = await importSampleBook(api.app, token);
    await formatBookForExport(api.app, token, bookId);
    const res = await api.app.inject({ method: 'POST', url: `/api/books/${bookId}/export/docx`, headers: bearer(token) });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    const jobs = BookJobsResponseSchema.parse((await api.app.inject({ method: 'GET', url: `/api/books/${bookId}/jobs`, headers: bearer(token) })).json()).jobs;
    // Newest first: the export, then Format's measurement and the cleanup, each run by the worker process.
    expect(jobs).toMatchObject([
      { kind: 'export', format: 'docx', state: 'completed', attempts: 1 },
      { kind: 'format', state: 'completed', attempts: 1 },
      { kind: 'clean', state: 'completed', attempts: 1 },
    ]);

    // A whole-book preview: the worker sets the book in a typeset job and stores the PDF; the API process reads it
    // from the shared storage and draws the pages. Paging on finds the book set in the API process: no second job.
    const preview = (fromPage: number) =>
      api!.app.inject({ method: 'POST', url: `/api/books/${bookId}/preview`, headers: bearer(token), payload: { scope: 'book', layoutId: 'modern-fiction', fromPage, toPage: fromPage } });
    const first = await preview(1);
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200);
    expect(first.json().pages[0].imageDataUrl).toMatch(/^data:image\/webp;base64,/);
    const second = await preview(2);
    expect(second.statusCode).toBe(200);
    expect(second.json().totalPages).toBe(first.json().totalPages);
    const after = BookJobsResponseSchema.parse((await api.app.inject({ method: 'GET', url: `/api/books/${bookId}/jobs`, headers: bearer(token) })).json()).jobs;
    expect(after.filter((j) => j.kind === 'typeset')).toMatchObject([{ state: 'completed', attempts: 1 }]);

    const signalledAt = Date.now();
    worker.child.kill('SIGTERM');
    expect(await worker.exit).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
  });
});
