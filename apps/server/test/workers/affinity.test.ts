/**
 * The thread pool's affinity balancer (workers/affinity.ts): tasks of one key stay on one thread while it is free, move
 * (and the key with them) to an idle thread when it is busy, and wait only when every thread is busy; tasks without a
 * key take any idle thread; a key whose thread is gone is pinned afresh. Then the real
 * pool runs keyed and unkeyed tasks side by side.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { queueOptionsSymbol } from 'piscina';
import { affinityBalancer, withAffinity } from '../../src/workers/affinity.ts';

/** A stand-in for piscina's worker view. */
function worker(id: number, currentUsage = 0) {
  return { id, currentUsage, isRunningAbortableTask: false, histogram: null, terminating: false, destroyed: false } as never as Parameters<ReturnType<typeof affinityBalancer>>[1][number];
}

/** A stand-in for piscina's task view, with the queue options `withAffinity` sets. */
function task(key?: string) {
  const data = key === undefined ? {} : withAffinity({}, key);
  return { taskId: 1, filename: '', name: 'searchTopic', created: 0, isAbortable: false, [queueOptionsSymbol]: (data as Record<symbol, unknown>)[queueOptionsSymbol] ?? null } as never as Parameters<ReturnType<typeof affinityBalancer>>[0];
}

describe('affinityBalancer', () => {
  it('pins a key to the first idle thread and keeps it there', () => {
    const balance = affinityBalancer();
    const a = worker(1);
    const b = worker(2);
    expect(balance(task('book-1'), [a, b])).toBe(a);
    expect(balance(task('book-1'), [b, a])).toBe(a);
    // Another key goes to the first idle thread, which may be the same one.
    expect(balance(task('book-2'), [b, a])).toBe(b);
    expect(balance(task('book-2'), [a, b])).toBe(b);
  });

  it('moves a key to an idle thread when its own is busy, and waits only when every thread is busy', () => {
    const balance = affinityBalancer();
    expect(balance(task('book-1'), [worker(1), worker(2)])!.id).toBe(1);
    const busy = [worker(1, 1), worker(2)];
    expect(balance(task(), busy)!.id).toBe(2);
    // Thread 1 is busy and thread 2 idle: the key goes to thread 2 and stays there.
    expect(balance(task('book-1'), busy)!.id).toBe(2);
    expect(balance(task('book-1'), [worker(1), worker(2)])!.id).toBe(2);
    expect(balance(task('book-1'), [worker(1, 1), worker(2, 1)])).toBeNull();
    expect(balance(task(), [worker(1, 1), worker(2, 1)])).toBeNull();
  });

  it('pins a key afresh when its thread has gone', () => {
    const balance = affinityBalancer();
    expect(balance(task('book-1'), [worker(1), worker(2)])!.id).toBe(1);
    expect(balance(task('book-1'), [worker(2), worker(3)])!.id).toBe(2);
    expect(balance(task('book-1'), [worker(1), worker(2)])!.id).toBe(2);
  });

  it('keeps the key out of the data a thread receives', () => {
    const data = withAffinity({ markdown: 'Text' }, 'book-1');
    expect(structuredClone(data)).toEqual({ markdown: 'Text' });
  });
});

describe('the job runner', () => {
  // Imported here so that the balancer's unit tests above do not start a pool.
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await close?.();
  });

  it('runs the extraction tasks of one text beside other work, none waiting for ever', async () => {
    const { createJobRunner } = await import('../../src/workers/pool.ts');
    const jobs = createJobRunner({ threads: 2 });
    close = () => jobs.close();
    const advent = 'The candles of Advent are lit one by one in the weeks before Christmas. The children count the days until Christmas morning. Then the bells ring, and the whole house wakes to the carols of Christmas sung at the door.';
    const text = { markdown: `# Advent\n\n${advent}\n\n# The Sea\n\nThe ship sailed west across the grey sea for many days.\n`, textHash: 'text-1', meta: { title: 'Advent', author: 'A', language: 'en' } };
    const found = await jobs.searchTopic({ ...text, topic: 'Christmas' });
    expect(found.passages.length).toBeGreaterThan(0);
    const [again, measured, passage] = await Promise.all([
      jobs.searchTopic({ ...text, topic: 'Advent' }),
      jobs.measureText('other work'),
      jobs.passageText({ ...text, passageId: found.passages[0]!.passageId, widen: false }),
    ]);
    expect(again.topic).toBe('Advent');
    expect(measured).toEqual({ wordCount: 2, textBytes: 10 });
    expect(passage?.paragraphs.join(' ')).toContain('Christmas');
  });
});
