/**
 * POST /api/stripe/webhook (issue 12): signed deliveries only, each event once, delivery order irrelevant; and a
 * server without Stripe, which says that payments are not configured and limits nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, stripeEvents, userSubscriptions } from '../../src/db/schema/index.ts';
import { bearer, buildTestApp, registerUser, type TestApp } from '../helpers.ts';
import { buildBillingApp, confirmPayment, exportBook, formatBook, importText, longText, type BillingApp } from './billing-app.ts';

let t: BillingApp;
beforeAll(async () => {
  t = await buildBillingApp();
});
afterAll(async () => {
  await t?.close();
});

/** A user with a book and a created (unconfirmed) $5.99 payment intent for it. */
async function pendingDocumentPayment() {
  const { token, userId } = await registerUser(t.app);
  const { id } = await importText(t.app, token, longText(40, 400));
  const res = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(token), payload: { type: 'document', bookId: id } });
  const { clientSecret } = res.json() as { clientSecret: string };
  const intent = [...t.stripe.paymentIntents.values()].find((pi) => pi.client_secret === clientSecret)!;
  return { token, userId, bookId: id, intent, clientSecret };
}

describe('stripe webhook', () => {
  it('refuses a delivery without a valid signature, and changes nothing', async () => {
    const { intent, token, bookId } = await pendingDocumentPayment();
    const event = t.stripe.buildEvent('payment_intent.succeeded', { ...intent, status: 'succeeded', amount_received: intent.amount });
    const payload = JSON.stringify(event);
    const wrongSecret = await t.stripe.deliver(event, { payload, header: t.stripe.sign(payload, { secret: 'whsec_someone_else' }) });
    expect(wrongSecret.status).toBe(400);
    expect(JSON.parse(wrongSecret.body)).toEqual({ message: 'Invalid webhook signature' });
    const tampered = await t.stripe.deliver(event, { payload: payload.replace('"succeeded"', '"succeeded" '), header: t.stripe.sign(payload) });
    expect(tampered.status).toBe(400);
    // A genuine delivery captured and sent again ten minutes later is too old.
    const stale = await t.stripe.deliver(event, { payload, header: t.stripe.sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }) });
    expect(stale.status).toBe(400);
    // A signature dated ten minutes ahead (a signing secret's holder pre-dating deliveries to replay later) is refused too.
    const future = await t.stripe.deliver(event, { payload, header: t.stripe.sign(payload, { timestamp: Math.floor(Date.now() / 1000) + 600 }) });
    expect(future.status).toBe(400);
    const unsigned = await fetch(t.stripe.webhookUrl!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
    expect(unsigned.status).toBe(400);

    expect(await t.app.db.select().from(payments).where(eq(payments.stripePaymentIntentId, intent.id))).toEqual([]);
    expect(await t.app.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
    const book = (await t.app.inject({ method: 'GET', url: `/api/books/${bookId}`, headers: bearer(token) })).json();
    expect(book.isFreeTrial).toBe(true);
  });

  it('handles an event once: a replayed delivery is acknowledged and changes nothing', async () => {
    const { intent, clientSecret, userId } = await pendingDocumentPayment();
    await confirmPayment(t.stripe, clientSecret);
    const delivery = t.stripe.deliveries.filter((d) => d.event.type === 'payment_intent.succeeded').at(-1)!;
    const replay = await t.stripe.deliver(delivery.event, { payload: delivery.payload, header: delivery.header });
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.body)).toEqual({ received: true, outcome: 'duplicate' });
    const rows = await t.app.db.select().from(payments).where(eq(payments.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stripePaymentIntentId: intent.id, status: 'succeeded' });
  });

  it('does not let a late failure undo a success (events out of order)', async () => {
    const { intent, clientSecret, userId, token, bookId } = await pendingDocumentPayment();
    const failedFirst = t.stripe.buildEvent('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method' });
    await confirmPayment(t.stripe, clientSecret);
    // The failure of an earlier attempt arrives after the success.
    const late = await t.stripe.deliver(failedFirst);
    expect(late.status).toBe(200);
    const [row] = await t.app.db.select().from(payments).where(eq(payments.userId, userId));
    expect(row!.status).toBe('succeeded');
    const book = (await t.app.inject({ method: 'GET', url: `/api/books/${bookId}`, headers: bearer(token) })).json();
    expect(book.isFreeTrial).toBe(false);
  });

  it('stores a subscription as Stripe has it now, whatever order its events come in', async () => {
    const { token, userId } = await registerUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/get-or-create-subscription', headers: bearer(token), payload: { plan: 'premium' } });
    const { clientSecret } = res.json() as { clientSecret: string };
    const incomplete = [...t.stripe.subscriptions.values()].at(-1)!;
    const earlyEvent = t.stripe.buildEvent('customer.subscription.created', JSON.parse(JSON.stringify(incomplete)) as typeof incomplete);
    await confirmPayment(t.stripe, clientSecret);
    // "created" (status incomplete) delivered after "updated" (active): the stored state stays active.
    expect((await t.stripe.deliver(earlyEvent)).status).toBe(200);
    const [row] = await t.app.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId));
    expect(row).toMatchObject({ plan: 'premium', status: 'active', booksLimit: 15 });
    const revenue = await t.app.db.select().from(payments).where(eq(payments.userId, userId));
    expect(revenue).toMatchObject([{ type: 'subscription', amount: 1599, status: 'succeeded' }]);
  });

  it('acknowledges event types it does not act on', async () => {
    const event = t.stripe.buildEvent('customer.created', { id: 'cus_unrelated', object: 'customer' } as never);
    const res = await t.stripe.deliver(event);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ received: true, outcome: 'ignored' });
  });
});

describe('a server without Stripe', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await buildTestApp();
  });
  afterAll(async () => {
    await open?.close();
  });

  it('says payments are not configured, and limits nothing', async () => {
    const { token } = await registerUser(open.app);
    expect((await open.app.inject({ method: 'GET', url: '/api/billing/config' })).json()).toEqual({ enabled: false, publishableKey: null });
    const pay = await open.app.inject({ method: 'POST', url: '/api/get-or-create-subscription', headers: bearer(token), payload: { plan: 'premium' } });
    expect(pay.statusCode).toBe(503);
    expect(pay.json().message).toMatch(/^Payments are not configured on this server/);
    const upgrade = await open.app.inject({ method: 'POST', url: '/api/user/upgrade', headers: bearer(token), payload: { plan: 'premium' } });
    expect(upgrade.statusCode).toBe(503);
    expect((await open.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: {} })).statusCode).toBe(404);
    expect((await open.app.inject({ method: 'GET', url: '/api/user/free-trial', headers: bearer(token) })).json()).toMatchObject({ hasFreeTrial: false, billingEnabled: false });
    expect((await open.app.inject({ method: 'GET', url: '/api/user/subscription', headers: bearer(token) })).json()).toMatchObject({ plan: null, billingEnabled: false });

    // A long book stays whole and exports in every format, more than once.
    const { id } = await importText(open.app, token, longText(50, 300));
    const book = (await open.app.inject({ method: 'GET', url: `/api/books/${id}`, headers: bearer(token) })).json();
    expect(book).toMatchObject({ isFreeTrial: false, wasTruncated: false });
    expect(book.wordCount).toBeGreaterThan(15_000);
    await formatBook(open.app, token, id);
    for (const format of ['docx', 'epub', 'html']) expect((await exportBook(open.app, token, id, format)).statusCode).toBe(200);
    const second = await importText(open.app, token, longText(3, 50), 'second.txt');
    await formatBook(open.app, token, second.id);
    expect((await exportBook(open.app, token, second.id, 'docx')).statusCode).toBe(200);
  });
});
