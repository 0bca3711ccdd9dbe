/**
 * Rate limits counted in the database (issue 14, "stateless API processes"): one atomic check per request, shared by
 * every process on the database, keys stored as SHA-256 only, ended windows started again and swept. Runs on PGlite
 * and, with TEST_DATABASE_URL, on PostgreSQL, where two apps on one database (two API processes) count together.
 */
import { createHash, createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitWindows, serverSecrets } from '../../src/db/schema/index.ts';
import { AppError } from '../../src/errors.ts';
import { createRateLimiter, enforceRateLimit, hashRateLimitKey, RATE_LIMIT_SECRET } from '../../src/services/rate-limiter.ts';
import { serverSecret } from '../../src/services/server-secret.ts';
import { buildTestApp, createTestDatabase, TEST_DATABASE_URL, type TestApp, type TestDatabase } from '../helpers.ts';

const MINUTE_MS = 60_000;
const driver = TEST_DATABASE_URL ? 'postgres' : 'pglite';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

let limiters = 0;
/** A limiter name not used before in this file (names are unique per database). */
const nextName = () => `test-limiter-${++limiters}`;
/** The hash a limiter of the test app's database stores for `key`. */
const keyHash = async (key: string) => hashRateLimitKey(await serverSecret(t.app.db, RATE_LIMIT_SECRET), key);

/** The rows of limiter `name`. */
const rowsOf = (app: TestApp, name: string) => app.app.db.select().from(rateLimitWindows).where(eq(rateLimitWindows.limiter, name));

describe(`rate limiter in the database (${driver})`, () => {
  it('allows `limit` hits per key and window, then refuses with the seconds left; other keys and limiters count apart', async () => {
    const clock = Date.UTC(2030, 0, 1, 12, 0, 0);
    const limiter = createRateLimiter(t.app.db, nextName(), { limit: 3, windowMs: 15 * MINUTE_MS, now: () => clock });
    const other = createRateLimiter(t.app.db, nextName(), { limit: 3, windowMs: 15 * MINUTE_MS, now: () => clock });
    for (let i = 1; i <= 3; i++) expect(await limiter.hit('203.0.113.7')).toEqual({ allowed: true, retryAfterSeconds: 15 * 60, hits: i });
    expect(await limiter.hit('203.0.113.7')).toEqual({ allowed: false, retryAfterSeconds: 15 * 60, hits: 4 });
    expect(await limiter.hit('203.0.113.8')).toMatchObject({ allowed: true, hits: 1 });
    expect(await other.hit('203.0.113.7')).toMatchObject({ allowed: true, hits: 1 });
  });

  it('a window that has passed starts again; until then Retry-After counts down in whole seconds (at least 1)', async () => {
    let clock = Date.UTC(2030, 0, 1, 12, 0, 0);
    const limiter = createRateLimiter(t.app.db, nextName(), { limit: 2, windowMs: MINUTE_MS, now: () => clock });
    await limiter.hit('reader@example.com');
    clock += 20_000;
    await limiter.hit('reader@example.com');
    clock += 10_500;
    // Refused hits count too and do not move the window: it still ends 60 s after its first hit.
    expect(await limiter.hit('reader@example.com')).toEqual({ allowed: false, retryAfterSeconds: 30, hits: 3 });
    clock += 29_400;
    expect(await limiter.hit('reader@example.com')).toEqual({ allowed: false, retryAfterSeconds: 1, hits: 4 });
    clock += 100; // exactly the window's end: a new window
    expect(await limiter.hit('reader@example.com')).toEqual({ allowed: true, retryAfterSeconds: 60, hits: 1 });
    const [row] = await rowsOf(t, limiter.name);
    expect(row?.windowStartedAt.getTime()).toBe(clock);
    expect(row?.windowEndsAt.getTime()).toBe(clock + MINUTE_MS);
  });

  it('a refused key is refused again without a database write until its window ends, then checked in the database again', async () => {
    let clock = Date.UTC(2030, 0, 1, 12, 0, 0);
    const limiter = createRateLimiter(t.app.db, nextName(), { limit: 2, windowMs: MINUTE_MS, now: () => clock });
    for (let i = 0; i < 3; i++) await limiter.hit('flood@example.com');
    const written = async () => (await rowsOf(t, limiter.name))[0]?.hits;
    expect(await written()).toBe(3);
    for (let i = 0; i < 50; i++) expect((await limiter.hit('flood@example.com')).allowed).toBe(false);
    clock += 45_000;
    expect(await limiter.hit('flood@example.com')).toEqual({ allowed: false, retryAfterSeconds: 15, hits: 54 });
    expect(await written()).toBe(3);
    // Another key is still counted in the database.
    expect(await limiter.hit('calm@example.com')).toMatchObject({ allowed: true, hits: 1 });
    clock += 15_000;
    expect(await limiter.hit('flood@example.com')).toEqual({ allowed: true, retryAfterSeconds: 60, hits: 1 });
    expect(await written()).toBe(1);
  });

  it('concurrent checks at the limit let exactly `limit` through', async () => {
    const limit = 7;
    const limiter = createRateLimiter(t.app.db, nextName(), { limit, windowMs: 15 * MINUTE_MS });
    const results = await Promise.all(Array.from({ length: limit + 5 }, () => limiter.hit('198.51.100.1')));
    expect(results.filter((r) => r.allowed)).toHaveLength(limit);
    // Every check saw its own count: none was lost or counted twice.
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: limit + 5 }, (_, i) => i + 1));
    for (const r of results) expect(r.retryAfterSeconds).toBeGreaterThanOrEqual(15 * 60 - 60);
  });

  it('stores the HMAC of the key under the database’s own secret, never the key (an e-mail address) nor its plain hash', async () => {
    const email = 'private.person@example.com';
    const limiter = createRateLimiter(t.app.db, nextName(), { limit: 5, windowMs: MINUTE_MS });
    await limiter.hit(email);
    const rows = await rowsOf(t, limiter.name);
    expect(rows).toHaveLength(1);
    const [secret] = await t.app.db.select().from(serverSecrets).where(eq(serverSecrets.name, RATE_LIMIT_SECRET));
    expect(secret!.value).toHaveLength(32);
    expect(rows[0]!.keyHash).toBe(createHmac('sha256', secret!.value).update(email).digest('hex'));
    expect(rows[0]!.keyHash).not.toBe(createHash('sha256').update(email).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain('private.person');
    // Every process on the database keys alike: the secret is made once and read back.
    expect(await serverSecret(t.app.db, RATE_LIMIT_SECRET)).toEqual(Buffer.from(secret!.value));
  });

  it('deletes the ended windows of its limiter, at most once a window, and leaves live ones and other limiters alone', async () => {
    let clock = Date.UTC(2030, 0, 1, 12, 0, 0);
    const limiter = createRateLimiter(t.app.db, nextName(), { limit: 5, windowMs: MINUTE_MS, now: () => clock });
    const other = createRateLimiter(t.app.db, nextName(), { limit: 5, windowMs: MINUTE_MS, now: () => clock });
    await other.hit('old');
    await limiter.hit('old-1');
    await limiter.hit('old-2');
    clock += 30_000;
    await limiter.hit('live');
    clock += 30_000; // old-1 and old-2 have ended; 'live' runs 30 s more
    await limiter.hit('new');
    expect((await rowsOf(t, limiter.name)).map((r) => r.keyHash).sort()).toEqual([await keyHash('live'), await keyHash('new')].sort());
    expect(await rowsOf(t, other.name)).toHaveLength(1);
  });

  it('enforceRateLimit: 429 RATE_LIMITED with Retry-After in whole seconds and the given message, past the limit', async () => {
    const clock = Date.UTC(2030, 0, 1, 12, 0, 0);
    const limiter = createRateLimiter(t.app.db, nextName(), { limit: 1, windowMs: 90_500, now: () => clock });
    const headers: Record<string, string> = {};
    const reply = { header: (name: string, value: string) => ((headers[name] = value), reply) } as unknown as FastifyReply;
    await enforceRateLimit(limiter, 'k', reply, (s) => `wait ${s}`);
    expect(headers).toEqual({});
    const refused = await enforceRateLimit(limiter, 'k', reply, (s) => `wait ${s}`).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', message: 'wait 91' });
    expect(headers).toEqual({ 'retry-after': '91' });
  });

  it('refuses a second limiter of the same name on one database', () => {
    const name = nextName();
    createRateLimiter(t.app.db, name, { limit: 1, windowMs: MINUTE_MS });
    expect(() => createRateLimiter(t.app.db, name, { limit: 1, windowMs: MINUTE_MS })).toThrow(`A rate limiter named ${name} already exists`);
  });
});

// One process owns an embedded PGlite database: several API processes need PostgreSQL.
describe.skipIf(!TEST_DATABASE_URL)('two API processes on one PostgreSQL database', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase(TEST_DATABASE_URL!);
    // One after the other: the first migrates the database, the second finds it migrated.
    first = await buildTestApp({ databaseUrl: database.url, trustProxy: 1 });
    second = await buildTestApp({ databaseUrl: database.url, trustProxy: 1 });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  it('count together: the limit holds across both, also for checks at the same time', async () => {
    const name = nextName();
    const a = createRateLimiter(first.app.db, name, { limit: 6, windowMs: 15 * MINUTE_MS });
    const b = createRateLimiter(second.app.db, name, { limit: 6, windowMs: 15 * MINUTE_MS });
    for (let i = 0; i < 3; i++) {
      expect(await a.hit('203.0.113.50')).toMatchObject({ allowed: true, hits: 2 * i + 1 });
      expect(await b.hit('203.0.113.50')).toMatchObject({ allowed: true, hits: 2 * i + 2 });
    }
    expect(await a.hit('203.0.113.50')).toMatchObject({ allowed: false, hits: 7 });
    expect(await b.hit('203.0.113.50')).toMatchObject({ allowed: false, hits: 8 });

    const results = await Promise.all(Array.from({ length: 11 }, (_, i) => (i % 2 ? a : b).hit('203.0.113.51')));
    expect(results.filter((r) => r.allowed)).toHaveLength(6);
  });

  it("a route's limit (forgot password, 5 per address an hour) counts requests to either process, and survives a restart", async () => {
    const email = 'shared-limit@example.com';
    const forgot = (app: TestApp, i: number) =>
      app.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${100 + i}` },
        payload: { email },
      });
    for (let i = 0; i < 4; i++) expect((await forgot(i % 2 ? first : second, i)).statusCode).toBe(200);

    // A process restarts: the count is in the database, not in the process.
    await first.close();
    first = await buildTestApp({ databaseUrl: database.url, trustProxy: 1 });
    expect((await forgot(first, 4)).statusCode).toBe(200);
    const refused = await forgot(second, 5);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    expect((await forgot(first, 6)).statusCode).toBe(429);
  });
});
