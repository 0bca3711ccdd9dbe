import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPgliteThread, type PgliteThread } from '../../src/db/pglite-bridge.ts';

/** A node-postgres client on its own connection to the thread. */
async function clientOf(thread: PgliteThread): Promise<pg.Client> {
  const client = new pg.Client({ stream: () => thread.connect(), user: 'postgres', database: 'postgres' });
  await client.connect();
  return client;
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function openThread(dataDir?: string): Promise<PgliteThread> {
  const thread = await startPgliteThread(dataDir);
  cleanup.push(() => thread.close());
  return thread;
}

describe('the embedded database in its own thread', () => {
  // One database for the tests that need no start or stop of their own (each its own table): a start costs seconds.
  let shared: PgliteThread;
  beforeAll(async () => {
    shared = await startPgliteThread(undefined);
  });
  afterAll(async () => {
    await shared?.close();
  });

  it('answers queries and errors as PostgreSQL does, the connection staying usable after an error', async () => {
    const client = await clientOf(shared);
    await client.query('create table t1 (id int primary key, name text)');
    await client.query('insert into t1 values ($1, $2)', [1, 'Anna']);
    const error = await client.query('insert into t1 values ($1, $2)', [1, 'Pierre']).catch((err: unknown) => err);
    expect((error as { code?: string }).code).toBe('23505');
    const { rows } = await client.query<{ name: string }>('select name from t1 where id = $1', [1]);
    expect(rows).toEqual([{ name: 'Anna' }]);
    await client.end();
  });

  it('keeps another connection out of an open transaction until it ends', async () => {
    const a = await clientOf(shared);
    const b = await clientOf(shared);
    await a.query('create table t2 (n int)');
    await a.query('begin');
    await a.query('insert into t2 values (1)');
    // B's statement must neither run inside A's transaction nor see its row: it waits for the commit.
    let bDone = false;
    const bCount = b.query<{ n: number }>('select count(*)::int as n from t2').then((r) => {
      bDone = true;
      return r.rows[0]!.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bDone).toBe(false);
    await a.query('insert into t2 values (2)');
    await a.query('rollback');
    expect(await bCount).toBe(0);
    await a.end();
    await b.end();
  });

  it('rolls back the transaction of a connection that goes away', async () => {
    const a = await clientOf(shared);
    await a.query('create table t3 (n int)');
    await a.query('begin');
    await a.query('insert into t3 values (1)');
    await a.end();
    const b = await clientOf(shared);
    const { rows } = await b.query<{ n: number; open: boolean }>('select count(*)::int as n from t3');
    expect(rows[0]!.n).toBe(0);
    await b.query('insert into t3 values (2)'); // not inside a transaction left open: visible to a new connection
    const c = await clientOf(shared);
    expect((await c.query<{ n: number }>('select count(*)::int as n from t3')).rows[0]!.n).toBe(1);
    await b.end();
    await c.end();
  });

  it('gives each connection its own prepared statements, dropped when it ends', async () => {
    const a = await clientOf(shared);
    const b = await clientOf(shared);
    await a.query('create table t4 (id int, name text)');
    await a.query("insert into t4 values (1, 'Anna'), (2, 'Pierre')");
    const byId = (id: number) => ({ name: 'name_by_id', text: 'select name from t4 where id = $1', values: [id] });
    // The same statement name on two live connections, as two API requests on a pool's connections prepare it.
    const [fromA, fromB] = await Promise.all([a.query(byId(1)), b.query(byId(2))]);
    expect(fromA.rows).toEqual([{ name: 'Anna' }]);
    expect(fromB.rows).toEqual([{ name: 'Pierre' }]);
    expect((await a.query(byId(2))).rows).toEqual([{ name: 'Pierre' }]);
    const before = await b.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(before.rows[0]!.n).toBe(2);
    await a.end();
    // A new connection (a pool replacing one) prepares the name again; the ended one's statement is gone.
    const c = await clientOf(shared);
    expect((await c.query(byId(1))).rows).toEqual([{ name: 'Anna' }]);
    const after = await c.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(after.rows[0]!.n).toBe(2);
    await b.end();
    await c.end();
  });

  it('runs a long query while the event loop stays free', async () => {
    const client = await clientOf(shared);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const started = performance.now();
    await client.query('select count(*) from generate_series(1, 3000000)');
    const queryMs = performance.now() - started;
    delay.disable();
    // On the main thread this query would hold the event loop for its whole run.
    expect(queryMs).toBeGreaterThan(100);
    expect(delay.max / 1e6).toBeLessThan(queryMs / 2);
    await client.end();
  });

  it('keeps what was written on disk across a close and a new start', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'quire-pglite-thread-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const first = await startPgliteThread(dir);
    const a = await clientOf(first);
    await a.query('create table t (name text)');
    await a.query("insert into t values ('Natasha')");
    await a.end();
    await first.close();
    const second = await openThread(dir);
    const b = await clientOf(second);
    expect((await b.query<{ name: string }>('select name from t')).rows).toEqual([{ name: 'Natasha' }]);
    await b.end();
  });

  it('fails the queries of a thread that stopped instead of leaving them waiting', async () => {
    const thread = await startPgliteThread(undefined);
    const client = await clientOf(thread);
    client.on('error', () => {});
    await thread.close();
    await expect(client.query('select 1')).rejects.toThrow();
  });
});
