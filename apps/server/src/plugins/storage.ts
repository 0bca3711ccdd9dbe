import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createLocalStorage, createS3Storage, sweepTemporaryFiles, type Storage } from '../services/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** File storage (exports, books' images, covers): `$QUIRE_DATA_DIR/files`, or the S3 bucket of `S3_BUCKET`. */
    storage: Storage;
  }
}

/** Temporary files older than this are a crash's leftovers (a write takes seconds at most), in milliseconds. */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * Decorates the app with its file storage (DESIGN.md section 3, "Files"): the S3 bucket of `s3` when it is set
 * (issue 14; its client's connections are closed with the app), else the local folder `<dataDir>/files`, after
 * removing the temporary files a crash left there (issue 14: "A startup sweep removes orphaned temp files"; S3
 * replaces an object whole, so a bucket has none).
 */
export const storagePlugin = fp<{ dataDir: string; s3?: Config['s3'] }>(
  async (app, { dataDir, s3 }) => {
    if (s3) {
      const storage = createS3Storage(s3);
      app.addHook('onClose', async () => storage.destroy());
      app.log.info({ bucket: s3.bucket, endpoint: s3.endpoint ?? 'AWS', prefix: s3.prefix ?? '' }, 'files are stored in S3');
      app.decorate('storage', storage);
      return;
    }
    const root = path.join(dataDir, 'files');
    const removed = await sweepTemporaryFiles(root, ORPHAN_AGE_MS);
    if (removed > 0) app.log.info({ removed }, 'removed temporary files left by an interrupted write');
    app.decorate('storage', createLocalStorage(root));
  },
  { name: 'quire-storage' },
);
