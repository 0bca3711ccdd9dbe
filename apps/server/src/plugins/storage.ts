import path from 'node:path';
import fp from 'fastify-plugin';
import { createLocalStorage, type Storage } from '../services/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** File storage (exports, books' images) under `$QUIRE_DATA_DIR/files`. */
    storage: Storage;
  }
}

/** Decorates the app with the local file storage rooted at `<dataDir>/files` (DESIGN.md section 3, "Files"). */
export const storagePlugin = fp<{ dataDir: string }>(
  async (app, { dataDir }) => {
    app.decorate('storage', createLocalStorage(path.join(dataDir, 'files')));
  },
  { name: 'quire-storage' },
);
