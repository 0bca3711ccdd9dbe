import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema/index.ts';
import { LOGIN_TRIES_PER_ADDRESS, LOGIN_TRIES_PER_CLIENT, LOGIN_WINDOW_MS, REGISTRATIONS_PER_CLIENT_PER_HOUR } from '../../src/routes/auth.ts';
import { bearer, buildTestApp, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers });

describe('auth', () => {
  it(`runs on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'PGlite'}`, async () => {
    expect(t.driver).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    const { sql } = await import('drizzle-orm');
    const result = (await t.app.db.execute(sql`select version() as v`)) as unknown as { rows: { v: string }[] };
    expect(result.rows[0]?.v).toMatch(/PostgreSQL/);
  });

  it('registers (201, token and user without the password hash), then answers the user for the token', async () => {
    const res = await post('/api/auth/register', { email: 'Ada@Example.com', password: 'secret123', firstName: 'Ada', lastName: 'Lovelace' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toEqual({
      id: expect.any(String),
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
      createdAt: expect.any(String),
    });
    expect(res.body).not.toContain('password');

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.user);
  });

  it('stores only the SHA-256 of the token and an argon2id hash of the password', async () => {
    const res = await post('/api/auth/register', { email: 'hash@example.com', password: 'secret123' });
    const { token } = res.json();
    const { sessions, users } = await import('../../src/db/schema/index.ts');
    const rows = await t.app.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    const { createHash } = await import('node:crypto');
    expect(rows.some((r) => r.tokenHash === createHash('sha256').update(token).digest('hex'))).toBe(true);
    const [user] = (await t.app.db.select().from(users)).filter((u) => u.email === 'hash@example.com');
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    // OWASP Password Storage Cheat Sheet, argon2id minimum: 19 MiB of memory, 2 iterations, 1 degree of parallelism.
    const params = /\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(user?.passwordHash ?? '');
    expect(Number(params?.[1])).toBeGreaterThanOrEqual(19 * 1024);
    expect(Number(params?.[2])).toBeGreaterThanOrEqual(2);
    expect(Number(params?.[3])).toBeGreaterThanOrEqual(1);
    expect(user?.freeExportsUsed).toBe(0);
    expect(user?.freeExportsLimit).toBe(1);
  });

  it('refuses a duplicate email in any case with 409', async () => {
    await post('/api/auth/register', { email: 'dup@example.com', password: 'secret123' });
    const res = await post('/api/auth/register', { email: 'DUP@example.com', password: 'other-secret' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An account with this email already exists' });
  });

  it.each([
    [{ email: 'not-an-email', password: 'secret123' }, 'Please enter a valid email address'],
    [{ email: 'short@example.com', password: '12345' }, 'Password must be at least 6 characters'],
    [{ password: 'secret123' }, 'Please enter a valid email address'],
    [{ email: 'nopass@example.com' }, 'Password must be at least 6 characters'],
  ])('validates registration %j with the spec message', async (payload, message) => {
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('logs in with the right password in any email case, and refuses wrong ones alike', async () => {
    await post('/api/auth/register', { email: 'login@example.com', password: 'secret123' });
    const ok = await post('/api/auth/login', { email: 'LOGIN@example.com', password: 'secret123' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe('login@example.com');

    const wrong = await post('/api/auth/login', { email: 'login@example.com', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password' });

    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'secret123' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'Invalid email or password' });

    const invalid = await post('/api/auth/login', { email: 'login@example.com', password: '123' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: 'Password must be at least 6 characters' });
  });

  it('answers 401 Unauthorized without a token, with a bad token, and with a malformed header', async () => {
    for (const headers of [{}, bearer('not-a-real-token'), { authorization: 'Basic abc' }, { authorization: 'Bearer' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('logout deletes the session: the token stops working', async () => {
    const { token } = (await post('/api/auth/register', { email: 'bye@example.com', password: 'secret123' })).json();
    const out = await post('/api/auth/logout', undefined, bearer(token));
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    // Logging out again (or without a token) is harmless.
    expect((await post('/api/auth/logout', undefined, bearer(token))).statusCode).toBe(200);
    expect((await post('/api/auth/logout')).statusCode).toBe(200);
  });

  it('refuses an expired session', async () => {
    const { token, user } = (await post('/api/auth/register', { email: 'old@example.com', password: 'secret123' })).json();
    const { sessions } = await import('../../src/db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await t.app.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

describe('rate limits of login and register (issue 14): 429 with Retry-After, and nothing done', () => {
  /** Behind a reverse proxy (QUIRE_TRUST_PROXY): every request comes from the proxy, the client is X-Forwarded-For's. */
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await buildTestApp({ trustProxy: 1 });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  const PROXY = '10.0.0.1';
  let clients = 0;
  /** A client address not used before in this suite. */
  const nextClient = () => `203.0.113.${++clients}`;
  const from = (client: string, url: string, payload: object) =>
    proxied.app.inject({ method: 'POST', url, remoteAddress: PROXY, headers: { 'x-forwarded-for': client }, payload });
  const login = (client: string, email: string, password: string) => from(client, '/api/auth/login', { email, password });
  const register = (client: string, email: string) => from(client, '/api/auth/register', { email, password: 'secret123' });

  const LOGIN_LIMITED = /^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/;
  const REGISTER_LIMITED = /^Too many accounts were created from this network\. Please try again in \d+ minutes?\.$/;

  /** A 429 in the app's error body, with a sentence for people and `Retry-After` in whole seconds, within the window. */
  function expectLimited(res: LightMyRequestResponse, message: RegExp) {
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toEqual({ message: expect.stringMatching(message) });
    expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    const windowSeconds = message === LOGIN_LIMITED ? LOGIN_WINDOW_MS / 1000 : 60 * 60;
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(windowSeconds);
  }

  /** Sessions of the account of `email` (0 without an account). */
  async function sessionCount(app: TestApp, email: string): Promise<number> {
    return (await app.app.db.select({ tokenHash: sessions.tokenHash }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(users.email, email))).length;
  }

  it(`login: past ${LOGIN_TRIES_PER_ADDRESS} tries for one address, from any clients, 429 even with the right password, and no session`, async () => {
    const email = 'guessed@example.com';
    expect((await register(nextClient(), email)).statusCode).toBe(201);
    for (let i = 0; i < LOGIN_TRIES_PER_ADDRESS; i++) {
      // A guess spread over many clients; right passwords count too; the address in any case is the same address.
      const right = i % 3 === 0;
      const res = await login(nextClient(), i % 2 ? email.toUpperCase() : email, right ? 'secret123' : `wrong-guess-${i}`);
      expect(res.statusCode).toBe(right ? 200 : 401);
    }
    const before = await sessionCount(proxied, email);
    const refused = await login(nextClient(), email, 'secret123');
    expectLimited(refused, LOGIN_LIMITED);
    expect(await sessionCount(proxied, email)).toBe(before);

    // Another address is not affected.
    const other = 'not-guessed@example.com';
    expect((await register(nextClient(), other)).statusCode).toBe(201);
    expect((await login(nextClient(), other, 'secret123')).statusCode).toBe(200);
  });

  it('login: an address without an account is refused past the limit with the very same answer (no account enumeration)', async () => {
    const known = 'flooded-known@example.com';
    const unknown = 'flooded-unknown@example.com';
    expect((await register(nextClient(), known)).statusCode).toBe(201);
    const refusals: LightMyRequestResponse[] = [];
    for (const email of [known, unknown]) {
      for (let i = 0; i < LOGIN_TRIES_PER_ADDRESS; i++) expect((await login(nextClient(), email, 'wrong-guess')).statusCode).toBe(401);
      refusals.push(await login(nextClient(), email, 'wrong-guess'));
    }
    for (const res of refusals) expectLimited(res, LOGIN_LIMITED);
    // Equal but for the seconds left, which depend on when each flood began.
    const shape = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.body.replace(/\d+/g, 'N'), headers: Object.keys(res.headers).sort() });
    expect(shape(refusals[0]!)).toEqual(shape(refusals[1]!));
    expect(await sessionCount(proxied, known)).toBe(1);
  });

  it(`login: past ${LOGIN_TRIES_PER_CLIENT} tries from one client, whatever the addresses, 429 and no session; another client is not affected`, async () => {
    const email = 'stuffing-victim@example.com';
    expect((await register(nextClient(), email)).statusCode).toBe(201);
    const stuffer = nextClient();
    for (let i = 0; i < LOGIN_TRIES_PER_CLIENT; i++) {
      expect((await login(stuffer, `stuffed-${i}@example.com`, 'password1')).statusCode).toBe(401);
    }
    const before = await sessionCount(proxied, email);
    expectLimited(await login(stuffer, email, 'secret123'), LOGIN_LIMITED);
    expect(await sessionCount(proxied, email)).toBe(before);
    // Another client behind the same proxy signs in.
    expect((await login(nextClient(), email, 'secret123')).statusCode).toBe(200);
    expect(await sessionCount(proxied, email)).toBe(before + 1);
  });

  it(`register: past ${REGISTRATIONS_PER_CLIENT_PER_HOUR} sign-ups from one client in an hour, 429 and no user; another client is not affected`, async () => {
    const client = nextClient();
    for (let i = 0; i < REGISTRATIONS_PER_CLIENT_PER_HOUR - 1; i++) {
      expect((await register(client, `signup-${i}@example.com`)).statusCode).toBe(201);
    }
    // A taken address counts too: probing which addresses have accounts is bounded alike.
    expect((await register(client, 'signup-0@example.com')).statusCode).toBe(409);
    const refused = await register(client, 'signup-refused@example.com');
    expectLimited(refused, REGISTER_LIMITED);
    expect(await proxied.app.db.select().from(users).where(eq(users.email, 'signup-refused@example.com'))).toEqual([]);

    const other = await register(nextClient(), 'signup-refused@example.com');
    expect(other.statusCode, other.body).toBe(201);
  });

  it('behind the proxy a client that forges the start of the X-Forwarded-For chain is still itself: the limit holds', async () => {
    // The proxy appends the address it saw; what the client wrote before it (a new address each time) is not believed.
    const client = nextClient();
    const forged = (i: number) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': `198.51.100.${i}, ${client}` },
        payload: { email: `chain-${i}@example.com`, password: 'secret123' },
      });
    for (let i = 0; i < REGISTRATIONS_PER_CLIENT_PER_HOUR; i++) expect((await forged(i)).statusCode).toBe(201);
    expectLimited(await forged(REGISTRATIONS_PER_CLIENT_PER_HOUR), REGISTER_LIMITED);
    expect(await proxied.app.db.select().from(users).where(eq(users.email, `chain-${REGISTRATIONS_PER_CLIENT_PER_HOUR}@example.com`))).toEqual([]);
  });

  it("trusting the proxy's address (QUIRE_TRUST_PROXY=10.0.0.1): a forged chain through it and a direct client's X-Forwarded-For are not believed", async () => {
    const byAddress = await buildTestApp({ trustProxy: ['10.0.0.1'] });
    try {
      const signUp = (remoteAddress: string, xff: string, i: number) =>
        byAddress.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress,
          headers: { 'x-forwarded-for': xff },
          payload: { email: `${remoteAddress}-${i}@example.com`, password: 'secret123' },
        });
      for (let i = 0; i < REGISTRATIONS_PER_CLIENT_PER_HOUR; i++) expect((await signUp(PROXY, `198.51.100.${i}, 203.0.113.200`, i)).statusCode).toBe(201);
      expectLimited(await signUp(PROXY, '198.51.100.99, 203.0.113.200', 99), REGISTER_LIMITED);
      // A client that reaches the server without the proxy cannot pass for another one either.
      for (let i = 0; i < REGISTRATIONS_PER_CLIENT_PER_HOUR; i++) expect((await signUp('192.0.2.9', `198.51.100.${i}`, i)).statusCode).toBe(201);
      expectLimited(await signUp('192.0.2.9', '198.51.100.98', 98), REGISTER_LIMITED);
      // Another client behind the proxy signs up.
      expect((await signUp(PROXY, '203.0.113.201', 1000)).statusCode).toBe(201);
    } finally {
      await byAddress.close();
    }
  });

  it('without QUIRE_TRUST_PROXY a forged X-Forwarded-For is no new client: the limit holds', async () => {
    const client = '192.0.2.77';
    const signUp = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: client,
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email: `forged-${i}@example.com`, password: 'secret123' },
      });
    for (let i = 0; i < REGISTRATIONS_PER_CLIENT_PER_HOUR; i++) expect((await signUp(i)).statusCode).toBe(201);
    expectLimited(await signUp(REGISTRATIONS_PER_CLIENT_PER_HOUR), REGISTER_LIMITED);
  });
});

describe('a refusal (429) is sent after the configured delay, so that a flooding connection waits', () => {
  let delayed: TestApp;
  beforeAll(async () => {
    delayed = await buildTestApp({ trustProxy: 1, refusalDelayMs: 400 });
  });
  afterAll(async () => {
    await delayed?.close();
  });

  it('holds every 429 of a flood for the delay, with its body and Retry-After whole', async () => {
    const login = (i: number) =>
      delayed.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.200' },
        payload: { email: `flood-${i}@example.com`, password: 'wrong-guess' },
      });
    for (let i = 0; i < LOGIN_TRIES_PER_CLIENT; i++) expect((await login(i)).statusCode).toBe(401);
    const timed = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const started = performance.now();
        const res = await login(LOGIN_TRIES_PER_CLIENT + i);
        return { res, ms: performance.now() - started };
      }),
    );
    for (const { res, ms } of timed) {
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many sign-in attempts/);
      expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      // A timer may fire a millisecond early; the delay is what was asked, not a bound on speed.
      expect(ms).toBeGreaterThanOrEqual(395);
    }
  });
});
