/**
 * Newsletter routes (issue 13: the address is stored, double opt-in by e-mail, an unsubscribe link; the exit-intent
 * popup's address kept as a lead): the confirmation mail is read from a real SMTP server in the test process.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../src/db/schema/index.ts';
import { buildMailTestApp, type MailTestApp } from '../mail-server.ts';

const PUBLIC_URL = 'https://quire.test';

let t: MailTestApp;
beforeAll(async () => {
  t = await buildMailTestApp({ publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
});

let client = 0;
const post = (url: string, payload: object, remoteAddress = `10.3.0.${++client}`) =>
  t.app.inject({ method: 'POST', url: `/api/newsletter/${url}`, payload, remoteAddress });

const rowOf = async (email: string) => (await t.app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];

/** The `?confirm=` and `?unsubscribe=` tokens of the `n`-th mail to `email`, waiting for it. */
async function linksOf(email: string, n = 0) {
  for (let i = 0; i < 500 && t.smtp.to(email).length <= n; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  const text = t.smtp.to(email)[n]?.text ?? '';
  const confirm = /https:\/\/quire\.test\/newsletter\?confirm=([\w-]+)/.exec(text)?.[1];
  const unsubscribe = /https:\/\/quire\.test\/newsletter\?unsubscribe=([\w-]+)/.exec(text)?.[1];
  if (!confirm || !unsubscribe) throw new Error(`no newsletter links in: ${text}`);
  return { confirm, unsubscribe };
}

describe('newsletter double opt-in', () => {
  it('stores the address as pending, mails a confirmation link, confirms once, and unsubscribes from the mailed link', async () => {
    const res = await post('subscribe', { email: '  Reader@Example.com ', source: 'blog' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toMatch(/check your inbox/);
    expect(await rowOf('reader@example.com')).toMatchObject({ status: 'pending', source: 'blog', confirmedAt: null });

    const mail = await t.smtp.waitFor('reader@example.com');
    expect(mail.subject).toBe('Confirm your Quire newsletter subscription');
    const links = await linksOf('reader@example.com');
    expect(mail.html).toContain(`${PUBLIC_URL}/newsletter?unsubscribe=${links.unsubscribe}`);

    expect((await post('confirm', { token: links.confirm })).statusCode).toBe(200);
    expect(await rowOf('reader@example.com')).toMatchObject({ status: 'confirmed', confirmTokenHash: null });
    // The link works once.
    const again = await post('confirm', { token: links.confirm });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This link is invalid or has expired.');

    // Subscribing a confirmed address answers the same and mails nothing.
    expect((await post('subscribe', { email: 'reader@example.com', source: 'blog-post' })).statusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.smtp.to('reader@example.com')).toHaveLength(1);

    expect((await post('unsubscribe', { token: links.unsubscribe })).statusCode).toBe(200);
    expect(await rowOf('reader@example.com')).toMatchObject({ status: 'unsubscribed' });
    expect((await post('unsubscribe', { token: links.unsubscribe })).statusCode).toBe(200);
  });

  it('refuses an expired confirmation link and changes nothing', async () => {
    await post('subscribe', { email: 'late@example.com', source: 'blog' });
    const { confirm } = await linksOf('late@example.com');
    await t.app.db
      .update(newsletterSubscribers)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSubscribers.email, 'late@example.com'));
    expect((await post('confirm', { token: confirm })).statusCode).toBe(400);
    expect(await rowOf('late@example.com')).toMatchObject({ status: 'pending', confirmedAt: null });
  });

  it('refuses a bad address or an unknown token, storing nothing', async () => {
    const before = (await t.app.db.select().from(newsletterSubscribers)).length;
    const bad = await post('subscribe', { email: 'not-an-address', source: 'blog' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Please enter a valid email address');
    expect((await post('subscribe', { email: 'x@example.com', source: 'spam-bot' })).statusCode).toBe(400);
    expect((await post('unsubscribe', { token: 'a'.repeat(43) })).statusCode).toBe(400);
    expect((await post('confirm', { token: 'short' })).statusCode).toBe(400);
    expect((await t.app.db.select().from(newsletterSubscribers)).length).toBe(before);
  });

  it('mails one address at most three times an hour', async () => {
    for (let i = 0; i < 3; i++) expect((await post('subscribe', { email: 'often@example.com', source: 'blog' })).statusCode).toBe(202);
    expect((await post('subscribe', { email: 'often@example.com', source: 'blog' })).statusCode).toBe(429);
  });
});

describe('exit-intent leads', () => {
  it('keeps the address as a lead without mailing it, and never downgrades a subscriber', async () => {
    const res = await post('leads', { email: 'Lead@Example.com', source: 'exit-intent' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await rowOf('lead@example.com')).toMatchObject({ status: 'lead', source: 'exit-intent' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.smtp.to('lead@example.com')).toHaveLength(0);

    await post('subscribe', { email: 'fan@example.com', source: 'blog' });
    const { confirm } = await linksOf('fan@example.com');
    await post('confirm', { token: confirm });
    expect((await post('leads', { email: 'fan@example.com', source: 'exit-intent' })).statusCode).toBe(201);
    expect(await rowOf('fan@example.com')).toMatchObject({ status: 'confirmed', source: 'blog' });
  });

  it('lets a lead subscribe later through the double opt-in', async () => {
    await post('leads', { email: 'later@example.com', source: 'exit-intent' });
    expect((await post('subscribe', { email: 'later@example.com', source: 'blog-post' })).statusCode).toBe(202);
    expect(await rowOf('later@example.com')).toMatchObject({ status: 'pending', source: 'blog-post' });
    await linksOf('later@example.com');
  });
});
