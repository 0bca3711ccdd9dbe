/**
 * The S3 file storage (issue 14: "Files behind the storage interface gain an S3-compatible backend"), against a local
 * S3-compatible server (s3rver, test/s3-server.ts): the storage contract the local folder meets too, keys kept under
 * the configured prefix, and the app configured with S3 settings keeping its files in the bucket and answering an
 * export download from it with the same bytes and headers as from the local folder.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportsTable } from '../../src/db/schema/index.ts';
import { createS3Storage } from '../../src/services/storage.ts';
import { bearer, buildTestApp, formatBookForExport, importSampleBook, registerUser, type TestApp } from '../helpers.ts';
import { startS3Server, type TestS3Server } from '../s3-server.ts';
import { describeStorageContract } from '../storage-contract.ts';

let server: Promise<TestS3Server> | undefined;
/** The file's one S3 server, started on first use. */
const s3 = () => (server ??= startS3Server());
afterAll(async () => {
  await (await server)?.close();
});

describeStorageContract('S3', async () => {
  const storage = createS3Storage((await s3()).settings());
  return { storage, close: async () => storage.destroy() };
});

describe('S3 storage', () => {
  it('keeps its keys under its prefix: two prefixes of one bucket never see each other', async () => {
    const { settings } = await s3();
    const siteA = createS3Storage(settings('site-a/files'));
    const siteB = createS3Storage(settings('/site-b/'));
    const bucketTop = createS3Storage(settings(''));
    try {
      await siteA.put('books/b1/cover.jpg', new Uint8Array([1]));
      await siteB.put('books/b1/cover.jpg', new Uint8Array([2]));
      expect(await siteA.get('books/b1/cover.jpg')).toEqual(new Uint8Array([1]));
      expect(await bucketTop.get('site-a/files/books/b1/cover.jpg')).toEqual(new Uint8Array([1]));
      expect(await bucketTop.get('site-b/books/b1/cover.jpg')).toEqual(new Uint8Array([2]));
      await siteA.deleteFolder('books');
      await expect(siteA.get('books/b1/cover.jpg')).rejects.toMatchObject({ code: 'ENOENT' });
      expect(await siteB.get('books/b1/cover.jpg')).toEqual(new Uint8Array([2]));
    } finally {
      for (const storage of [siteA, siteB, bucketTop]) storage.destroy();
    }
    expect(() => createS3Storage(settings('../escape'))).toThrow(/Invalid storage key/);
  });

  it('fails with the service error, not as a missing file, when the bucket does not exist', async () => {
    const { settings } = await s3();
    const noBucket = createS3Storage({ ...settings(), bucket: 'no-such-bucket' });
    try {
      for (const read of [noBucket.get('exports/b1/e.pdf'), noBucket.getStream('exports/b1/e.pdf')]) {
        const err = await read.then(
          () => null,
          (e: unknown) => e as NodeJS.ErrnoException,
        );
        expect(err).toMatchObject({ name: 'NoSuchBucket' });
        expect(err?.code).not.toBe('ENOENT');
      }
    } finally {
      noBucket.destroy();
    }
  });
});

describe('the app with S3 settings', () => {
  let t: TestApp;
  let token: string;
  let bookId: string;
  let prefix: string;
  beforeAll(async () => {
    const settings = (await s3()).settings();
    prefix = settings.prefix!;
    t = await buildTestApp({ s3: settings });
    token = (await registerUser(t.app)).token;
    bookId = await importSampleBook(t.app, token);
    await formatBookForExport(t.app, token, bookId);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['epub', 'application/epub+zip', 'A_Small_Sample.epub'],
    ['html', 'text/html; charset=utf-8', 'A_Small_Sample_KDP_Ready.html'],
  ])('answers a %s export from the bucket: the stored bytes, with the same headers as from the folder', async (format, contentType, fileName) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/books/${bookId}/export/${format}`, headers: bearer(token) });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe(contentType);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));

    const [row] = (await t.app.db.select().from(exportsTable).where(eq(exportsTable.bookId, bookId))).filter((r) => r.format === format);
    expect(row?.byteSize).toBe(res.rawPayload.length);
    // In the bucket under the prefix, not in the data directory.
    const bucket = createS3Storage((await s3()).settings(''));
    try {
      expect(Buffer.from(await bucket.get(`${prefix}/${row!.filePath}`)).equals(res.rawPayload)).toBe(true);
    } finally {
      bucket.destroy();
    }
    expect(existsSync(path.join(t.config.dataDir, 'files', row!.filePath))).toBe(false);
  });

  it('says it is ready: the readiness probe writes, reads and deletes through S3', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.json()).toMatchObject({ checks: { storage: 'ok' } });
  });
});
