/**
 * Issue 32 point 1 in the thread pool: a task that runs past its time budget is stopped and fails with a sentence,
 * its thread is replaced, and the tasks queued behind it run; the pool tells GET /api/ready when it is saturated.
 * (The threads' heap cap is Node's own `resourceLimits`; how much heap a task needs before it fails depends on how the
 * thread loaded the code, so no fixed input tells it apart reliably here.) The budgets are made small here so that a real book's cleanup
 * (War and Peace) stands for a hostile file.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createJobRunner, SATURATED_WAITING_PER_THREAD } from '../../src/workers/pool.ts';
import { inputSizeBytes, taskTimeBudgetMs } from '../../src/workers/task-budget.ts';
import { corpusFile } from '../helpers.ts';

const WAR_AND_PEACE = corpusFile('gutenberg/pg2600-war-and-peace.txt');
const LIMIT = 8 * 1024 * 1024;
const short = new TextEncoder().encode('CHAPTER I\n\nA short text of a few words, read in a moment.\n');

describe('time budget', () => {
  const jobs = createJobRunner({ threads: 1, taskBudget: { baseMs: 150, perMbMs: 0 } });
  afterAll(() => jobs.close());

  it('stops a task past its budget with TASK_TIME_LIMIT, and the task queued behind it runs on a new thread', async () => {
    const long = jobs.importFile({ bytes: new Uint8Array(WAR_AND_PEACE), fileName: 'war.txt', clean: true, maxTextBytes: LIMIT });
    // Queued behind it: its budget counts from when a thread takes it, so the wait does not spend it.
    const next = jobs.importFile({ bytes: short, fileName: 'short.txt', clean: false, maxTextBytes: LIMIT });
    await expect(long).rejects.toMatchObject({ code: 'TASK_TIME_LIMIT', statusCode: 422, message: expect.stringMatching(/^This file took too long to process and was stopped/) });
    await expect(next).resolves.toMatchObject({ format: 'txt' });
  }, 60_000);
});

describe('saturation', () => {
  const jobs = createJobRunner({ threads: 1 });
  afterAll(() => jobs.close());

  it(`counts waiting and running tasks, and is saturated at ${SATURATED_WAITING_PER_THREAD} waiting per thread`, async () => {
    expect(jobs.load()).toEqual({ waiting: 0, running: 0, threads: 1, saturated: false });
    const tasks = Array.from({ length: SATURATED_WAITING_PER_THREAD + 1 }, () =>
      jobs.importFile({ bytes: new Uint8Array(WAR_AND_PEACE), fileName: 'war.txt', clean: true, maxTextBytes: LIMIT }),
    );
    // One task may already be on the thread (it stays up between tasks), the rest wait.
    const busy = jobs.load();
    expect(busy.waiting + busy.running).toBe(SATURATED_WAITING_PER_THREAD + 1);
    expect(busy).toMatchObject({ waiting: expect.any(Number), saturated: true });
    expect(busy.waiting).toBeGreaterThanOrEqual(SATURATED_WAITING_PER_THREAD);
    await Promise.all(tasks);
    expect(jobs.load()).toEqual({ waiting: 0, running: 0, threads: 1, saturated: false });
  }, 120_000);
});

describe('sizing', () => {
  it('sizes a task by the text, file and images it carries', () => {
    const input = { bytes: new Uint8Array(2 * 1024 * 1024), fileName: 'a.txt', assets: [{ bytes: new Uint8Array(1024 * 1024) }] };
    expect(inputSizeBytes(input)).toBe(3 * 1024 * 1024 + 'a.txt'.length);
    expect(taskTimeBudgetMs(3 * 1024 * 1024, { baseMs: 60_000, perMbMs: 20_000 })).toBe(120_000);
  });
});
