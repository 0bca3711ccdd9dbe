/**
 * The logs (issue 14, Proof: "structured logs with a request id on every line and no secrets (passwords, tokens,
 * keys) anywhere in them"): the app logs at `info` into a stream the test reads while a user registers, signs in,
 * fails to sign in, asks for a reset link, opens it and sets a new password. Every line of a request is JSON with its
 * request id, which the answer returns; no password, session token or reset token appears in any line.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from '../src/logging.ts';
import { users } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

const lines: string[] = [];
const stream = new PassThrough();
let pending = '';
stream.on('data', (chunk: Buffer) => {
  pending += chunk.toString('utf8');
  const parts = pending.split('\n');
  pending = parts.pop() ?? '';
  lines.push(...parts.filter((line) => line.length > 0));
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ logLevel: 'info' }, { logStream: stream });
});
afterAll(async () => {
  await t?.close();
});

/** The reset token in the newest mail of the outbox (the app writes mails there without SMTP), once it is written. */
async function resetTokenFromOutbox(): Promise<string> {
  const outbox = path.join(t.config.dataDir, 'outbox');
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    // Only finished mails: one is written under a `.partial` name and then renamed, so it may vanish between the listing
    // and the read.
    for (const file of files.filter((name) => name.endsWith('.eml'))) {
      // Quoted-printable may break the link across lines with a soft break (`=` at the end of a line).
      const mail = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
      const token = /reset-password\?token=3D([A-Za-z0-9_-]{43})/.exec(mail)?.[1] ?? /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no reset mail in the outbox');
}

describe('logs', () => {
  it('carry a request id on every line of a request and no password or token, through sign-up, sign-in and a reset', async () => {
    const password = 'correct horse battery staple';
    const newPassword = 'tr0ub4dor & 3 more words';
    const email = 'logs@example.com';
    const registered = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password } });
    expect(registered.statusCode).toBe(201);
    const sessionToken = registered.json<{ token: string }>().token;
    const me = await t.app.inject({ method: 'GET', url: '/api/user/preferences', headers: { authorization: `Bearer ${sessionToken}` } });
    expect(me.statusCode).toBe(200);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: `${password}!` } });
    expect(wrong.statusCode).toBe(401);
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(forgot.statusCode).toBe(200);
    const resetToken = await resetTokenFromOutbox();
    // The link of the mail, as a browser opens it, and the form's request.
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, password: newPassword } });
    expect(reset.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: newPassword } });
    expect(again.statusCode).toBe(200);
    const newSession = again.json<{ token: string }>().token;
    // The stream hands on what pino wrote on a later turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));

    const parsed = lines.map((line) => JSON.parse(line) as { reqId?: string; req?: { url?: string }; msg?: string });
    const ofRequests = parsed.filter((line) => line.req !== undefined || line.msg === 'request completed');
    // One line (completed, naming the request) for each of the seven requests.
    expect(ofRequests.length, parsed.map((line) => `${line.msg} ${line.req?.url ?? ''}`).join('\n')).toBe(7);
    for (const line of ofRequests) expect(line, JSON.stringify(line)).toMatchObject({ msg: 'request completed', req: { method: expect.any(String) }, res: { statusCode: expect.any(Number) } });
    for (const line of ofRequests) expect(line.reqId, JSON.stringify(line)).toMatch(/^[0-9a-f-]{36}$/);
    // The id a client was answered with is the one its lines carry.
    expect(parsed.filter((line) => line.reqId === registered.headers['x-request-id']).length).toBeGreaterThanOrEqual(1);
    // The reset link's URL is logged without its token.
    expect(ofRequests.map((line) => line.req?.url)).toContain(`/reset-password?token=${REDACTED}`);

    const everything = lines.join('\n');
    for (const secret of [password, newPassword, sessionToken, newSession, resetToken]) expect(everything).not.toContain(secret);
  });

  it('takes a sane X-Request-Id from the client (a proxy’s) and replaces any other', async () => {
    const given = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'edge-7f3a.42' } });
    expect(given.headers['x-request-id']).toBe('edge-7f3a.42');
    expect(lines.some((line) => line.includes('"reqId":"edge-7f3a.42"'))).toBe(true);
    const forged = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'x" "admin":true' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a failed query in the logs', () => {
  it("names the statement and the database's error code, never the values it was given", async () => {
    // A real failed query on the app's database: a second account with a taken address (a unique violation, whose
    // driver error quotes the value in its detail) and a password hash.
    const email = 'taken-in-logs@example.com';
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
    await t.app.db.insert(users).values({ email, passwordHash: hash });
    const err = await t.app.db
      .insert(users)
      .values({ email, passwordHash: hash })
      .then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    const before = lines.length;
    t.app.log.error({ err }, 'a query failed');
    await new Promise((resolve) => setImmediate(resolve));
    const logged = lines.slice(before).join('\n');
    expect(logged).toContain('a query failed');
    expect(logged).toContain('Failed query: insert into \\"users\\"');
    expect(logged).toContain('23505');
    expect(logged).not.toContain(email);
    expect(logged).not.toContain('argon2id');
  });
});

describe('redactUrl', () => {
  it('replaces the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/newsletter?confirm=abc&utm_source=mail')).toBe(`/newsletter?confirm=${REDACTED}&utm_source=mail`);
    expect(redactUrl('/newsletter?unsubscribe=abc')).toBe(`/newsletter?unsubscribe=${REDACTED}`);
    expect(redactUrl('/api/x?api_key=k&page=2&Token=t')).toBe(`/api/x?api_key=${REDACTED}&page=2&Token=${REDACTED}`);
    expect(redactUrl('/blog?q=typst')).toBe('/blog?q=typst');
    expect(redactUrl('/about')).toBe('/about');
  });
});
