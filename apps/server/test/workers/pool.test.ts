import { afterAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../src/workers/pool.ts';

const jobs = createJobRunner({ threads: 1 });
afterAll(async () => {
  await jobs.close();
});

describe('job runner (worker threads)', () => {
  it('reads text in a worker thread and measures it', async () => {
    const out = await jobs.readBook(new TextEncoder().encode('Title: A Test\nAuthor: Someone\n\nSome words here.'), 'a.txt');
    expect(out.text).toContain('Some words here.');
    expect(out.textBytes).toBe(Buffer.byteLength(out.text));
    expect(out.wordCount).toBeGreaterThanOrEqual(3);
  });

  it('turns an engine input error into a 422 AppError with the engine message', async () => {
    await expect(jobs.readBook(new Uint8Array(0), 'empty.txt')).rejects.toMatchObject({ code: 'UNREADABLE_INPUT', statusCode: 422 });
  });

  it('counts words and bytes', async () => {
    expect(await jobs.measureText('# Chapter 1\n\nIt was — a dark night.')).toEqual({ wordCount: 7, textBytes: 37 });
  });

  it('refuses work once closed', async () => {
    const other = createJobRunner({ threads: 1 });
    await other.close();
    await expect(other.measureText('x')).rejects.toMatchObject({ code: 'INTERNAL' });
  });
});
