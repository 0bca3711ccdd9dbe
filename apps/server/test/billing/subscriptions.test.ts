/**
 * Subscriptions through Stripe's webhooks (issue 12): subscribe, usage per billing period (the sixth document of a
 * standard plan is refused; re-exports do not count), plan features, a plan change, renewal, a failed renewal and
 * a cancellation, each state set by the webhook alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, Subscription } from '@quire/contracts';
import { bearer, multipartFile, registerUser } from '../helpers.ts';
import { buildBillingApp, confirmPayment, exportBook, formatBook, importText, longText, type BillingApp } from './billing-app.ts';

let t: BillingApp;
beforeAll(async () => {
  t = await buildBillingApp({ adminPassword: 'admin pass for billing tests' });
});
afterAll(async () => {
  await t?.close();
});

async function subscription(token: string): Promise<Subscription> {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/subscription', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as Subscription;
}

/** Subscribes through the payment element's client secret; answers the Stripe subscription id. */
async function subscribe(token: string, plan: 'standard' | 'premium' | 'publisher'): Promise<string> {
  const res =
    plan === 'publisher'
      ? await t.app.inject({ method: 'POST', url: '/api/create-publisher-subscription', headers: bearer(token) })
      : await t.app.inject({ method: 'POST', url: '/api/get-or-create-subscription', headers: bearer(token), payload: { plan } });
  expect(res.statusCode, res.body).toBe(200);
  const { clientSecret } = res.json() as { clientSecret: string };
  await confirmPayment(t.stripe, clientSecret);
  return [...t.stripe.subscriptions.values()].at(-1)!.id;
}

describe('subscriptions', () => {
  it('counts documents per period: five on standard, the sixth refused, re-exports free; features by plan', async () => {
    const { token } = await registerUser(t.app);
    expect(await subscription(token)).toEqual({ plan: null, status: null, booksUsed: 0, booksLimit: null, currentPeriodEnd: null, active: false, cancelAtPeriodEnd: false, billingEnabled: true });

    // A trial book imported first comes back whole when the plan starts.
    const trialBook = await importText(t.app, token, longText(50, 300));
    const clientSecretRes = await t.app.inject({ method: 'POST', url: '/api/get-or-create-subscription', headers: bearer(token), payload: { plan: 'standard' } });
    const { clientSecret, amountCents } = clientSecretRes.json() as { clientSecret: string; amountCents: number };
    expect(amountCents).toBe(799);
    // Until Stripe confirms, there is no plan.
    expect((await subscription(token)).active).toBe(false);
    await confirmPayment(t.stripe, clientSecret);
    const sub = await subscription(token);
    expect(sub).toMatchObject({ plan: 'standard', status: 'active', booksUsed: 0, booksLimit: 5, active: true });
    expect(new Date(sub.currentPeriodEnd!).getTime()).toBeGreaterThan(Date.now());
    const restored = (await t.app.inject({ method: 'GET', url: `/api/books/${trialBook.id}`, headers: bearer(token) })).json() as Book;
    expect(restored).toMatchObject({ isFreeTrial: false, wasTruncated: false });
    expect(restored.cleanedText).toContain('Paragraph 50 ');

    // A book imported under a plan is not a trial book.
    const ids = [trialBook.id];
    for (let i = 0; i < 5; i++) ids.push((await importText(t.app, token, longText(3, 60), `b${i}.txt`)).id);
    expect(((await t.app.inject({ method: 'GET', url: `/api/books/${ids[1]}`, headers: bearer(token) })).json() as Book).isFreeTrial).toBe(false);
    for (const id of ids) await formatBook(t.app, token, id);
    for (const id of ids.slice(0, 5)) expect((await exportBook(t.app, token, id, 'docx')).statusCode).toBe(200);
    expect((await subscription(token)).booksUsed).toBe(5);
    // Re-exports of a counted book, in another format, count nothing.
    expect((await exportBook(t.app, token, ids[0]!, 'html')).statusCode).toBe(200);
    expect((await exportBook(t.app, token, ids[0]!, 'pdf')).statusCode).toBe(200);
    expect((await subscription(token)).booksUsed).toBe(5);
    const sixth = await exportBook(t.app, token, ids[5]!, 'docx');
    expect(sixth.statusCode).toBe(402);
    expect(sixth.json()).toEqual({
      message: 'You have formatted all 5 documents of your Standard plan this month. Upgrade for more, or pay for this document on its own.',
      upgrade: { reason: 'plan-limit', plans: ['premium', 'publisher'], documentPurchase: true },
    });

    // Standard lacks EPUB, AI covers, style-guide upload and the designer templates.
    const epub = await exportBook(t.app, token, ids[0]!, 'epub');
    expect(epub.statusCode).toBe(403);
    expect(epub.json().message).toBe('EPUB export is part of the Premium and Publisher plans. Your Standard plan does not include it: upgrade to use it.');
    const aiCover = await t.app.inject({ method: 'POST', url: `/api/books/${ids[0]}/covers`, headers: bearer(token), payload: { coverType: 'ai', style: 'modern' } });
    expect(aiCover.statusCode).toBe(403);
    expect(aiCover.json().upgrade).toMatchObject({ reason: 'feature', feature: 'ai-cover' });
    const textCover = await t.app.inject({ method: 'POST', url: `/api/books/${ids[0]}/covers`, headers: bearer(token), payload: { coverType: 'text-only', template: 'classic' } });
    expect(textCover.statusCode, textCover.body).toBe(201);
    const { payload, headers } = multipartFile('file', 'guide.txt', 'Margins: 1 inch on all sides. Font: Times New Roman 12 pt, double spaced.');
    const guide = await t.app.inject({ method: 'POST', url: '/api/style-guides', payload, headers: { ...headers, ...bearer(token) } });
    expect(guide.statusCode).toBe(403);
    expect(guide.json().upgrade).toMatchObject({ feature: 'style-guide-upload' });
    const designer = await t.app.inject({ method: 'POST', url: `/api/books/${ids[0]}/format-template`, headers: bearer(token), payload: { templateId: 'modern-fiction' } });
    expect(designer.statusCode).toBe(403);
    const academic = await t.app.inject({ method: 'POST', url: `/api/books/${ids[0]}/format-template`, headers: bearer(token), payload: { templateId: 'apa-7' } });
    expect(academic.statusCode, academic.body).toBe(200);

    // Upgrade to premium: the webhook moves the plan; the period's count stays; EPUB and the sixth book pass.
    const stripeSubId = [...t.stripe.subscriptions.values()].at(-1)!.id;
    const up = await t.app.inject({ method: 'POST', url: '/api/user/upgrade', headers: bearer(token), payload: { plan: 'premium' } });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toEqual({ status: 'updated', plan: 'premium' });
    await t.stripe.settled();
    expect(await subscription(token)).toMatchObject({ plan: 'premium', booksUsed: 5, booksLimit: 15, active: true });
    expect(t.stripe.subscriptions.get(stripeSubId)!.items.data[0]!.price.unit_amount).toBe(1599);
    expect((await exportBook(t.app, token, ids[0]!, 'epub')).statusCode).toBe(200);
    expect((await exportBook(t.app, token, ids[5]!, 'docx')).statusCode).toBe(200);
    expect((await subscription(token)).booksUsed).toBe(6);
    const same = await t.app.inject({ method: 'POST', url: '/api/user/upgrade', headers: bearer(token), payload: { plan: 'premium' } });
    expect(same.statusCode).toBe(400);
    const twice = await t.app.inject({ method: 'POST', url: '/api/get-or-create-subscription', headers: bearer(token), payload: { plan: 'standard' } });
    expect(twice.statusCode).toBe(409);

    // Renewal: a new period, the count starts again and a second invoice is revenue.
    await t.stripe.renewSubscription(stripeSubId);
    await t.stripe.settled();
    expect(await subscription(token)).toMatchObject({ booksUsed: 0, active: true });
    expect((await exportBook(t.app, token, ids[1]!, 'docx')).statusCode).toBe(200);
    expect((await subscription(token)).booksUsed).toBe(1);

    // A failed renewal: past due, the plan stops; books made under it are not trial books, so they need a plan.
    await t.stripe.failRenewal(stripeSubId);
    await t.stripe.settled();
    expect(await subscription(token)).toMatchObject({ status: 'past_due', active: false });
    const lapsed = await exportBook(t.app, token, ids[2]!, 'docx');
    expect(lapsed.statusCode).toBe(402);
    expect(lapsed.json().upgrade).toMatchObject({ reason: 'no-plan', documentPurchase: true });

    // Cancelled: the state says so; subscribing again is possible.
    await t.stripe.cancelSubscription(stripeSubId);
    await t.stripe.settled();
    expect(await subscription(token)).toMatchObject({ status: 'canceled', active: false });
    const changeWithout = await t.app.inject({ method: 'POST', url: '/api/user/upgrade', headers: bearer(token), payload: { plan: 'publisher' } });
    expect(changeWithout.json()).toEqual({ status: 'payment-required', plan: 'publisher', checkoutPath: '/subscribe-publisher' });
  });

  it('publisher: unlimited documents; a late event of an ended subscription leaves the live one alone', async () => {
    const { token } = await registerUser(t.app);
    const first = await subscribe(token, 'standard');
    await t.stripe.cancelSubscription(first);
    await t.stripe.settled();
    const cancelledEvent = t.stripe.events.filter((e) => e.type === 'customer.subscription.deleted').at(-1)!;
    const second = await subscribe(token, 'publisher');
    expect(await subscription(token)).toMatchObject({ plan: 'publisher', booksLimit: null, active: true });
    // The old subscription's "deleted" event delivered again (a new id, as a Stripe retry of another event would be).
    await t.stripe.deliver(t.stripe.buildEvent('customer.subscription.deleted', cancelledEvent.data.object));
    expect(await subscription(token)).toMatchObject({ plan: 'publisher', active: true });
    expect(second).not.toBe(first);
  });

  it('cancels at the end of the period paid for: the plan stays until then, can be kept, and then ends without a charge', async () => {
    const { token } = await registerUser(t.app);
    const none = await t.app.inject({ method: 'POST', url: '/api/user/subscription/cancel', headers: bearer(token), payload: { cancelAtPeriodEnd: true } });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('You have no plan in force to cancel or keep.');

    const id = await subscribe(token, 'premium');
    const cancel = (cancelAtPeriodEnd: boolean) =>
      t.app.inject({ method: 'POST', url: '/api/user/subscription/cancel', headers: bearer(token), payload: { cancelAtPeriodEnd } });
    const res = await cancel(true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ plan: 'premium', active: true, cancelAtPeriodEnd: true });
    expect(t.stripe.subscriptions.get(id)!.cancel_at_period_end).toBe(true);
    await t.stripe.settled();
    // Stored from the webhook: still premium until the period ends.
    expect(await subscription(token)).toMatchObject({ plan: 'premium', active: true, cancelAtPeriodEnd: true });

    // Changed their mind: the plan renews again.
    expect((await cancel(false)).json()).toMatchObject({ cancelAtPeriodEnd: false });
    await t.stripe.settled();
    expect(await subscription(token)).toMatchObject({ active: true, cancelAtPeriodEnd: false });

    // Cancelled again; at the period's end Stripe ends it instead of billing it.
    await cancel(true);
    await t.stripe.settled();
    const invoicesBefore = t.stripe.invoices.size;
    await t.stripe.renewSubscription(id);
    await t.stripe.settled();
    expect(await subscription(token)).toMatchObject({ active: false, status: 'canceled' });
    // No invoice for a next period: nothing more is charged.
    expect(t.stripe.invoices.size).toBe(invoicesBefore);
    expect((await cancel(false)).statusCode).toBe(409);
  });

  it('cancels the subscription at Stripe when the account is deleted, so it is never charged again', async () => {
    const { token } = await registerUser(t.app);
    const id = await subscribe(token, 'premium');
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user', headers: bearer(token), payload: { password: 'secret123' } });
    expect(res.statusCode, res.body).toBe(204);
    await t.stripe.settled();
    expect(t.stripe.subscriptions.get(id)!.status).toBe('canceled');
  });

  it('shows the admin what Stripe confirmed: live subscriptions per plan, one-time purchases and revenue', async () => {
    const before = await analytics();
    const { token } = await registerUser(t.app);
    await subscribe(token, 'standard');
    const { id } = await importText(t.app, token, longText(3, 50));
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(token), payload: { type: 'thesis', bookId: id } });
    // A payment set up but never confirmed is not revenue.
    expect(intent.statusCode).toBe(200);
    const after = await analytics();
    expect(after.subscriptionStats.standard - before.subscriptionStats.standard).toBe(1);
    expect(Math.round((after.totalRevenue - before.totalRevenue) * 100)).toBe(799);
    await confirmPayment(t.stripe, (intent.json() as { clientSecret: string }).clientSecret);
    const paid = await analytics();
    expect(paid.subscriptionStats.payPerDocument - after.subscriptionStats.payPerDocument).toBe(1);
    expect(Math.round((paid.totalRevenue - after.totalRevenue) * 100)).toBe(1999);
  });
});

/** The admin dashboard's figures. */
async function analytics(): Promise<{ totalRevenue: number; subscriptionStats: Record<'standard' | 'premium' | 'publisher' | 'payPerDocument', number> }> {
  const session = await t.app.inject({ method: 'POST', url: '/api/admin/verify-password', payload: { password: 'admin pass for billing tests' } });
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/analytics', headers: { 'x-admin-token': session.json().token } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
