/**
 * The database the crash test reads its checks from, opened directly: PostgreSQL through `pg` (the server may run),
 * PGlite on the data directory's `db` folder (apps/server/src/db/client.ts) once the server has stopped, under the
 * data directory's lock so that no server can start on it meanwhile.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { acquireDataDirLock } from '../../apps/server/src/db/data-dir-lock.ts';

/** A read-only view of the server's database, for one check. */
export interface CheckDb {
  /** The rows `sql` answers (with `$1`... `params`). */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * Opens the database: PostgreSQL at `databaseUrl`, else PGlite in `<dataDir>/db`.
 * @throws DataDirLockedError (PGlite) when a server still owns the data directory.
 */
export async function openCheckDb(databaseUrl: string | null, dataDir: string): Promise<CheckDb> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
      close: () => client.end(),
    };
  }
  const lock = acquireDataDirLock(dataDir);
  let db: PGlite;
  try {
    db = await PGlite.create(path.join(dataDir, 'db'));
  } catch (err) {
    lock.release();
    throw err;
  }
  return {
    query: async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows,
    async close() {
      try {
        await db.close();
      } finally {
        lock.release();
      }
    },
  };
}
