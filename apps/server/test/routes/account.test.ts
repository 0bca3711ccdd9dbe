/**
 * Accounts and e-mail (issue 12; accounts spec sections 2, 5, 8 and 9): forgot / reset password with the mail
 * received by a real SMTP server in the test process, rate limits, sign out everywhere, profile, password change
 * and account deletion with the account's files.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_LINK_VALID_MINUTES } from '@quire/contracts';
import { bookAssets, books, customTemplates, exportsTable, passwordResetTokens, sessions, users, userStyleGuides } from '../../src/db/schema/index.ts';
import { hashToken } from '../../src/services/auth-service.ts';
import { bearer, buildTestApp, fixtureFile, multipartFile } from '../helpers.ts';
import { docxWithImages, solidPng } from '../image-files.ts';
import { buildMailTestApp, resetTokenOf, type MailTestApp } from '../mail-server.ts';

const PUBLIC_URL = 'https://quire.test';
const FORGOT_MESSAGE = 'If an account exists for that address, we have sent a link to reset its password.';

let t: MailTestApp;
beforeAll(async () => {
  t = await buildMailTestApp({ publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
});

// Each test asks from its own client address, so the per-client limit of one test does not reach another.
let clientCounter = 0;
const nextClient = () => `10.0.0.${++clientCounter}`;

type Method = 'POST' | 'PATCH' | 'DELETE' | 'GET';
const call = (method: Method, url: string, payload?: object, token?: string, remoteAddress = '10.9.9.9') =>
  t.app.inject({ method, url, remoteAddress, ...(payload ? { payload } : {}), headers: token ? bearer(token) : {} });

const login = (email: string, password: string) => call('POST', '/api/auth/login', { email, password });

let signUps = 0;
/**
 * Registers a user from a client address of its own: this suite signs up more users than the register limit lets one
 * client (REGISTRATIONS_PER_CLIENT_PER_HOUR), and the helpers' registerUser always comes from 127.0.0.1.
 */
async function signUp(): Promise<{ token: string; userId: string; email: string }> {
  const email = `account${++signUps}-${randomBytes(3).toString('hex')}@example.com`;
  const res = await call('POST', '/api/auth/register', { email, password: 'secret123' }, undefined, nextClient());
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id, email };
}
const whoAmI = (token: string) => call('GET', '/api/auth/user', undefined, token);

/** Asks for a reset link for `email` and answers the token of the mail received. */
async function requestResetToken(email: string, client = nextClient()): Promise<string> {
  const before = t.smtp.to(email).length;
  const res = await call('POST', '/api/auth/forgot-password', { email }, undefined, client);
  expect(res.statusCode, res.body).toBe(200);
  for (let i = 0; i < 500 && t.smtp.to(email).length === before; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  const mail = t.smtp.to(email)[before];
  if (!mail) throw new Error(`no reset mail to ${email}`);
  return resetTokenOf(mail.text ?? '');
}

const reset = (token: string, password: string) =>
  call('POST', '/api/auth/reset-password', { token, password }, undefined, nextClient());

describe('forgot and reset password', () => {
  it('mails a reset link built from PUBLIC_URL, which sets a new password once and ends every session', async () => {
    const { email, token: session } = await signUp();
    const other = (await login(email, 'secret123')).json().token as string;
    const res = await call('POST', '/api/auth/forgot-password', { email: `  ${email.toUpperCase()} ` }, undefined, nextClient());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FORGOT_MESSAGE });

    const mail = await t.smtp.waitFor(email);
    expect(mail.subject).toBe('Reset your Quire password');
    expect(mail.from?.value[0]?.address).toBe('no-reply@quire.test');
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}\\b`));
    const token = resetTokenOf(mail.text ?? '');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/reset-password?token=${token}"`);

    // Only the hash is stored, valid for an hour.
    const [row] = await t.app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    expect(row?.usedAt).toBeNull();
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(Math.abs(minutes - RESET_LINK_VALID_MINUTES)).toBeLessThan(1);
    expect((await t.app.db.select().from(passwordResetTokens)).some((r) => r.tokenHash === token)).toBe(false);

    const ok = await reset(token, 'a-new-password');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password reset successful' });

    expect((await whoAmI(session)).statusCode).toBe(401);
    expect((await whoAmI(other)).statusCode).toBe(401);
    expect((await login(email, 'secret123')).statusCode).toBe(401);
    expect((await login(email, 'a-new-password')).statusCode).toBe(200);

    // Single use.
    const again = await reset(token, 'yet-another-one');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'Invalid or expired reset link' });
    expect((await login(email, 'a-new-password')).statusCode).toBe(200);
  });

  it('answers an unknown address the same way and sends it nothing', async () => {
    const unknown = `nobody-${Date.now()}@example.com`;
    const res = await call('POST', '/api/auth/forgot-password', { email: unknown }, undefined, nextClient());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FORGOT_MESSAGE });
    // A known address asked afterwards gets its mail; by then anything for the unknown one would have arrived too.
    const { email } = await signUp();
    await requestResetToken(email);
    expect(t.smtp.to(unknown)).toEqual([]);
  });

  it.each([
    [{ email: '' }, 'Please enter your email address'],
    [{ email: '   ' }, 'Please enter your email address'],
    [{}, 'Please enter your email address'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
  ])('refuses %j with 400 and the contract message', async (payload, message) => {
    const res = await call('POST', '/api/auth/forgot-password', payload, undefined, nextClient());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('refuses an expired link and a wrong token with 400, changing nothing', async () => {
    const { email, token: session } = await signUp();
    const token = await requestResetToken(email);
    await t.app.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    for (const bad of [token, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'x']) {
      const res = await reset(bad, 'changed-password');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid or expired reset link' });
    }
    expect((await whoAmI(session)).statusCode).toBe(200);
    expect((await login(email, 'secret123')).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    expect(row?.usedAt).toBeNull();
  });

  it('validates the new password with the contract messages', async () => {
    const short = await reset('some-token', '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'Password must be at least 6 characters long' });
    const empty = await reset('some-token', '');
    expect(empty.json()).toEqual({ message: 'Please enter a new password' });
  });

  it('a used link also voids the other links of the user', async () => {
    const { email } = await signUp();
    const first = await requestResetToken(email);
    const second = await requestResetToken(email);
    expect((await reset(second, 'second-password')).statusCode).toBe(200);
    expect((await reset(first, 'first-password')).statusCode).toBe(400);
    expect((await login(email, 'second-password')).statusCode).toBe(200);
  });

  it('limits requests per address (5 an hour) with 429', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 5; i++) {
      expect((await call('POST', '/api/auth/forgot-password', { email }, undefined, nextClient())).statusCode).toBe(200);
    }
    const res = await call('POST', '/api/auth/forgot-password', { email: email.toUpperCase() }, undefined, nextClient());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Too many requests. Please try again later.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits requests per client (20 an hour) with 429', async () => {
    const client = nextClient();
    for (let i = 0; i < 20; i++) {
      const res = await call('POST', '/api/auth/forgot-password', { email: `flood-${i}@example.com` }, undefined, client);
      expect(res.statusCode).toBe(200);
    }
    const res = await call('POST', '/api/auth/forgot-password', { email: 'flood-last@example.com' }, undefined, client);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Too many requests. Please try again later.' });
    // Another client is not affected.
    expect((await call('POST', '/api/auth/forgot-password', { email: 'flood-last@example.com' }, undefined, nextClient())).statusCode).toBe(200);
    // Reset attempts have their own limit per client.
    for (let i = 0; i < 20; i++) {
      expect((await call('POST', '/api/auth/reset-password', { token: `guess-${i}`, password: 'secret123' }, undefined, client)).statusCode).toBe(400);
    }
    expect((await call('POST', '/api/auth/reset-password', { token: 'guess', password: 'secret123' }, undefined, client)).statusCode).toBe(429);
  });

  it('behind a reverse proxy (QUIRE_TRUST_PROXY), counts each forwarded client apart, not the proxy as one', async () => {
    const proxied = await buildTestApp({ trustProxy: 1 });
    try {
      const send = (client: string, i: number) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': client },
          payload: { email: `proxied-${client}-${i}@example.com` },
        });
      for (let i = 0; i < 20; i++) expect((await send('203.0.113.7', i)).statusCode).toBe(200);
      expect((await send('203.0.113.7', 20)).statusCode).toBe(429);
      expect((await send('198.51.100.4', 0)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the user, and only theirs', async () => {
    const { email, token } = await signUp();
    const other = (await login(email, 'secret123')).json().token as string;
    const stranger = await signUp();
    expect((await call('POST', '/api/auth/logout-all')).statusCode).toBe(401);
    const res = await call('POST', '/api/auth/logout-all', undefined, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect((await whoAmI(token)).statusCode).toBe(401);
    expect((await whoAmI(other)).statusCode).toBe(401);
    expect((await whoAmI(stranger.token)).statusCode).toBe(200);
  });
});

describe('profile', () => {
  it('sets and clears the names, answering the user', async () => {
    const { token, email } = await signUp();
    expect((await call('PATCH', '/api/user/profile', { firstName: 'Ada', lastName: 'L' })).statusCode).toBe(401);
    const res = await call('PATCH', '/api/user/profile', { firstName: '  Ada ', lastName: 'Lovelace' }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
      createdAt: expect.any(String),
    });
    expect((await whoAmI(token)).json().firstName).toBe('Ada');
    const cleared = await call('PATCH', '/api/user/profile', { firstName: '', lastName: '' }, token);
    expect(cleared.json()).toMatchObject({ firstName: null, lastName: null });
    const long = await call('PATCH', '/api/user/profile', { firstName: 'x'.repeat(101), lastName: '' }, token);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'First name must be at most 100 characters' });
  });
});

describe('change password', () => {
  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const { token, email } = await signUp();
    const res = await call('POST', '/api/user/change-password', { currentPassword: 'wrong-one', newPassword: 'new-password' }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Current password is incorrect' });
    expect((await login(email, 'secret123')).statusCode).toBe(200);
    expect((await whoAmI(token)).statusCode).toBe(200);
  });

  it('sets the new password, ends the other sessions and keeps this one', async () => {
    const { token, email } = await signUp();
    const other = (await login(email, 'secret123')).json().token as string;
    const res = await call('POST', '/api/user/change-password', { currentPassword: 'secret123', newPassword: 'new-password' }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect((await whoAmI(token)).statusCode).toBe(200);
    expect((await whoAmI(other)).statusCode).toBe(401);
    expect((await login(email, 'secret123')).statusCode).toBe(401);
    expect((await login(email, 'new-password')).statusCode).toBe(200);
  });
});

describe('delete account', () => {
  /** Imports a DOCX with one picture (a stored image file), cleans, formats and exports it (a stored export file). */
  async function bookWithFiles(token: string): Promise<string> {
    const docx = docxWithImages([{ heading: 'Chapter One' }, { text: 'A plain paragraph of text.' }, { png: solidPng(4, 4, [200, 0, 0]), alt: 'Red' }]);
    const { payload, headers } = multipartFile('file', 'story.docx', docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const imported = await t.app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(token) } });
    expect(imported.statusCode, imported.body).toBe(201);
    const bookId = imported.json().id as string;
    expect((await call('POST', `/api/books/${bookId}/clean`, undefined, token)).statusCode).toBe(200);
    const formatted = await call('POST', `/api/books/${bookId}/format`, { genre: 'literature', metadata: { description: 'A short book for the account tests.', language: 'en' } }, token);
    expect(formatted.statusCode, formatted.body).toBe(200);
    expect((await call('POST', `/api/books/${bookId}/export/epub`, undefined, token)).statusCode).toBe(200);
    return bookId;
  }

  /** The absolute paths of the stored files of a book (images and exports). */
  async function filesOf(bookId: string): Promise<string[]> {
    const root = path.join(t.config.dataDir, 'files');
    const assets = await t.app.db.select().from(bookAssets).where(eq(bookAssets.bookId, bookId));
    const exported = await t.app.db.select().from(exportsTable).where(eq(exportsTable.bookId, bookId));
    return [...assets.map((a) => a.storageKey), ...exported.map((e) => e.filePath)].map((key) => path.join(root, ...key.split('/')));
  }

  it('refuses a wrong password with 400 and removes nothing', async () => {
    const { token, email, userId } = await signUp();
    const bookId = await bookWithFiles(token);
    const files = await filesOf(bookId);
    const res = await call('DELETE', '/api/user', { password: 'not-my-password' }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Password is incorrect' });
    expect(await t.app.db.select().from(users).where(eq(users.id, userId))).toHaveLength(1);
    expect(await t.app.db.select().from(books).where(eq(books.id, bookId))).toHaveLength(1);
    expect(files.every((f) => existsSync(f))).toBe(true);
    expect((await login(email, 'secret123')).statusCode).toBe(200);
  });

  it('deletes the user, their rows and their files, and leaves another user untouched', async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const bookId = await bookWithFiles(owner.token);
    const strangerBook = await bookWithFiles(stranger.token);
    const files = await filesOf(bookId);
    const strangerFiles = await filesOf(strangerBook);
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(files.every((f) => existsSync(f))).toBe(true);
    const settings = (await call('GET', '/api/templates', undefined, owner.token)).json()[0].settings;
    expect((await call('POST', '/api/templates', { name: 'Mine', settings }, owner.token)).statusCode).toBe(201);
    await requestResetToken(owner.email);
    const guide = multipartFile('file', 'guide.docx', fixtureFile('style-guides/thesis-guide-northfield.docx'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/style-guides', payload: guide.payload, headers: { ...guide.headers, ...bearer(owner.token) } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [guideRow] = await t.app.db.select().from(userStyleGuides).where(eq(userStyleGuides.userId, owner.userId));
    const guideFile = path.join(t.config.dataDir, 'files', ...guideRow!.filePath.split('/'));
    expect(existsSync(guideFile)).toBe(true);

    expect((await call('DELETE', '/api/user', { password: 'secret123' })).statusCode).toBe(401);
    const res = await call('DELETE', '/api/user', { password: 'secret123' }, owner.token);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');

    expect(await t.app.db.select().from(users).where(eq(users.id, owner.userId))).toHaveLength(0);
    expect(await t.app.db.select().from(books).where(eq(books.userId, owner.userId))).toHaveLength(0);
    expect(await t.app.db.select().from(bookAssets).where(eq(bookAssets.bookId, bookId))).toHaveLength(0);
    expect(await t.app.db.select().from(exportsTable).where(eq(exportsTable.bookId, bookId))).toHaveLength(0);
    expect(await t.app.db.select().from(customTemplates).where(eq(customTemplates.userId, owner.userId))).toHaveLength(0);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, owner.userId))).toHaveLength(0);
    expect(await t.app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, owner.userId))).toHaveLength(0);
    expect(await t.app.db.select().from(userStyleGuides).where(eq(userStyleGuides.userId, owner.userId))).toHaveLength(0);
    expect(files.some((f) => existsSync(f))).toBe(false);
    expect(existsSync(guideFile)).toBe(false);
    expect(existsSync(path.join(t.config.dataDir, 'files', 'books', bookId))).toBe(false);
    expect((await whoAmI(owner.token)).statusCode).toBe(401);
    expect((await login(owner.email, 'secret123')).statusCode).toBe(401);

    expect(await t.app.db.select().from(books).where(eq(books.id, strangerBook))).toHaveLength(1);
    expect(strangerFiles.every((f) => existsSync(f))).toBe(true);
    expect((await whoAmI(stranger.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/books/${strangerBook}`, undefined, stranger.token)).statusCode).toBe(200);
  });
});
