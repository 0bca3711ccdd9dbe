/**
 * Admin analytics (issue 12; accounts spec sections 2, 3, 9 and 10): the password gate, the admin session, the
 * dashboard's figures from the database, and first-party page views.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_MINUTES, AdminAnalyticsSchema, type AdminAnalytics } from '@quire/contracts';
import { adminSessions, exportsTable, pageViews, payments, userSubscriptions } from '../../src/db/schema/index.ts';
import { ADMIN_DISABLED_MESSAGE, ADMIN_PASSWORD_TRIES } from '../../src/routes/admin.ts';
import { PAGE_VIEWS_PER_MINUTE } from '../../src/routes/events.ts';
import { boundTokenHash } from '../../src/services/admin/admin-session-service.ts';
import { hashToken } from '../../src/services/auth-service.ts';
import { bearer, buildTestApp, multipartFile, registerUser, SAMPLE_BOOK, type TestApp } from '../helpers.ts';

const PASSWORD = 'correct horse battery staple';
const DAY_MS = 86_400_000;

let disabled: TestApp;
let t: TestApp;

beforeAll(async () => {
  [disabled, t] = await Promise.all([buildTestApp(), buildTestApp({ adminPassword: PASSWORD })]);
}, 120_000);

afterAll(async () => {
  await Promise.all([disabled?.close(), t?.close()]);
});

/** Each test tries passwords from its own client address, so the per-client limit of one does not reach another. */
function verify(app: TestApp, password: string, remoteAddress = '192.0.2.1') {
  return app.app.inject({ method: 'POST', url: '/api/admin/verify-password', payload: { password }, remoteAddress });
}

/** The address {@link adminToken}'s sessions are opened from: an admin session answers its own client only. */
const ADMIN_CLIENT = '192.0.2.200';

function analytics(app: TestApp, token?: string, remoteAddress = ADMIN_CLIENT, headers: Record<string, string> = {}) {
  return app.app.inject({ method: 'GET', url: '/api/admin/analytics', headers: token ? { 'x-admin-token': token, ...headers } : headers, remoteAddress });
}

function pageView(path: string, headers: Record<string, string> = {}, remoteAddress = '192.0.2.50') {
  return t.app.inject({ method: 'POST', url: '/api/events/page-view', payload: { path }, headers, remoteAddress });
}

/** A fresh admin token (from its own client address, outside the rate-limit tests' ones). */
async function adminToken(): Promise<string> {
  const res = await verify(t, PASSWORD, ADMIN_CLIENT);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
}

describe('admin disabled (no ADMIN_PASSWORD)', () => {
  it('answers 503 saying how to enable it, on every admin route', async () => {
    for (const res of [
      await verify(disabled, 'anything'),
      await analytics(disabled, 'anything'),
      await disabled.app.inject({ method: 'POST', url: '/api/admin/logout' }),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: ADMIN_DISABLED_MESSAGE });
    }
    expect(ADMIN_DISABLED_MESSAGE).toBe('Admin is not enabled on this server: set ADMIN_PASSWORD to enable it.');
  });
});

describe('POST /api/admin/verify-password', () => {
  it('refuses a wrong password with the same answer whatever its length or how much of it was right', async () => {
    const answers = [];
    for (const wrong of ['x', PASSWORD.slice(0, -1), `${PASSWORD} `, PASSWORD.toUpperCase(), 'y'.repeat(500)]) {
      const res = await verify(t, wrong, '192.0.2.10');
      answers.push({ status: res.statusCode, body: res.json() as unknown });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify({ status: 401, body: { message: 'Invalid password' } })]));
  });

  it('refuses an empty password as invalid input (400)', async () => {
    const res = await verify(t, '', '192.0.2.11');
    expect(res.statusCode).toBe(400);
  });

  it('rate-limits tries per client: 429 after the limit, even for the right password; other clients unaffected', async () => {
    for (let i = 0; i < ADMIN_PASSWORD_TRIES; i++) expect((await verify(t, 'wrong', '192.0.2.12')).statusCode).toBe(401);
    const limited = await verify(t, PASSWORD, '192.0.2.12');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many requests. Please try again later.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await verify(t, PASSWORD, '192.0.2.13')).statusCode).toBe(200);
  });

  it('grants a session for the right password: a 256-bit token, only its hash stored, valid ADMIN_SESSION_MINUTES', async () => {
    const before = Date.now();
    const res = await verify(t, PASSWORD, '192.0.2.14');
    expect(res.statusCode).toBe(200);
    const { token, expiresAt } = res.json() as { token: string; expiresAt: string };
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const minutes = (Date.parse(expiresAt) - before) / 60_000;
    expect(minutes).toBeGreaterThanOrEqual(ADMIN_SESSION_MINUTES - 0.1);
    expect(minutes).toBeLessThanOrEqual(ADMIN_SESSION_MINUTES + 0.1);
    const rows = await t.app.db.select().from(adminSessions);
    expect(rows.some((r) => r.tokenHash === boundTokenHash(token, { ip: '192.0.2.14', userAgent: 'lightMyRequest' }))).toBe(true);
    expect(rows.some((r) => r.tokenHash === token || r.tokenHash === hashToken(token))).toBe(false);
  });
});

describe('admin session', () => {
  it('GET /api/admin/analytics without a token, with an unknown one or an expired one: 401', async () => {
    const token = await adminToken();
    await t.app.db
      .update(adminSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminSessions.tokenHash, boundTokenHash(token, { ip: ADMIN_CLIENT, userAgent: 'lightMyRequest' })));
    for (const res of [await analytics(t), await analytics(t, 'not-a-token'), await analytics(t, token)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Admin session expired or missing' });
    }
  });

  it('answers only the client that opened it: a token sent from another address or browser is no session', async () => {
    const token = await adminToken();
    expect((await analytics(t, token)).statusCode).toBe(200);
    for (const res of [await analytics(t, token, '198.51.100.23'), await analytics(t, token, ADMIN_CLIENT, { 'user-agent': 'curl/8.5.0' })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Admin session expired or missing' });
    }
    // Another client's logout with the token does not end it either.
    await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { 'x-admin-token': token }, remoteAddress: '198.51.100.23' });
    expect((await analytics(t, token)).statusCode).toBe(200);
  });

  it('logout ends the session', async () => {
    const token = await adminToken();
    expect((await analytics(t, token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { 'x-admin-token': token }, remoteAddress: ADMIN_CLIENT });
    expect(out.statusCode).toBe(204);
    expect((await analytics(t, token)).statusCode).toBe(401);
  });
});

describe('GET /api/admin/analytics figures', () => {
  let body: AdminAnalytics;
  let free: Awaited<ReturnType<typeof registerUser>>;
  let subscriber: Awaited<ReturnType<typeof registerUser>>;
  let lapsed: Awaited<ReturnType<typeof registerUser>>;
  let bookId: string;

  beforeAll(async () => {
    free = await registerUser(t.app);
    lapsed = await registerUser(t.app);
    subscriber = await registerUser(t.app);
    const { payload, headers } = multipartFile('file', 'sample.txt', SAMPLE_BOOK);
    const imported = await t.app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(free.token) } });
    expect(imported.statusCode, imported.body).toBe(201);
    bookId = (imported.json() as { id: string }).id;

    // Rows the payments slice will write from the provider's webhooks, inserted directly here.
    await t.app.db.insert(userSubscriptions).values([
      { userId: subscriber.userId, plan: 'premium', status: 'active', booksUsed: 3, booksLimit: null },
      { userId: lapsed.userId, plan: 'standard', status: 'canceled', booksUsed: 1, booksLimit: 5 },
    ]);
    await t.app.db.insert(payments).values([
      { userId: free.userId, stripePaymentIntentId: 'pi_today', bookId, amount: 1999, status: 'succeeded', type: 'document' },
      { userId: free.userId, stripePaymentIntentId: 'pi_failed', amount: 5000, status: 'requires_payment_method', type: 'document' },
      // Before the charts' 30 days: in the total, not in the daily series.
      {
        userId: subscriber.userId,
        stripePaymentIntentId: 'pi_old',
        amount: 1000,
        status: 'succeeded',
        type: 'subscription',
        createdAt: new Date(Date.now() - 40 * DAY_MS),
      },
    ]);
    await t.app.db.insert(exportsTable).values({ bookId, format: 'pdf', filePath: 'exports/x.pdf', byteSize: 1 });

    for (const path of ['/', '/pricing', '/']) expect((await pageView(path)).statusCode).toBe(204);
    expect((await pageView('/', bearer(subscriber.token))).statusCode).toBe(204);
    await t.app.db.insert(pageViews).values({ path: '/long-ago', createdAt: new Date(Date.now() - 31 * DAY_MS) });

    const res = await analytics(t, await adminToken());
    expect(res.statusCode, res.body).toBe(200);
    body = AdminAnalyticsSchema.parse(res.json());
  }, 60_000);

  it('totals, live subscriptions per plan, one-time purchases and revenue in USD', () => {
    expect(body.totalUsers).toBe(3);
    expect(body.totalBooks).toBe(1);
    expect(body.activeSubscriptions).toBe(1);
    expect(body.totalRevenue).toBe(29.99);
    expect(body.subscriptionStats).toEqual({ standard: 0, premium: 1, publisher: 0, payPerDocument: 1 });
  });

  it('recent users, newest first, with their subscription status and plan (or free) for the badges', () => {
    expect(body.recentUsers.map((u) => [u.email, u.status, u.plan, u.booksUsed])).toEqual([
      [subscriber.email, 'active', 'premium', 3],
      [lapsed.email, 'canceled', 'standard', 1],
      [free.email, 'free', 'free', 0],
    ]);
    expect(Object.keys(body.recentUsers[0] ?? {}).sort()).toEqual(
      ['booksUsed', 'createdAt', 'email', 'firstName', 'id', 'lastName', 'plan', 'status'].sort(),
    );
  });

  it("recent books with their status and owner's email", () => {
    expect(body.recentBooks).toHaveLength(1);
    expect(body.recentBooks[0]).toMatchObject({ id: bookId, title: 'A Small Sample', author: 'Jane Example', status: 'imported', userEmail: free.email });
  });

  it("the last 30 UTC days, oldest first, with today's sign-ups, imports, exports, revenue and page views", () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(body.daily).toHaveLength(30);
    expect(body.daily.at(-1)).toEqual({ date: today, signUps: 3, imports: 1, exports: 1, revenue: 19.99, pageViews: 4 });
    expect(body.daily[0]?.date).toBe(new Date(Date.now() - 29 * DAY_MS).toISOString().slice(0, 10));
    const dates = body.daily.map((d) => d.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(30);
    const total = (key: 'signUps' | 'revenue' | 'pageViews') => body.daily.reduce((sum, d) => sum + d[key], 0);
    expect([total('signUps'), total('revenue'), total('pageViews')]).toEqual([3, 19.99, 4]);
  });

  it('the most viewed paths of those days', () => {
    expect(body.topPages).toEqual([
      { path: '/', views: 3 },
      { path: '/pricing', views: 1 },
    ]);
  });
});

describe('POST /api/events/page-view', () => {
  async function viewsOf(path: string) {
    return t.app.db.select().from(pageViews).where(eq(pageViews.path, path));
  }

  it('refuses a path with a query string or a fragment (400), storing nothing', async () => {
    for (const path of ['/reset-password?token=secret', '/about#team', 'about', '/a b']) {
      const res = await pageView(path);
      expect(res.statusCode, path).toBe(400);
    }
    const [row] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(pageViews).where(sql`${pageViews.path} like '/reset-password%'`);
    expect(row?.n).toBe(0);
  });

  it("stores the signed-in user's id, and null for a visitor or an invalid token; nothing else", async () => {
    const user = await registerUser(t.app);
    expect((await pageView('/who-signed-in', bearer(user.token))).statusCode).toBe(204);
    expect((await pageView('/who-anonymous')).statusCode).toBe(204);
    expect((await pageView('/who-bad-token', bearer('nonsense'))).statusCode).toBe(204);
    expect((await viewsOf('/who-signed-in')).map((r) => r.userId)).toEqual([user.userId]);
    expect((await viewsOf('/who-anonymous')).map((r) => r.userId)).toEqual([null]);
    expect((await viewsOf('/who-bad-token')).map((r) => r.userId)).toEqual([null]);
    expect(Object.keys((await viewsOf('/who-anonymous'))[0] ?? {}).sort()).toEqual(['createdAt', 'id', 'path', 'userId']);
  });

  it('rate-limits each client: 429 past the limit, without storing', async () => {
    for (let i = 0; i < PAGE_VIEWS_PER_MINUTE; i++) expect((await pageView('/flood', {}, '192.0.2.99')).statusCode).toBe(204);
    const res = await pageView('/flood', {}, '192.0.2.99');
    expect(res.statusCode).toBe(429);
    expect((await viewsOf('/flood')).length).toBe(PAGE_VIEWS_PER_MINUTE);
    expect((await pageView('/flood', {}, '192.0.2.98')).statusCode).toBe(204);
  });
});
