import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BookBodyCache } from '../../src/services/book-body-cache.ts';
import { corpusFile } from '../helpers.ts';

const book = (text: string) => ({ id: 'b1', title: 'A Title', originalText: text, cleanedText: text, formattedText: text });

/** A load that counts its calls and answers `value` after a turn of the event loop. */
function counted(value: unknown) {
  const calls = { n: 0 };
  const load = async () => {
    calls.n++;
    await new Promise((resolve) => setImmediate(resolve));
    return value;
  };
  return { calls, load };
}

describe('BookBodyCache', () => {
  it('answers the JSON of the book, made once per revision', async () => {
    const cache = new BookBodyCache();
    const { calls, load } = counted(book('“Quoted” text — with a dash.'));
    const first = await cache.body('b1', 3, 'identity', load);
    expect(JSON.parse(first.toString('utf8'))).toEqual(book('“Quoted” text — with a dash.'));
    expect(await cache.body('b1', 3, 'identity', load)).toBe(first);
    expect(calls.n).toBe(1);

    const { calls: again, load: loadNew } = counted(book('The edited text.'));
    const next = await cache.body('b1', 4, 'identity', loadNew);
    expect(JSON.parse(next.toString('utf8')).cleanedText).toBe('The edited text.');
    expect(again.n).toBe(1);
  });

  it('shares one load between concurrent reads of a book it does not hold yet', async () => {
    const cache = new BookBodyCache();
    const { calls, load } = counted(book('Read by many at once.'));
    const bodies = await Promise.all(Array.from({ length: 20 }, () => cache.body('b1', 0, 'identity', load)));
    expect(calls.n).toBe(1);
    expect(new Set(bodies).size).toBe(1);
  });

  it('compresses with Brotli and gzip to the same JSON, each once, and Brotli finds the repeated texts', async () => {
    const cache = new BookBodyCache();
    const text = Array.from({ length: 400 }, (_, i) => `Paragraph ${i}: the sea was calm, the ship sailed on.`).join('\n\n');
    const { load } = counted(book(text));
    const json = await cache.body('b1', 0, 'identity', load);
    const br = await cache.body('b1', 0, 'br', load);
    const gz = await cache.body('b1', 0, 'gzip', load);
    expect(brotliDecompressSync(br).equals(json)).toBe(true);
    expect(gunzipSync(gz).equals(json)).toBe(true);
    expect(await cache.body('b1', 0, 'br', load)).toBe(br);
    // The three texts are the same: Brotli's window holds all of them, so the answer is little more than one text's.
    expect(br.length).toBeLessThan(json.length / 10);
  });

  it('keeps nothing when the load fails, and loads again on the next read', async () => {
    const cache = new BookBodyCache();
    await expect(cache.body('b1', 0, 'identity', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(cache.size).toBe(0);
    const { calls, load } = counted(book('Back again.'));
    expect(JSON.parse((await cache.body('b1', 0, 'identity', load)).toString()).cleanedText).toBe('Back again.');
    expect(calls.n).toBe(1);
  });

  it('keeps War and Peace (three texts of 3.2 MB) in the default cache: its reads after the first load nothing', async () => {
    const cache = new BookBodyCache();
    const text = corpusFile('gutenberg/pg2600-war-and-peace.txt').toString('utf8');
    const { calls, load } = counted(book(text));
    const br = await cache.body('wp', 0, 'br', load);
    expect(await cache.body('wp', 0, 'br', load)).toBe(br);
    expect(await cache.body('wp', 0, 'gzip', load)).toBeInstanceOf(Buffer);
    expect(calls.n).toBe(1);
    expect(cache.size).toBe(1);
  });

  it('answers a book larger than half the cache without keeping it, in the coding asked, and drops the least recently read', async () => {
    const cache = new BookBodyCache({ maxBytes: 40_000 });
    const big = counted(book('x'.repeat(5_000)));
    expect((await cache.body('big', 0, 'identity', big.load)).length).toBeGreaterThan(15_000);
    expect(JSON.parse(brotliDecompressSync(await cache.body('big', 0, 'br', big.load)).toString()).cleanedText).toBe('x'.repeat(5_000));
    expect(cache.size).toBe(0);
    expect(big.calls.n).toBe(2);

    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) await cache.body(id, 0, 'identity', counted(book('y'.repeat(1_500))).load);
    // Each answer counts about 4.6 kB x 1.5: six do not fit in 40 kB, the first read is gone, the last is kept.
    expect(cache.size).toBeLessThan(6);
    const first = counted(book('y'.repeat(1_500)));
    await cache.body('a', 0, 'identity', first.load);
    expect(first.calls.n).toBe(1);
    const last = counted(book('y'.repeat(1_500)));
    await cache.body('f', 0, 'identity', last.load);
    expect(last.calls.n).toBe(0);
  });
});
