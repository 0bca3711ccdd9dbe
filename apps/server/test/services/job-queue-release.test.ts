/**
 * What a job owns outside the database lives as long as the job (issue 32 point 4): the job queue calls its kind's
 * `release` once the job has ended for good (completed, failed at once, dead after its last try, failed by the sweep)
 * and never while it may run again (a retry); its upkeep tasks run at start and then periodically, and `unended` tells
 * which ids still have a live job. On PGlite with the in-process delivery and, with TEST_DATABASE_URL, on PostgreSQL
 * with pg-boss, as job-queue.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobKind } from '@quire/contracts';
import { jobs, type JobRow } from '../../src/db/schema/index.ts';
import { AppError } from '../../src/errors.ts';
import type { JobHandler, JobQueue } from '../../src/services/jobs/job-queue.ts';
import { buildTestApp, registerUser, TEST_DATABASE_URL, type TestApp } from '../helpers.ts';
import { queueHarness, quiet } from './queue-harness.ts';

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await buildTestApp();
  userId = (await registerUser(t.app)).userId;
});
afterAll(async () => {
  await t?.close();
});

const queues = queueHarness(() => t, 'test-release-kind');
const nextKind = queues.nextKind;
afterEach(() => queues.stopAll());

/** A queue over the test app's database running `handler` for `kind` and recording its releases, with short timings. */
function makeQueue(kind: JobKind, handler: JobHandler): { queue: JobQueue; released: JobRow[] } {
  const queue = queues.queue();
  const released: JobRow[] = [];
  queue.handle(kind, handler, {
    release: async (job) => {
      released.push(job);
    },
  });
  return { queue, released };
}

const rowOf = async (id: string) => (await t.app.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe(`job queue release and upkeep (${TEST_DATABASE_URL ? 'PostgreSQL, pg-boss' : 'PGlite, in process'})`, () => {
  it('releases a job once it has completed, failed at once or died after its last try; never after a try that will be made again', async () => {
    const kind = nextKind();
    const tries = new Map<string, number>();
    const { queue, released } = makeQueue(kind, async ({ job }) => {
      const n = (tries.get(job.id) ?? 0) + 1;
      tries.set(job.id, n);
      if (job.input.outcome === 'refused') throw new AppError('UNREADABLE_INPUT');
      if (job.input.outcome === 'broken') throw new Error(`fault ${n}`);
      if (job.input.outcome === 'flaky' && n === 1) throw new Error('a transient fault');
      return { result: { n } };
    });
    await queue.start();

    const completed = await queue.enqueue({ kind, userId, bookId: null, input: { outcome: 'ok' } });
    expect(await queue.waitFor(completed)).toMatchObject({ state: 'completed' });
    const flaky = await queue.enqueue({ kind, userId, bookId: null, input: { outcome: 'flaky' } });
    expect(await queue.waitFor(flaky)).toMatchObject({ state: 'completed', attempts: 2 });
    const refused = await queue.enqueue({ kind, userId, bookId: null, input: { outcome: 'refused' } });
    expect(await queue.waitFor(refused)).toMatchObject({ state: 'failed', attempts: 1, errorCode: 'UNREADABLE_INPUT' });
    const dead = await queue.enqueue({ kind, userId, bookId: null, input: { outcome: 'broken' }, maxAttempts: 2 });
    expect(await queue.waitFor(dead)).toMatchObject({ state: 'failed', attempts: 2, errorCode: 'JOB_FAILED' });

    // Each job once, with its input (what the release needs to find its files); the flaky job not after its first try.
    expect(released.map((j) => j.id).sort()).toEqual([completed, flaky, refused, dead].sort());
    expect(released.find((j) => j.id === refused)?.input).toEqual({ outcome: 'refused' });
    expect(tries.get(flaky)).toBe(2);
  });

  it('releases a job the sweep fails for good (its worker was killed on its last try), not one it queues again', async () => {
    const kind = nextKind();
    const { queue, released } = makeQueue(kind, async () => ({ result: { by: 'the survivor' } }));
    /** A job a killed worker was running on try `attempts` of 3: its heartbeat stopped an hour ago. */
    const leftJob = async (attempts: number) => {
      const [row] = await t.app.db
        .insert(jobs)
        .values({
          id: crypto.randomUUID(),
          userId,
          bookId: null,
          kind,
          input: { staged: `uploads/${attempts}` },
          maxAttempts: 3,
          state: 'running',
          attempts,
          lockedBy: 'dead-host:1:1',
          heartbeatAt: sql`now() - interval '1 hour'`,
        })
        .returning({ id: jobs.id });
      return row!.id;
    };
    const last = await leftJob(3);
    const again = await leftJob(1);
    // Not started: this test's sweep is the only one (a started queue sweeps at once too).
    expect(await queue.sweep()).toBe(2);
    expect(await rowOf(last)).toMatchObject({ state: 'failed', errorCode: 'JOB_FAILED', lastFailure: 'its worker stopped' });
    expect(await rowOf(again)).toMatchObject({ state: 'queued' });
    expect(released).toMatchObject([{ id: last, state: 'failed', input: { staged: 'uploads/3' } }]);

    await queue.start();
    expect(await queue.waitFor(again)).toMatchObject({ state: 'completed', attempts: 2 });
    expect(released.map((j) => j.id)).toEqual([last, again]);
  });

  it('a release that fails is logged and changes nothing else: the job stays completed', async () => {
    const kind = nextKind();
    const errors: string[] = [];
    const queue = queues.queue({ log: { ...quiet, error: (_o, msg) => errors.push(msg) } });
    queue.handle(kind, async () => ({ result: { ok: true } }), {
      release: async () => {
        throw new Error('the storage is down');
      },
    });
    await queue.start();
    const id = await queue.enqueue({ kind, userId, bookId: null, input: {} });
    expect(await queue.waitFor(id)).toMatchObject({ state: 'completed', attempts: 1, result: { ok: true } });
    await expect.poll(() => errors).toContain('releasing what an ended job owned failed');
    expect(await rowOf(id)).toMatchObject({ state: 'completed', attempts: 1 });
  });

  it('runs its upkeep once started and then every period, never two rounds at once, and stops with the queue', async () => {
    const kind = nextKind();
    const { queue } = makeQueue(kind, async () => ({ result: {} }));
    let rounds = 0;
    let running = 0;
    let overlapped = false;
    queue.addUpkeep('test upkeep', 100, async () => {
      rounds++;
      running++;
      overlapped ||= running > 1;
      await new Promise((r) => setTimeout(r, 150));
      running--;
    });
    await queue.start();
    await expect.poll(() => rounds, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    await queue.runUpkeep();
    expect(overlapped).toBe(false);
    await queue.stop(200);
    const after = rounds;
    await new Promise((r) => setTimeout(r, 400));
    expect(rounds).toBe(after);
  });

  it('unended names the ids whose job is queued or running, not ended, missing or malformed ones', async () => {
    const kind = nextKind();
    const { queue } = makeQueue(kind, async () => ({ result: {} }));
    const queued = await queue.enqueue({ kind, userId, bookId: null, input: {} });
    const ended = await queue.enqueue({ kind, userId, bookId: null, input: {} });
    await t.app.db.update(jobs).set({ state: 'completed', finishedAt: sql`now()` }).where(eq(jobs.id, ended));
    const missing = crypto.randomUUID();
    expect(await queue.unended([queued, ended, missing, 'not-a-job-id'])).toEqual(new Set([queued]));
    expect(await queue.unended([])).toEqual(new Set());
  });
});
