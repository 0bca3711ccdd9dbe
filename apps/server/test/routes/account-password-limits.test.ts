/**
 * Password tries from a signed-in session are limited as sign-in's are (issue 32, point 6: "change-password and
 * account deletion accept unlimited password tries from a signed-in session"): past the tries per user, or per client
 * address, change-password and DELETE /api/user answer 429 with `Retry-After` and a sentence, even with the right
 * password, and change nothing. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, sessions, users } from '../../src/db/schema/index.ts';
import { ACCOUNT_PASSWORD_TRIES_PER_CLIENT, ACCOUNT_PASSWORD_TRIES_PER_USER, ACCOUNT_PASSWORD_WINDOW_MS } from '../../src/routes/user.ts';
import { bearer, buildTestApp, multipartFile, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const LIMITED = /^Too many password attempts\. Please try again in \d+ minutes?\.$/;

// Each user signs up, signs in and tries from an address of its own unless a test says otherwise.
let clients = 0;
const nextClient = () => `192.0.2.${++clients}`;

type Method = 'POST' | 'DELETE';
const call = (method: Method, url: string, payload: object, token: string | undefined, remoteAddress: string) =>
  t.app.inject({ method, url, remoteAddress, payload, headers: token ? bearer(token) : {} });

const changePassword = (token: string, currentPassword: string, client: string) =>
  call('POST', '/api/user/change-password', { currentPassword, newPassword: 'a-new-password' }, token, client);
const deleteAccount = (token: string, password: string, client: string) => call('DELETE', '/api/user', { password }, token, client);
const login = (email: string, password: string) => call('POST', '/api/auth/login', { email, password }, undefined, nextClient());

/** A new user with one book, signed in from a new client; answers its session, id, e-mail and book. */
async function signUp(): Promise<{ token: string; userId: string; email: string; bookId: string; client: string }> {
  const email = `tries-${randomBytes(4).toString('hex')}@example.com`;
  const client = nextClient();
  const res = await call('POST', '/api/auth/register', { email, password: 'secret123' }, undefined, client);
  expect(res.statusCode, res.body).toBe(201);
  const { token, user } = res.json() as { token: string; user: { id: string } };
  const { payload, headers } = multipartFile('file', 'story.txt', 'A Story\n\nby Someone\n\nIt was a quiet morning in the village.');
  const imported = await t.app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(token) } });
  expect(imported.statusCode, imported.body).toBe(201);
  return { token, userId: user.id, email, bookId: (imported.json() as { id: string }).id, client };
}

/** A 429 in the app's error body, with `Retry-After` in whole seconds within the window. */
function expectLimited(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ message: expect.stringMatching(LIMITED) });
  expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(ACCOUNT_PASSWORD_WINDOW_MS / 1000);
}

/** The user's row (or undefined once deleted) and how many books and sessions they have. */
async function stateOf(userId: string) {
  const [user] = await t.app.db.select().from(users).where(eq(users.id, userId));
  const bookCount = (await t.app.db.select({ id: books.id }).from(books).where(eq(books.userId, userId))).length;
  const sessionCount = (await t.app.db.select({ h: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, userId))).length;
  return { passwordHash: user?.passwordHash, bookCount, sessionCount };
}

describe(`password tries from a session (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(`change-password: past ${ACCOUNT_PASSWORD_TRIES_PER_USER} tries of one user, 429 even with the right password, and the password stays`, async () => {
    const u = await signUp();
    for (let i = 0; i < ACCOUNT_PASSWORD_TRIES_PER_USER; i++) {
      // Spread over clients: the limit is the account's, wherever the tries come from.
      const res = await changePassword(u.token, `wrong-guess-${i}`, nextClient());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: 'Current password is incorrect' });
    }
    const before = await stateOf(u.userId);
    expectLimited(await changePassword(u.token, 'secret123', nextClient()));
    expect(await stateOf(u.userId)).toEqual(before);
    expect((await login(u.email, 'secret123')).statusCode).toBe(200);
    expect((await login(u.email, 'a-new-password')).statusCode).toBe(401);

    // Another user is not affected.
    const other = await signUp();
    expect((await changePassword(other.token, 'secret123', other.client)).statusCode).toBe(200);
  });

  it(`delete account: past ${ACCOUNT_PASSWORD_TRIES_PER_USER} tries, 429 even with the right password, and nothing is removed`, async () => {
    const u = await signUp();
    for (let i = 0; i < ACCOUNT_PASSWORD_TRIES_PER_USER; i++) {
      const res = await deleteAccount(u.token, `wrong-guess-${i}`, u.client);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: 'Password is incorrect' });
    }
    const before = await stateOf(u.userId);
    expect(before.bookCount).toBe(1);
    expectLimited(await deleteAccount(u.token, 'secret123', u.client));
    expect(await stateOf(u.userId)).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: `/api/books/${u.bookId}`, headers: bearer(u.token) })).statusCode).toBe(200);
  });

  it('the two routes share one budget: tries on change-password count against deletion', async () => {
    const u = await signUp();
    for (let i = 0; i < ACCOUNT_PASSWORD_TRIES_PER_USER; i++) expect((await changePassword(u.token, `wrong-${i}`, u.client)).statusCode).toBe(400);
    const before = await stateOf(u.userId);
    expectLimited(await deleteAccount(u.token, 'secret123', u.client));
    expect(await stateOf(u.userId)).toEqual(before);
  });

  it(`past ${ACCOUNT_PASSWORD_TRIES_PER_CLIENT} tries from one client address, whatever the users, 429; another client is not affected`, async () => {
    const client = nextClient();
    const triers = await Promise.all(Array.from({ length: Math.ceil(ACCOUNT_PASSWORD_TRIES_PER_CLIENT / ACCOUNT_PASSWORD_TRIES_PER_USER) }, () => signUp()));
    let tries = 0;
    for (const u of triers) {
      for (let i = 0; i < ACCOUNT_PASSWORD_TRIES_PER_USER && tries < ACCOUNT_PASSWORD_TRIES_PER_CLIENT; i++, tries++) {
        expect((await changePassword(u.token, `wrong-${i}`, client)).statusCode).toBe(400);
      }
    }
    const fresh = await signUp();
    const before = await stateOf(fresh.userId);
    expectLimited(await deleteAccount(fresh.token, 'secret123', client));
    expectLimited(await changePassword(fresh.token, 'secret123', client));
    expect(await stateOf(fresh.userId)).toEqual(before);
    // The same user from another address still has its own tries.
    expect((await changePassword(fresh.token, 'secret123', nextClient())).statusCode).toBe(200);
  });
});
