/**
 * `createDb(config)`: one Drizzle database over PGlite (default, embedded, data under `$QUIRE_DATA_DIR/db`) or
 * node-postgres (`DATABASE_URL`), with the same schema and the same generated migrations applied at start
 * (DESIGN.md section 3 "Database"; STYLE.md rule 20).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { startPgliteThread } from './pglite-bridge.ts';
import * as schema from './schema/index.ts';

/** The generated SQL migrations (`apps/server/drizzle`), found from this file so any working directory works. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The database type both drivers are used through (queries are identical on both). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open, migrated database and how to close it. */
export interface Database {
  db: Db;
  /** `pglite` (embedded, on disk or in memory) or `postgres`. */
  driver: 'pglite' | 'postgres';
  /** Closes the connection(s) and releases the data directory lock. Idempotent. */
  close(): Promise<void>;
}

/** The database settings `createDb` reads. */
export type DbConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'dataDirLabel' | 'inMemoryDatabase'>;

/**
 * Opens the database of `config` and applies pending migrations.
 * - `databaseUrl` set: a node-postgres pool.
 * - otherwise PGlite under `<dataDir>/db`, after taking the data directory lock (one owner per directory),
 *   or in memory when `inMemoryDatabase` is true (tests).
 * @throws DataDirLockedError when another live process owns the data directory.
 */
export async function createDb(config: DbConfig): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  if (config.inMemoryDatabase) return openPglite(undefined, null);
  const lock = acquireDataDirLock(config.dataDir, config.dataDirLabel);
  try {
    return await openPglite(path.join(config.dataDir, 'db'), lock);
  } catch (err) {
    lock.release();
    throw err;
  }
}

/**
 * Connections to the PGlite thread. More than one lets the next queries wait in the thread while the main thread
 * reads an answer (one connection measured 160-190 us a query under 3,000 at once, two to four 130-160 us); PGlite
 * still runs one at a time, and an open transaction keeps the others' statements out (pglite-thread.mjs).
 */
const PGLITE_CONNECTIONS = 4;

/**
 * PGlite on disk (`dir`) or in memory (`undefined`), in its own thread (pglite-bridge.ts), reached through
 * node-postgres as a PostgreSQL server is.
 */
async function openPglite(dir: string | undefined, lock: DataDirLock | null): Promise<Database> {
  const thread = await startPgliteThread(dir);
  const pool = new pg.Pool({ stream: () => thread.connect(), user: 'postgres', database: 'postgres', max: PGLITE_CONNECTIONS, idleTimeoutMillis: 0, allowExitOnIdle: true });
  pool.on('error', () => {});
  try {
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    let closed = false;
    return {
      db: db as unknown as Db,
      driver: 'pglite',
      async close() {
        if (closed) return;
        closed = true;
        try {
          await pool.end();
          await thread.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    await pool.end().catch(() => {});
    await thread.close().catch(() => {});
    throw err;
  }
}

/**
 * Key of the PostgreSQL advisory lock held while migrating (any fixed 64-bit number; this one spells "quire" in hex).
 * Several API and worker processes start against one database: the lock makes them migrate one after another, so the
 * first applies the new migrations and the others find them applied (drizzle's migrator takes no lock of its own).
 */
const MIGRATION_LOCK_KEY = 0x7175697265;

/** Runs `migrate` while holding the migration lock on a connection of `pool` (PostgreSQL session advisory lock). */
async function migrateAlone(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** A node-postgres pool on `url`, migrated. */
async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client whose backend goes away (a server restart, an administrator's terminate) is reported
  // on the pool; without a listener Node would treat it as an uncaught error and stop the process. The
  // pool drops that client and opens a new one for the next query, so there is nothing else to do here.
  pool.on('error', () => {});
  try {
    const db = drizzlePg(pool, { schema });
    await migrateAlone(pool, () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }));
    let closed = false;
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      async close() {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
}

/** True when `err` (or the driver error it wraps) is a PostgreSQL unique violation (SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
