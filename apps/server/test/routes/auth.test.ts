import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
