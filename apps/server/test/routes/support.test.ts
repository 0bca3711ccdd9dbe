/**
 * Support routes (issue 13, /contact; workspace spec sections 3, 5 and 8): the team's address comes from the
 * server's SUPPORT_EMAIL; a message of the support form is stored in `support_messages` and mailed to that address
 * (read back from a real SMTP server in the test process); bad input stores nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupportContactSchema, SupportMessageCreatedSchema } from '@quire/contracts';
import { supportMessages } from '../../src/db/schema/index.ts';
import { bearer, buildTestApp, registerUser } from '../helpers.ts';
import { buildMailTestApp, type MailTestApp } from '../mail-server.ts';

const TEAM = 'help@press.example';

let t: MailTestApp;
beforeAll(async () => {
  t = await buildMailTestApp({ supportEmail: TEAM });
});
afterAll(async () => {
  await t?.close();
});

let client = 0;
const send = (payload: object, headers: Record<string, string> = {}, remoteAddress = `10.1.0.${++client}`) =>
  t.app.inject({ method: 'POST', url: '/api/support/messages', payload, headers, remoteAddress });

const good = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'academic',
  priority: 'urgent',
  message: 'My APA thesis loses its running head after the abstract. <b>Help</b>?',
};

describe('GET /api/support/contact', () => {
  it('answers the configured SUPPORT_EMAIL to a visitor who is not signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/support/contact' });
    expect(res.statusCode).toBe(200);
    expect(SupportContactSchema.parse(res.json())).toEqual({ email: TEAM });
  });

  it('answers the embedded default address when none is set', async () => {
    const plain = await buildTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/support/contact' })).json()).toEqual({ email: 'support@localhost' });
    } finally {
      await plain.close();
    }
  });
});

describe('POST /api/support/messages', () => {
  it('stores a visitor’s message and mails it to the team, with Reply-To the sender and the priority in the subject', async () => {
    const res = await send(good);
    expect(res.statusCode, res.body).toBe(201);
    const { id, message } = SupportMessageCreatedSchema.parse(res.json());
    expect(message).toBe("Message sent successfully! We'll get back to you within 24 hours.");

    const mail = await t.smtp.waitFor(TEAM);
    expect(mail.subject).toBe('[URGENT] Academic formatting: message from Ada Lovelace');
    expect(mail.replyTo?.value[0]?.address).toBe('ada@example.com');
    expect(mail.text).toContain('My APA thesis loses its running head after the abstract. <b>Help</b>?');
    expect(mail.text).toContain(`Message id: ${id}`);
    // The sender's words are text in the HTML part, never markup.
    expect(mail.html).toContain('&#60;b&#62;Help&#60;/b&#62;?');

    const [row] = await t.app.db.select().from(supportMessages).where(eq(supportMessages.id, id));
    expect(row).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', subject: 'academic', priority: 'urgent', userId: null });
    for (let i = 0; i < 100 && !(await t.app.db.select().from(supportMessages).where(eq(supportMessages.id, id)))[0]?.mailedAt; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await t.app.db.select().from(supportMessages).where(eq(supportMessages.id, id)))[0]?.mailedAt).toBeInstanceOf(Date);
  });

  it('attaches a signed-in sender’s account, and defaults the priority to normal', async () => {
    const { token, userId } = await registerUser(t.app);
    const { priority: _priority, ...withoutPriority } = good;
    const res = await send({ ...withoutPriority, subject: 'billing' }, bearer(token));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.app.db.select().from(supportMessages).where(eq(supportMessages.id, res.json().id as string));
    expect(row).toMatchObject({ userId, priority: 'normal', subject: 'billing' });
  });

  it.each([
    [{ ...good, name: 'A' }, 'Name must be at least 2 characters'],
    [{ ...good, email: 'ada@' }, 'Please enter a valid email address'],
    [{ ...good, subject: 'gossip' }, 'Please select a subject category'],
    [{ ...good, subject: undefined }, 'Please select a subject category'],
    [{ ...good, message: '  too short ' }, 'Message must be at least 10 characters'],
  ])('refuses %j with the spec’s message and stores nothing', async (payload, expected) => {
    const before = (await t.app.db.select().from(supportMessages)).length;
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(expected);
    expect((await t.app.db.select().from(supportMessages)).length).toBe(before);
  });

  it('lets one client send ten messages an hour, then answers 429 with Retry-After', async () => {
    const address = '10.2.0.1';
    for (let i = 0; i < 10; i++) expect((await send(good, {}, address)).statusCode).toBe(201);
    const refused = await send(good, {}, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
