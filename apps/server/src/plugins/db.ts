import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createDb, type Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Drizzle database (PGlite or PostgreSQL), migrated. */
    db: Db;
  }
}

/**
 * Opens the database of `config` (createDb: lock, open, migrate) and closes it, releasing the data directory
 * lock, when the app closes. Fails the app start with DataDirLockedError when another process owns the data dir.
 */
export const dbPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const database = await createDb(config);
    app.decorate('db', database.db);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'quire-db' },
);
