/**
 * The job queue (issue 14): on PGlite with the in-process delivery and, with TEST_DATABASE_URL, on PostgreSQL with
 * pg-boss, under the same tests. A queue of test kinds runs beside the app's own on the app's database: jobs complete
 * with their result and progress, are tried again with back-off, fail for good with the user's message after their
 * last try (at once for an expected error), are recovered from a worker whose heartbeat stopped, complete exactly once
 * when a lost try finishes late, and are handed back on shutdown without the try counting.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobKind } from '@quire/contracts';
import { jobs, rateLimitWindows } from '../../src/db/schema/index.ts';
import { AppError } from '../../src/errors.ts';
import type { JobHandler, JobQueue } from '../../src/services/jobs/job-queue.ts';
import { buildTestApp, registerUser, TEST_DATABASE_URL, type TestApp } from '../helpers.ts';
import { queueHarness } from './queue-harness.ts';

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await buildTestApp();
  userId = (await registerUser(t.app)).userId;
});
afterAll(async () => {
  await t?.close();
});

const queues = queueHarness(() => t, 'test-kind');
const nextKind = queues.nextKind;
afterEach(() => queues.stopAll());

/** A started queue over the test app's database running `handler` for `kind`, with short timings. */
async function startQueue(kind: JobKind, handler: JobHandler, opts: { concurrency?: number; graceMs?: number } = {}): Promise<JobQueue> {
  const queue = queues.queue({ concurrency: opts.concurrency ?? 1, graceMs: opts.graceMs ?? 2_000 });
  queue.handle(kind, handler);
  await queue.start();
  return queue;
}

const rowOf = async (id: string) => (await t.app.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

/** A promise and its resolve, to hold a handler at a point. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Resolves once `check` holds, reading every 25 ms (at most 10 s). */
async function until(check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met within 10 s');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe(`job queue (${TEST_DATABASE_URL ? 'PostgreSQL, pg-boss' : 'PGlite, in process'})`, () => {
  it('runs a job once, showing its stage and percentage while it runs, and stores its result', async () => {
    const kind = nextKind();
    const hold = gate();
    let runs = 0;
    const queue = await startQueue(kind, async ({ job, progress }) => {
      runs++;
      await progress('Typesetting pages', 40.4);
      await hold.opened;
      return { result: { made: job.input.what } };
    });
    const id = await queue.enqueue({ kind, userId, bookId: null, input: { what: 'a file' } });
    await until(async () => (await rowOf(id)).stage === 'Typesetting pages');
    expect(await rowOf(id)).toMatchObject({ state: 'running', percent: 40, attempts: 1 });
    hold.open();
    const row = await queue.waitFor(id);
    expect(row).toMatchObject({ state: 'completed', percent: 100, stage: null, attempts: 1, result: { made: 'a file' }, error: null });
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect(runs).toBe(1);
  });

  it('tries again after an unexpected error, with back-off, and completes', async () => {
    const kind = nextKind();
    const starts: number[] = [];
    const queue = await startQueue(kind, async () => {
      starts.push(Date.now());
      if (starts.length < 3) throw new Error(`fault ${starts.length}`);
      return { result: {} };
    });
    const row = await queue.waitFor(await queue.enqueue({ kind, userId, bookId: null, input: {} }));
    expect(row).toMatchObject({ state: 'completed', attempts: 3, lastFailure: 'Error: fault 2' });
    // The second wait is at least twice the first's back-off (50 ms, then 100 ms).
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(100);
  });

  it('fails for good after its last try, with the message the user sees; an expected error fails at once', async () => {
    const kind = nextKind();
    let tries = 0;
    const queue = await startQueue(kind, async ({ job }) => {
      tries++;
      if (job.input.expected) throw new AppError('NOT_FORMATTED');
      throw new Error('always broken');
    });
    const broken = await queue.waitFor(await queue.enqueue({ kind, userId, bookId: null, input: {}, maxAttempts: 2 }));
    expect(broken).toMatchObject({ state: 'failed', attempts: 2, errorCode: 'JOB_FAILED', lastFailure: 'Error: always broken' });
    expect(broken.error).toBe(new AppError('JOB_FAILED').message);
    expect(tries).toBe(2);

    const refused = await queue.waitFor(await queue.enqueue({ kind, userId, bookId: null, input: { expected: true } }));
    expect(refused).toMatchObject({ state: 'failed', attempts: 1, errorCode: 'NOT_FORMATTED', error: 'Format the book before exporting' });
    expect(tries).toBe(3);
  });

  it('a job whose worker stopped beating is queued again by the sweep and completed by another worker', async () => {
    const kind = nextKind();
    const queue = await startQueue(kind, async () => ({ result: { by: 'the survivor' } }));
    // A job a killed worker was running: its heartbeat stopped 5 s ago.
    const id = await t.app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(jobs)
        .values({
          id: crypto.randomUUID(),
          userId,
          bookId: null,
          kind,
          input: {},
          maxAttempts: 3,
          state: 'running',
          attempts: 1,
          lockedBy: 'dead-host:1:1',
          heartbeatAt: sql`now() - interval '5 seconds'`,
        })
        .returning({ id: jobs.id });
      return row!.id;
    });
    const row = await queue.waitFor(id);
    expect(row).toMatchObject({ state: 'completed', attempts: 2, result: { by: 'the survivor' }, lastFailure: 'its worker stopped' });
  });

  it('a try that lost its job (swept while stalled) writes nothing when it ends: the job completes exactly once', async () => {
    const kind = nextKind();
    const stall = gate();
    let tries = 0;
    const marker = `job-queue-once-${kind}`;
    const queue = await startQueue(
      kind,
      async () => {
        const mine = ++tries;
        if (mine === 1) await stall.opened;
        return {
          result: { try: mine },
          commit: async (tx) => {
            await tx.insert(rateLimitWindows).values({ limiter: marker, keyHash: `try-${mine}`, hits: 1, windowStartedAt: new Date(), windowEndsAt: new Date() });
          },
        };
      },
      { concurrency: 2 },
    );
    const id = await queue.enqueue({ kind, userId, bookId: null, input: {} });
    await until(async () => tries === 1);
    // The first try looks dead (as if its process had frozen): the sweep gives the job to another try.
    await t.app.db.update(jobs).set({ heartbeatAt: sql`now() - interval '1 hour'` }).where(eq(jobs.id, id));
    await queue.sweep();
    await until(async () => (await rowOf(id)).state === 'completed');
    stall.open();
    await until(async () => tries === 2);
    await new Promise((r) => setTimeout(r, 300));
    const row = await rowOf(id);
    expect(row).toMatchObject({ state: 'completed', result: { try: 2 } });
    const marks = await t.app.db.select().from(rateLimitWindows).where(eq(rateLimitWindows.limiter, marker));
    expect(marks.map((m) => m.keyHash)).toEqual(['try-2']);
  });

  it('on shutdown, a job still running after the grace period is handed back: queued, its try not counted, and a waiter told', async () => {
    const kind = nextKind();
    const started = gate();
    const queue = await startQueue(
      kind,
      async () => {
        started.open();
        await new Promise(() => {}); // never ends by itself
        return { result: {} };
      },
      { graceMs: 300 },
    );
    const id = await queue.enqueue({ kind, userId, bookId: null, input: {} });
    await started.opened;
    const waiting = queue.waitFor(id).then(
      () => 'resolved',
      (err: unknown) => (err instanceof AppError ? err.code : String(err)),
    );
    const t0 = Date.now();
    await queue.stop();
    expect(Date.now() - t0).toBeLessThan(3_000);
    expect(await waiting).toBe('SHUTTING_DOWN');
    expect(await rowOf(id)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });

    // The next worker (here a new queue on the same database) finishes it.
    const next = await startQueue(kind, async () => ({ result: { second: true } }));
    expect(await next.waitFor(id)).toMatchObject({ state: 'completed', attempts: 1, result: { second: true } });
  });

  it('enqueue is part of the caller’s transaction: a rolled-back request leaves no job and nothing is run', async () => {
    const kind = nextKind();
    let runs = 0;
    const queue = await startQueue(kind, async () => {
      runs++;
      return { result: {} };
    });
    let id = '';
    await expect(
      t.app.db.transaction(async (tx) => {
        id = await queue.enqueue({ kind, userId, bookId: null, input: {} }, tx as never);
        throw new Error('the request failed after asking for the job');
      }),
    ).rejects.toThrow('the request failed');
    expect(id).not.toBe('');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await t.app.db.select().from(jobs).where(eq(jobs.id, id))).toEqual([]);
    expect(runs).toBe(0);
  });
});
