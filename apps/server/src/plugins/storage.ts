import path from 'node:path';
import fp from 'fastify-plugin';
import { createLocalStorage, sweepTemporaryFiles, type Storage } from '../services/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** File storage (exports, books' images) under `$QUIRE_DATA_DIR/files`. */
    storage: Storage;
  }
}

/** Temporary files older than this are a crash's leftovers (a write takes seconds at most), in milliseconds. */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * Decorates the app with the local file storage rooted at `<dataDir>/files` (DESIGN.md section 3, "Files"), after
 * removing the temporary files a crash left there (issue 14: "A startup sweep removes orphaned temp files").
 */
export const storagePlugin = fp<{ dataDir: string }>(
  async (app, { dataDir }) => {
    const root = path.join(dataDir, 'files');
    const removed = await sweepTemporaryFiles(root, ORPHAN_AGE_MS);
    if (removed > 0) app.log.info({ removed }, 'removed temporary files left by an interrupted write');
    app.decorate('storage', createLocalStorage(root));
  },
  { name: 'quire-storage' },
);
