/**
 * Several processes start against one PostgreSQL database (API processes and workers on several machines, issue 14):
 * each migrates at start, and they must not trip over one another. Four opens at once on a fresh database all
 * succeed and leave every migration applied once.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../../src/db/client.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../helpers.ts';

const opened: Database[] = [];
let database: TestDatabase | undefined;
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
  await database?.drop();
});

describe.runIf(TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
  it('run once when four processes open a fresh database at the same time', async () => {
    database = await createTestDatabase(TEST_DATABASE_URL!);
    const config = { databaseUrl: database.url, inMemoryDatabase: false, dataDir: '', dataDirLabel: '' };
    const results = await Promise.allSettled([createDb(config), createDb(config), createDb(config), createDb(config)]);
    for (const result of results) if (result.status === 'fulfilled') opened.push(result.value);
    expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'opened'))).toEqual(['opened', 'opened', 'opened', 'opened']);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ hash: string; n: string }>('select hash, count(*) as n from drizzle.__drizzle_migrations group by hash');
      expect(rows.length).toBeGreaterThanOrEqual(15);
      expect(rows.every((row) => row.n === '1')).toBe(true);
    } finally {
      await client.end();
    }
  });
});
