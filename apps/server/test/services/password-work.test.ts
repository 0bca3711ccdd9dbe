/**
 * The password work queue (issue 32, point 6: "keep argon2 work off the event loop's critical path so one user cannot
 * slow everyone"): at most `concurrency` tasks at once, lanes served in turn, failures passed on without losing a slot.
 */
import { describe, expect, it } from 'vitest';
import { createPasswordWork, defaultPasswordConcurrency } from '../../src/services/password-work.ts';

/** A task that runs until released, recording when it started. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: () => (log.push(name), done.then(() => name)), release };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('password work', () => {
  it('runs at most `concurrency` tasks at once, and all of them in the end', async () => {
    const work = createPasswordWork({ concurrency: 2 });
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        work.run(`lane-${i % 3}`, async () => {
          peak = Math.max(peak, ++running);
          await tick();
          running--;
          return i;
        }),
      ),
    );
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(peak).toBe(2);
    expect({ active: work.active, waiting: work.waiting }).toEqual({ active: 0, waiting: 0 });
  });

  it('a lane with many tries waiting holds back another lane’s one try by one task, not by all of them', async () => {
    const work = createPasswordWork({ concurrency: 1 });
    const started: string[] = [];
    const flood = Array.from({ length: 20 }, (_, i) => gate(started, `flood-${i}`));
    const floodDone = flood.map((g) => work.run('user:flooder', g.task));
    const other = gate(started, 'other');
    const otherDone = work.run('client:203.0.113.9', other.task);
    expect(work.waiting).toBe(20);

    // The flood's first task runs; when it ends, the flood's turn and then the other lane's.
    flood[0]!.release();
    await tick();
    flood[1]!.release();
    await tick();
    expect(started).toEqual(['flood-0', 'flood-1', 'other']);
    other.release();
    expect(await otherDone).toBe('other');
    for (const g of flood) g.release();
    expect(await Promise.all(floodDone)).toHaveLength(20);
  });

  it('passes a task’s failure on and frees its slot', async () => {
    const work = createPasswordWork({ concurrency: 1 });
    const failed = work.run('a', async () => {
      throw new Error('malformed hash');
    });
    const next = work.run('b', async () => 'ran');
    await expect(failed).rejects.toThrow('malformed hash');
    expect(await next).toBe('ran');
    // A task that throws before returning a promise counts as a failure too.
    await expect(work.run('a', () => { throw new Error('at once'); })).rejects.toThrow('at once');
    expect(work.active).toBe(0);
  });

  it('takes half the cores, at least one, and fewer than libuv’s threads', () => {
    expect(defaultPasswordConcurrency(1, 4)).toBe(1);
    expect(defaultPasswordConcurrency(2, 4)).toBe(1);
    expect(defaultPasswordConcurrency(4, 4)).toBe(2);
    expect(defaultPasswordConcurrency(16, 4)).toBe(3);
    expect(defaultPasswordConcurrency(16, 1)).toBe(1);
    expect(() => createPasswordWork({ concurrency: 0 })).toThrow();
  });
});
