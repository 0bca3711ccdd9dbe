/**
 * Image bytes across the worker-thread boundary (workers/transfer.ts, pool.ts): transfer lists never detach
 * memory that is shared, and the pool hands a DOCX's images back from the reader and gives a book's images to the
 * writers by transfer.
 */
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../src/workers/pool.ts';
import { transferListOf } from '../../src/workers/transfer.ts';
import { docxWithImages, solidPng } from '../image-files.ts';

const jobs = createJobRunner({ threads: 1 });
afterAll(async () => {
  await jobs.close();
});

describe('transferListOf', () => {
  it('lists each owned buffer once and copies views of shared or already listed buffers', () => {
    const owned = new Uint8Array([1, 2, 3]);
    const shared = new Uint8Array([9, 8, 7, 6, 5, 4]);
    const files = [{ bytes: owned }, { bytes: shared.subarray(2, 4) }, { bytes: owned }];
    const list = transferListOf(files);
    expect(list).toHaveLength(3);
    expect(files[0]!.bytes).toBe(owned);
    expect(files[1]!.bytes.buffer).not.toBe(shared.buffer);
    expect([...files[1]!.bytes]).toEqual([7, 6]);
    expect(files[2]!.bytes).not.toBe(owned);
    expect([...files[2]!.bytes]).toEqual([1, 2, 3]);
    expect(new Set(list).size).toBe(3);
    structuredClone(files, { transfer: list });
    expect(shared.byteLength).toBe(6);
    expect(owned.byteLength).toBe(0);
  });
});

describe('job runner and images', () => {
  const png = solidPng(12, 12, [10, 120, 240]);

  it("returns a DOCX's images from the reading thread", async () => {
    const docx = docxWithImages([{ heading: 'Chapter One' }, { text: 'A picture follows this line.' }, { png, alt: 'Blue' }]);
    const out = await jobs.importFile({ bytes: docx, fileName: 'a.docx', clean: true, maxTextBytes: 5 * 1024 * 1024 });
    expect(out.assets.map((a) => [a.path, a.mediaType])).toEqual([['images/img-1.png', 'image/png']]);
    expect(Buffer.from(out.assets[0]!.bytes).equals(Buffer.from(png))).toBe(true);
    expect(out.cleaned?.markdown).toContain('![Blue](images/img-1.png)');
  });

  it('gives the images to the writers by transfer: the EPUB holds them, the caller keeps detached buffers', async () => {
    const assets = [{ path: 'images/img-1.png', mediaType: 'image/png' as const, bytes: png.slice() }];
    const epub = await jobs.buildFile({
      markdown: '# Chapter One\n\n![Blue](images/img-1.png)\n',
      meta: { title: 'Pictures', author: 'A. Painter', language: 'en' },
      layoutId: 'kdp-6x9',
      format: 'epub',
      modified: new Date('2024-01-01T00:00:00Z'),
      assets,
    });
    expect(assets[0]!.bytes.byteLength).toBe(0);
    const packaged = Object.values(unzipSync(epub.bytes)).map((b) => Buffer.from(b));
    expect(packaged.some((b) => b.equals(Buffer.from(png)))).toBe(true);
  });
});
