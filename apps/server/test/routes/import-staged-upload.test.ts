/**
 * An accepted upload is its job's until the job ends (issue 32 point 4: "Accepted uploads are lost when the browser's
 * request ends early"). The app's one worker is kept busy by a URL import whose server holds its answer, so the upload's
 * job waits in the queue while its browser closes the request, as it did in the attack run. The book is still imported
 * once the worker is free; the staged file stays while the job waits and is gone once the job has completed, failed at
 * once, or died (its worker killed on its last try, failed by the sweep); an upload staged by a process that crashed
 * before making its job is swept. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL (pg-boss); there also across
 * processes: an API process that takes no jobs stages the file in S3, and a worker started after the request has gone
 * imports it from there.
 */
import type { ServerResponse } from 'node:http';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs, type JobRow } from '../../src/db/schema/index.ts';
import { stagedUploadKey, sweepStagedUploads } from '../../src/services/import-service.ts';
import {
  bearer,
  buildTestApp,
  createTestDatabase,
  multipartFile,
  registerUser,
  SAMPLE_BOOK,
  startServer,
  TEST_DATABASE_URL,
  type LocalServer,
  type TestApp,
  type TestDatabase,
} from '../helpers.ts';
import { startS3Server, type TestS3Server } from '../s3-server.ts';

let t: TestApp;
let address: string;
let slow: LocalServer;
/** Answers of the slow server still held, to be sent when the test frees the worker. */
const held: ServerResponse[] = [];

beforeAll(async () => {
  // One worker, so that a held job keeps the upload's job queued; retries quick, so that today's ENOENT retries end soon.
  t = await buildTestApp({ jobConcurrency: 1 }, { jobTiming: { retryDelayMs: 50 } });
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  slow = await startServer((_req, res) => held.push(res));
});
afterEach(() => freeWorker());
afterAll(async () => {
  freeWorker();
  await slow?.close();
  await t?.close();
});

/** Sends the held answers: the URL import that kept the worker busy reads its text and completes. */
function freeWorker(): void {
  for (const res of held.splice(0)) res.writeHead(200, { 'content-type': 'text/plain' }).end('A held text.\n\nIt kept the only worker busy.');
}

/** Resolves with `read()` once `check` holds of it, reading every 25 ms (at most `timeoutMs`). */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const importJobsOf = (userId: string) => t.app.db.select().from(jobs).where(and(eq(jobs.userId, userId), eq(jobs.kind, 'import')));
const rowOf = async (id: string): Promise<JobRow> => (await t.app.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

/** Whether the storage still holds `key` (the app's own storage: what any worker reads). */
async function isStored(key: string): Promise<boolean> {
  return t.app.storage.get(key).then(
    () => true,
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return false;
      throw err;
    },
  );
}

/**
 * Keeps the app's only worker busy: a URL import (another user's) whose server holds its answer until
 * {@link freeWorker}. Resolves once the worker has asked for the file, with the request's status to come (in an object:
 * an async function returning the promise itself would wait for it).
 */
async function holdWorker(): Promise<{ status: Promise<number> }> {
  const { token } = await registerUser(t.app);
  const asked = slow.requests.length;
  const request = t.app.inject({ method: 'POST', url: '/api/import', headers: bearer(token), payload: { url: slow.url(`/held-${asked}.txt`) } });
  await until(async () => slow.requests.length, (n) => n > asked);
  return { status: request.then((res) => res.statusCode) };
}

/**
 * Uploads `content` as `fileName` over real HTTP and closes the request, as a browser's reload does, once the server
 * has accepted it (its job exists and waits in the queue); resolves once the server has seen the connection close and
 * had time to act on it. Answers the upload's job row at that point and the key its file is staged under.
 */
async function uploadAndLeave(token: string, userId: string, fileName: string, content: string): Promise<{ job: JobRow; key: string }> {
  const { payload, headers } = multipartFile('file', fileName, content);
  let closed!: () => void;
  const serverSawClose = new Promise<void>((resolve) => (closed = resolve));
  const onRequest = (req: { method?: string; url?: string }, res: ServerResponse) => {
    if (req.method === 'POST' && req.url === '/api/import') res.once('close', closed);
  };
  t.app.server.on('request', onRequest);
  const leaving = new AbortController();
  const request = fetch(`${address}/api/import`, { method: 'POST', headers: { ...headers, ...bearer(token) }, body: payload, signal: leaving.signal }).catch(
    (err: unknown) => err,
  );
  try {
      const [job] = await until(() => importJobsOf(userId), (rows) => rows.length === 1);
    expect(job).toMatchObject({ state: 'queued', input: { source: 'upload', fileName } });
    leaving.abort();
    expect(await request).toBeInstanceOf(Error);
    await serverSawClose;
    // The waiting request's end (its signal aborted, the wait rejected) runs within a few ticks of the close.
    await new Promise((r) => setTimeout(r, 300));
    return { job: await rowOf(job!.id), key: stagedUploadKey(job!.id) };
  } finally {
    t.app.server.off('request', onRequest);
  }
}

describe(`an upload whose request ends early (${TEST_DATABASE_URL ? 'PostgreSQL, pg-boss' : 'PGlite, in process'})`, () => {
  it('is still imported by the worker once it is free, and its staged file goes once the job has completed', async () => {
    const { token, userId } = await registerUser(t.app);
    const blocker = await holdWorker();
    const { job, key } = await uploadAndLeave(token, userId, 'left-early.txt', SAMPLE_BOOK);
    // The request has gone; the job still waits, and its file with it.
    expect(job).toMatchObject({ state: 'queued', attempts: 0 });
    expect((job.input as { key: string }).key).toBe(key);
    expect(await isStored(key)).toBe(true);

    freeWorker();
    expect(await blocker.status).toBe(201);
    const ended = await until(() => rowOf(job.id), (row) => row.state === 'completed' || row.state === 'failed');
    expect(ended, ended.lastFailure ?? '').toMatchObject({ state: 'completed', attempts: 1, result: { bookId: job.id } });
    const book = await t.app.inject({ method: 'GET', url: `/api/books/${job.id}`, headers: bearer(token) });
    expect(book.statusCode).toBe(200);
    expect(book.json()).toMatchObject({ id: job.id, title: 'A Small Sample', author: 'Jane Example' });
    await until(() => isStored(key), (stored) => !stored, 5_000);
  });

  it('keeps its staged file while the job waits and removes it once the job has failed at once (an unreadable file)', async () => {
    const { token, userId } = await registerUser(t.app);
    const blocker = await holdWorker();
    const { job, key } = await uploadAndLeave(token, userId, 'blank.txt', ' \n\n \n');
    expect(job.state).toBe('queued');
    expect(await isStored(key)).toBe(true);

    freeWorker();
    expect(await blocker.status).toBe(201);
    const ended = await until(() => rowOf(job.id), (row) => row.state === 'completed' || row.state === 'failed');
    expect(ended).toMatchObject({ state: 'failed', attempts: 1, errorCode: 'UNREADABLE_INPUT' });
    await until(() => isStored(key), (stored) => !stored, 5_000);
  });

  it('keeps its staged file while the job waits and removes it once the job has died (its worker killed on its last try)', async () => {
    const { token, userId } = await registerUser(t.app);
    await holdWorker();
    const { job, key } = await uploadAndLeave(token, userId, 'dies.txt', SAMPLE_BOOK);
    expect(job.state).toBe('queued');
    expect(await isStored(key)).toBe(true);
    // A worker took it and was killed on its last try (as job-queue.test.ts makes one): its heartbeat stopped an hour ago.
    await t.app.db
      .update(jobs)
      .set({ state: 'running', attempts: job.maxAttempts, lockedBy: 'killed-host:1:1', heartbeatAt: sql`now() - interval '1 hour'` })
      .where(eq(jobs.id, job.id));
    await t.app.queue.sweep();
    expect(await rowOf(job.id)).toMatchObject({ state: 'failed', errorCode: 'JOB_FAILED', lastFailure: 'its worker stopped' });
    expect(await isStored(key)).toBe(false);
  });

  it('an import job whose staged file has gone fails at once with a message, not three times with ENOENT', async () => {
    const { token, userId } = await registerUser(t.app);
    const blocker = await holdWorker();
    const { job, key } = await uploadAndLeave(token, userId, 'lost.txt', SAMPLE_BOOK);
    await t.app.storage.delete(key);
    freeWorker();
    expect(await blocker.status).toBe(201);
    const ended = await until(() => rowOf(job.id), (row) => row.state === 'completed' || row.state === 'failed');
    expect(ended).toMatchObject({ state: 'failed', attempts: 1, errorCode: 'JOB_FAILED', error: 'The uploaded file is no longer stored. Please upload it again.' });
  });
});

describe('staged uploads a crash left', () => {
  it('are swept once older than the age limit when no live job owns them; a live job’s file and a young one stay', async () => {
    const { token, userId } = await registerUser(t.app);
    await holdWorker();
    // A live job's file (queued behind the held worker), made old: it stays whatever its age.
    const { key: live } = await uploadAndLeave(token, userId, 'waits.txt', SAMPLE_BOOK);
    // Files stored by a process that died before making their jobs: one two hours ago, one just now.
    const orphan = stagedUploadKey(crypto.randomUUID());
    const young = stagedUploadKey(crypto.randomUUID());
    const foreign = 'uploads/not-a-job-file';
    for (const key of [orphan, young, foreign]) await t.app.storage.put(key, new TextEncoder().encode('staged'));
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const root = path.join(t.config.dataDir, 'files');
    for (const key of [orphan, live, foreign]) await utimes(path.join(root, ...key.split('/')), twoHoursAgo, twoHoursAgo);

    expect(await sweepStagedUploads(t.app.storage, t.app.queue)).toEqual([orphan]);
    expect(await isStored(orphan)).toBe(false);
    for (const key of [live, young, foreign]) expect(await isStored(key), key).toBe(true);

    // The queue's upkeep runs the same sweep (at start and hourly): once the young file is old, it goes too.
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect(await sweepStagedUploads(t.app.storage, t.app.queue, { now: later })).toEqual([young]);
    await t.app.storage.put(orphan, new TextEncoder().encode('staged again'));
    await utimes(path.join(root, ...orphan.split('/')), twoHoursAgo, twoHoursAgo);
    await t.app.queue.runUpkeep();
    expect(await isStored(orphan)).toBe(false);
    expect(await isStored(live)).toBe(true);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('an upload whose request ends early, across processes (PostgreSQL and S3)', () => {
  let database: TestDatabase | undefined;
  let s3: TestS3Server | undefined;
  let api: TestApp | undefined;
  let worker: TestApp | undefined;
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await database?.drop();
    await s3?.close();
  });

  it('is staged in the shared storage by the API process and imported by a worker started after the request has gone', async () => {
    database = await createTestDatabase(TEST_DATABASE_URL!);
    s3 = await startS3Server();
    const bucket = s3.settings();
    // The API process takes no jobs: the upload's job waits until a worker exists.
    api = await buildTestApp({ databaseUrl: database.url, jobConcurrency: 0, s3: bucket });
    const apiAddress = await api.app.listen({ port: 0, host: '127.0.0.1' });
    const { token, userId } = await registerUser(api.app);
    const { payload, headers } = multipartFile('file', 'elsewhere.txt', SAMPLE_BOOK);
    const leaving = new AbortController();
    const request = fetch(`${apiAddress}/api/import`, { method: 'POST', headers: { ...headers, ...bearer(token) }, body: payload, signal: leaving.signal }).catch(
      (err: unknown) => err,
    );
    const rowsOf = () => api!.app.db.select().from(jobs).where(eq(jobs.userId, userId));
    const [job] = await until(rowsOf, (rows) => rows.length === 1);
    leaving.abort();
    expect(await request).toBeInstanceOf(Error);
    await new Promise((r) => setTimeout(r, 300));
    const key = stagedUploadKey(job!.id);
    expect(await api.app.storage.list('uploads')).toMatchObject([{ key }]);

    // Another process (its own data directory: it can only read the file from the bucket).
    worker = await buildTestApp({ databaseUrl: database.url, jobConcurrency: 1, s3: bucket });
    const ended = await until(async () => (await rowsOf())[0]!, (row) => row.state === 'completed' || row.state === 'failed');
    expect(ended, ended.lastFailure ?? '').toMatchObject({ state: 'completed', attempts: 1, result: { bookId: job!.id } });
    const book = await api.app.inject({ method: 'GET', url: `/api/books/${job!.id}`, headers: bearer(token) });
    expect(book.json()).toMatchObject({ title: 'A Small Sample', author: 'Jane Example' });
    await until(() => api!.app.storage.list('uploads'), (files) => files.length === 0, 5_000);
  });
});
