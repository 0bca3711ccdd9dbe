/**
 * What every {@link Storage} backend does (issue 14: the local folder and S3 behind one interface), as one suite that
 * storage.test.ts runs against the local folder and storage-s3.test.ts against a local S3-compatible server: files
 * round-trip, a missing file is an ENOENT error, folders go whole, large files stream, and a large download through a
 * Fastify route keeps far less than the file in memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../src/services/storage.ts';

/** A backend under test, and how to release it. */
export interface StorageUnderTest {
  storage: Storage;
  close(): Promise<void>;
}

const MB = 1024 * 1024;

/** The garbage collector, exposed at run time (node --expose-gc without the flag). */
function exposedGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** Live memory after a full collection: the JS heap and the memory outside it (Buffers). */
function liveBytes(gc: () => void): number {
  gc();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

/** The SHA-256 and length of everything `stream` yields. */
async function digestOf(stream: AsyncIterable<Uint8Array>): Promise<{ sha256: string; length: number }> {
  const hash = createHash('sha256');
  let length = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    length += chunk.byteLength;
  }
  return { sha256: hash.digest('hex'), length };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const text = (s: string) => new TextEncoder().encode(s);

/** Expects `promise` to reject with the ENOENT error of a missing file. */
async function expectMissing(promise: Promise<unknown>): Promise<void> {
  await expect(promise).rejects.toMatchObject({ code: 'ENOENT' });
}

/** Runs the contract against the backend `open` makes (once for the whole suite). */
export function describeStorageContract(name: string, open: () => Promise<StorageUnderTest>): void {
  describe(`${name} storage contract`, () => {
    let backend: StorageUnderTest;
    let storage: Storage;
    beforeAll(async () => {
      backend = await open();
      storage = backend.storage;
    });
    afterAll(async () => {
      await backend?.close();
    });

    it('stores, replaces, reads whole or as a stream, and deletes a file', async () => {
      await storage.put('exports/b1/e1.pdf', text('first'));
      expect(await storage.get('exports/b1/e1.pdf')).toEqual(text('first'));
      await storage.put('exports/b1/e1.pdf', text('second, longer'));
      expect(await storage.get('exports/b1/e1.pdf')).toEqual(text('second, longer'));
      const { stream, sizeBytes } = await storage.getStream('exports/b1/e1.pdf');
      expect(sizeBytes).toBe(14);
      expect(Buffer.concat(await stream.toArray()).toString()).toBe('second, longer');

      await storage.put('exports/b1/empty.txt', new Uint8Array(0));
      expect(await storage.get('exports/b1/empty.txt')).toEqual(new Uint8Array(0));
      const empty = await storage.getStream('exports/b1/empty.txt');
      expect(empty.sizeBytes).toBe(0);
      expect(await empty.stream.toArray()).toEqual([]);

      await storage.delete('exports/b1/e1.pdf');
      await expectMissing(storage.get('exports/b1/e1.pdf'));
      await storage.delete('exports/b1/e1.pdf'); // none: nothing happens
      await storage.delete('exports/never/was.pdf');
    });

    it('answers an ENOENT error for a missing file, from get and getStream alike', async () => {
      await expectMissing(storage.get('exports/none/missing.pdf'));
      await expectMissing(storage.getStream('exports/none/missing.pdf'));
      await storage.put('exports/b2/e.pdf', text('x'));
      await expectMissing(storage.getStream('exports/b2/other.pdf'));
    });

    it('removes a folder and everything under it, and nothing beside it', async () => {
      const keep = ['books/b10/images/img-1.png', 'books/b1x/cover.jpg', 'books/b2/images/img-1.png'];
      const gone = ['books/b1/images/img-1.png', 'books/b1/images/img-2.jpg', 'books/b1/deep/er/file.txt'];
      for (const key of [...keep, ...gone]) await storage.put(key, text(key));
      await storage.deleteFolder('books/b1');
      for (const key of gone) await expectMissing(storage.get(key));
      for (const key of keep) expect(await storage.get(key)).toEqual(text(key));
      await storage.deleteFolder('books/b1'); // gone already: nothing happens
      await storage.deleteFolder('books/never-was');
    });

    it('lists the files under a folder, at any depth, with their sizes and times, and nothing beside it', async () => {
      const before = Date.now() - 60_000;
      await storage.put('books/l1/typeset/a.pdf', text('abc'));
      await storage.put('books/l1/typeset/deep/b.json', text('{}'));
      await storage.put('books/l10/typeset/c.pdf', text('beside'));
      const listed = await storage.list('books/l1/typeset');
      expect(listed.map((f) => [f.key, f.sizeBytes]).sort()).toEqual([
        ['books/l1/typeset/a.pdf', 3],
        ['books/l1/typeset/deep/b.json', 2],
      ]);
      for (const f of listed) expect(f.modifiedAt.getTime()).toBeGreaterThan(before);
      expect(await storage.list('books/never-was')).toEqual([]);
      expect(await storage.list('books/l1/typeset/a.pdf')).toEqual([]);
      await expect(storage.list('../x')).rejects.toThrow(/Invalid storage key/);
    });

    it('removes a folder of more than one listing page (1000 keys)', async () => {
      const keys = Array.from({ length: 1005 }, (_, i) => `books/many/images/img-${i}.png`);
      const bytes = text('.');
      for (let i = 0; i < keys.length; i += 25) await Promise.all(keys.slice(i, i + 25).map((key) => storage.put(key, bytes)));
      await storage.put('books/many-more/kept.txt', bytes);
      await storage.deleteFolder('books/many');
      for (const key of [keys[0]!, keys[999]!, keys[1000]!, keys[1004]!]) await expectMissing(storage.get(key));
      expect(await storage.get('books/many-more/kept.txt')).toEqual(bytes);
    }, 180_000);

    it('round-trips a 20 MB file through a stream', async () => {
      const bytes = new Uint8Array(randomBytes(20 * MB));
      await storage.put('exports/big/e.pdf', bytes);
      const { stream, sizeBytes } = await storage.getStream('exports/big/e.pdf');
      expect(sizeBytes).toBe(bytes.byteLength);
      expect(await digestOf(stream)).toEqual({ sha256: sha256(bytes), length: bytes.byteLength });
      expect(sha256(await storage.get('exports/big/e.pdf'))).toBe(sha256(bytes));
    });

    it('refuses keys that could leave its root or have unexpected characters', async () => {
      const bad = ['../x.pdf', 'exports/../../x', '/abs/x', 'a//b', 'a/./b', 'a/', '', 'a b', 'a\\b', 'exports/ü.pdf'];
      for (const key of bad) {
        await expect(storage.put(key, text('x')), key).rejects.toThrow(/Invalid storage key/);
        await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
        await expect(storage.getStream(key), key).rejects.toThrow(/Invalid storage key/);
        await expect(storage.delete(key), key).rejects.toThrow(/Invalid storage key/);
        await expect(storage.deleteFolder(key), key).rejects.toThrow(/Invalid storage key/);
      }
    });

    it('answers a 100 MB download through a route with far less than 100 MB in memory', async () => {
      const size = 100 * MB;
      // No reference to the bytes is kept once they are stored.
      await storage.put('exports/huge/e.pdf', new Uint8Array(size).fill(7));

      // The same way the download routes answer a stored file: its stream, with its length.
      const app = Fastify();
      app.get('/download', async (_request, reply) => {
        const { stream, sizeBytes } = await storage.getStream('exports/huge/e.pdf');
        return reply.header('content-type', 'application/pdf').header('content-length', sizeBytes).send(stream);
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      try {
        const { port } = app.server.address() as AddressInfo;
        const gc = exposedGc();
        const before = liveBytes(gc);
        let peak = 0;
        let received = 0;
        let nextSample = 10 * MB;
        const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
          request({ host: '127.0.0.1', port, path: '/download' }, (res) => {
            res.on('data', (chunk: Buffer) => {
              received += chunk.length;
              if (received >= nextSample) {
                nextSample += 10 * MB;
                peak = Math.max(peak, liveBytes(gc) - before);
              }
            });
            res.on('end', () => resolve(res.headers));
            res.on('error', reject);
          })
            .on('error', reject)
            .end();
        });
        expect(received).toBe(size);
        expect(headers['content-length']).toBe(String(size));
        // Read whole, the file alone would be 100 MB; streamed, a few chunks are in flight at a time.
        expect(peak).toBeLessThan(32 * MB);
      } finally {
        await app.close();
      }
      await storage.delete('exports/huge/e.pdf');
    }, 180_000);
  });
}
