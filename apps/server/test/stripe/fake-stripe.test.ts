/**
 * The fake Stripe driven by the real `stripe` SDK, with a local webhook receiver that verifies every delivery
 * with `stripe.webhooks.constructEvent`, as our server will.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STRIPE_TEST_API_VERSION, startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { parseForm } from './form-encoding.ts';

const SECRET_KEY = 'sk_test_quire';
const WEBHOOK_SECRET = 'whsec_fake_stripe_test';
const DAY = 86_400;

/** A webhook endpoint that keeps the events whose signature verifies and answers 400 to the others. */
interface Receiver {
  url: string;
  events: Stripe.Event[];
  rejected: string[];
  close(): Promise<void>;
}

async function startReceiver(stripe: Stripe): Promise<Receiver> {
  const events: Stripe.Event[] = [];
  const rejected: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const payload = Buffer.concat(chunks).toString('utf8');
        events.push(stripe.webhooks.constructEvent(payload, req.headers['stripe-signature'] ?? '', WEBHOOK_SECRET));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      } catch (err) {
        rejected.push(String(err));
        res.writeHead(400).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    events,
    rejected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The SDK pointed at the fake, configured as our server configures it. */
function sdkFor(fake: FakeStripe, key = SECRET_KEY, apiVersion: string = STRIPE_TEST_API_VERSION): Stripe {
  return new Stripe(key, {
    apiVersion: apiVersion as typeof STRIPE_TEST_API_VERSION,
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

let fake: FakeStripe;
let stripe: Stripe;
let receiver: Receiver;

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
  stripe = sdkFor(fake);
  receiver = await startReceiver(stripe);
  fake.setWebhookUrl(receiver.url);
});

afterAll(async () => {
  await fake.close();
  await receiver.close();
});

beforeEach(() => {
  fake.reset();
  receiver.events.length = 0;
  receiver.rejected.length = 0;
});

/** A customer, a product and an incomplete monthly subscription at 799 cents with its confirmation secret. */
async function createSubscription(unitAmount = 799) {
  const customer = await stripe.customers.create({ email: 'ada@example.com', metadata: { userId: 'u1' } });
  const product = await stripe.products.create({ id: `quire_premium_${Date.now()}_${Math.random()}`, name: 'Quire Premium' });
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price_data: { currency: 'usd', product: product.id, unit_amount: unitAmount, recurring: { interval: 'month' } } }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    metadata: { userId: 'u1', plan: 'premium' },
    expand: ['latest_invoice.confirmation_secret'],
  });
  const invoice = subscription.latest_invoice as Stripe.Invoice;
  return { customer, product, subscription, invoice, clientSecret: invoice.confirmation_secret?.client_secret ?? '' };
}

describe('form decoding', () => {
  it('nests bracket keys into objects and lists', () => {
    const form = parseForm('items[0][price_data][unit_amount]=799&expand[]=a&expand[]=b&metadata[userId]=u1&x[1]=second&x[0]=first');
    expect(form).toEqual({
      items: [{ price_data: { unit_amount: '799' } }],
      expand: ['a', 'b'],
      metadata: { userId: 'u1' },
      x: ['first', 'second'],
    });
  });
});

describe('fake Stripe API', () => {
  it('creates and retrieves a customer, recording the form-encoded request', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com', name: 'Ada', metadata: { userId: 'u1' } });
    expect(customer).toMatchObject({ object: 'customer', email: 'ada@example.com', name: 'Ada', metadata: { userId: 'u1' }, livemode: false });
    expect(customer.id).toMatch(/^cus_\w{24}$/);
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ id: customer.id, email: 'ada@example.com' });
    const request = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/customers');
    expect(request?.body).toEqual({ email: 'ada@example.com', name: 'Ada', metadata: { userId: 'u1' } });
    expect(request?.headers['stripe-version']).toBe(STRIPE_TEST_API_VERSION);
    expect(request?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });

  it('replays a POST with the same Idempotency-Key and refuses the key for other parameters', async () => {
    const first = await stripe.customers.create({ email: 'ada@example.com', metadata: { userId: 'u1' } }, { idempotencyKey: 'customer-u1' });
    const again = await stripe.customers.create({ email: 'ada@example.com', metadata: { userId: 'u1' } }, { idempotencyKey: 'customer-u1' });
    expect(again.id).toBe(first.id);
    expect(fake.customers.size).toBe(1);
    const other = await stripe.customers.create({ email: 'bob@example.com' }, { idempotencyKey: 'customer-u1' }).catch((err: unknown) => err);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('creates a product by id, refuses the id twice, and 404s an unknown one', async () => {
    const product = await stripe.products.create({ id: 'quire_standard', name: 'Quire Standard' });
    expect(product).toMatchObject({ id: 'quire_standard', object: 'product', name: 'Quire Standard', active: true });
    expect(await stripe.products.retrieve('quire_standard')).toMatchObject({ id: 'quire_standard' });
    await expect(stripe.products.create({ id: 'quire_standard', name: 'Again' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_already_exists',
    });
    const missing = await stripe.products.retrieve('nope').catch((err: unknown) => err);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('creates a payment intent and signs payment_intent.succeeded when it succeeds', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1999,
      currency: 'usd',
      description: 'Thesis formatting',
      metadata: { userId: 'u1', type: 'thesis' },
      automatic_payment_methods: { enabled: true },
    });
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'requires_payment_method', amount: 1999, amount_received: 0 });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_\\w+$`));
    expect(intent.automatic_payment_methods?.enabled).toBe(true);

    const events = await fake.succeedPaymentIntent(intent.id);
    expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded']);
    expect(receiver.rejected).toEqual([]);
    const [event] = receiver.events;
    expect(event).toMatchObject({ type: 'payment_intent.succeeded', api_version: STRIPE_TEST_API_VERSION, livemode: false });
    expect(event?.data.object).toMatchObject({ id: intent.id, status: 'succeeded', amount_received: 1999, metadata: { type: 'thesis' } });
    expect(fake.deliveries[0]?.status).toBe(200);
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'succeeded' });
  });

  it('creates an incomplete subscription whose expanded latest invoice carries the confirmation secret', async () => {
    const { subscription, invoice, clientSecret, product } = await createSubscription();
    expect(subscription.status).toBe('incomplete');
    const [item] = subscription.items.data;
    expect(item?.price).toMatchObject({ unit_amount: 799, product: product.id, recurring: { interval: 'month', interval_count: 1 } });
    expect(item?.price.id).toMatch(/^price_/);
    expect((item?.current_period_end ?? 0) - (item?.current_period_start ?? 0)).toBe(30 * DAY);
    expect(invoice).toMatchObject({ object: 'invoice', status: 'open', amount_due: 799 });
    expect(invoice.confirmation_secret?.type).toBe('payment_intent');
    expect(clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(fake.requests.at(-1)?.body).toMatchObject({ items: [{ price_data: { unit_amount: '799' } }], expand: ['latest_invoice.confirmation_secret'] });

    // Without expand, latest_invoice is an id, and the includable confirmation_secret is left out.
    const plain = await stripe.subscriptions.retrieve(subscription.id);
    expect(plain.latest_invoice).toBe(invoice.id);
    const expandedInvoice = (await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] })).latest_invoice as Stripe.Invoice;
    expect(expandedInvoice.id).toBe(invoice.id);
    expect('confirmation_secret' in expandedInvoice).toBe(false);
    await expect(stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice.payment_intent'] })).rejects.toThrow(/cannot be expanded/);
  });

  it('activates the subscription when its first invoice is paid: invoice.paid, then customer.subscription.updated', async () => {
    const { subscription, invoice } = await createSubscription();
    const intent = fake.paymentIntentOfInvoice(invoice.id);
    const events = await fake.succeedPaymentIntent(intent.id);
    expect(events.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect(receiver.events.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);

    const paid = receiver.events[0]?.data.object as Stripe.Invoice;
    const [line] = paid.lines.data;
    const [item] = subscription.items.data;
    expect(paid).toMatchObject({ id: invoice.id, status: 'paid', amount_paid: 799, billing_reason: 'subscription_create' });
    expect(paid.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(line?.period).toEqual({ start: item?.current_period_start, end: item?.current_period_end });
    expect(line?.pricing?.price_details?.price).toBe(item?.price.id);
    expect('confirmation_secret' in paid).toBe(false);

    const updated = receiver.events[1] as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(updated.data.object).toMatchObject({ id: subscription.id, status: 'active', metadata: { userId: 'u1' } });
    expect(updated.data.previous_attributes?.status).toBe('incomplete');
    const retrieved = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice.payments'] });
    expect(retrieved.status).toBe('active');
    expect(retrieved.default_payment_method).toMatch(/^pm_/);
    expect((retrieved.latest_invoice as Stripe.Invoice).payments?.data[0]?.payment.payment_intent).toBe(intent.id);
  });

  it('keeps the subscription incomplete when its first payment fails', async () => {
    const { subscription, invoice } = await createSubscription();
    const events = await fake.failPaymentIntent(fake.paymentIntentOfInvoice(invoice.id).id, 'Insufficient funds.');
    expect(events.map((e) => e.type)).toEqual(['invoice.payment_failed']);
    expect(fake.subscriptions.get(subscription.id)?.status).toBe('incomplete');
    expect(fake.paymentIntentOfInvoice(invoice.id).last_payment_error?.message).toBe('Insufficient funds.');
  });

  it('moves the item period on renewal and turns past_due on a failed one', async () => {
    const { subscription, invoice } = await createSubscription();
    await fake.succeedPaymentIntent(fake.paymentIntentOfInvoice(invoice.id).id);
    const firstEnd = subscription.items.data[0]?.current_period_end ?? 0;

    const renewal = await fake.renewSubscription(subscription.id);
    expect(renewal.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.items.data[0]).toMatchObject({ current_period_start: firstEnd, current_period_end: firstEnd + 30 * DAY });
    expect(renewed.latest_invoice).not.toBe(invoice.id);
    const cycleInvoice = renewal[0]?.data.object as Stripe.Invoice;
    expect(cycleInvoice).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid' });
    expect(cycleInvoice.lines.data[0]?.period).toEqual({ start: firstEnd, end: firstEnd + 30 * DAY });

    const failed = await fake.failRenewal(subscription.id);
    expect(failed.map((e) => e.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    expect(failed[1]?.data.object).toMatchObject({ status: 'past_due' });
    expect(receiver.rejected).toEqual([]);
  });

  it('updates metadata, cancel_at_period_end and the item price, then sends customer.subscription.updated', async () => {
    const { subscription, product } = await createSubscription();
    const itemId = subscription.items.data[0]?.id ?? '';
    const updated = await stripe.subscriptions.update(subscription.id, {
      metadata: { plan: 'publisher' },
      cancel_at_period_end: true,
      proration_behavior: 'none',
      items: [{ id: itemId, price_data: { currency: 'usd', product: product.id, unit_amount: 1999, recurring: { interval: 'month' } } }],
    });
    expect(updated).toMatchObject({ cancel_at_period_end: true, metadata: { userId: 'u1', plan: 'publisher' } });
    expect(updated.cancel_at).toBe(subscription.items.data[0]?.current_period_end);
    expect(updated.items.data[0]).toMatchObject({ id: itemId, price: { unit_amount: 1999 } });
    await fake.settled();
    const event = receiver.events.at(-1) as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(event.type).toBe('customer.subscription.updated');
    expect(event.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, metadata: { plan: 'premium' } });

    // An update that changes nothing sends nothing, as at Stripe.
    const sent = fake.events.length;
    await stripe.subscriptions.update(subscription.id, { proration_behavior: 'none' });
    await fake.settled();
    expect(fake.events).toHaveLength(sent);
  });

  it('cancels through DELETE and through the test control with customer.subscription.deleted', async () => {
    const first = await createSubscription();
    const canceled = await stripe.subscriptions.cancel(first.subscription.id, { cancellation_details: { comment: 'Too pricey' } });
    expect(canceled.status).toBe('canceled');
    expect(canceled.cancellation_details).toMatchObject({ comment: 'Too pricey', reason: 'cancellation_requested' });
    expect(canceled.ended_at).toEqual(expect.any(Number));
    await fake.settled();
    expect(receiver.events.at(-1)).toMatchObject({ type: 'customer.subscription.deleted', data: { object: { id: first.subscription.id, status: 'canceled' } } });

    const second = await createSubscription();
    const events = await fake.cancelSubscription(second.subscription.id);
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    expect(fake.invoices.get(second.invoice.id)?.status).toBe('void');
    expect(fake.paymentIntentOfInvoice(second.invoice.id)).toMatchObject({ status: 'canceled', cancellation_reason: 'void_invoice' });
    await expect(fake.succeedPaymentIntent(fake.paymentIntentOfInvoice(second.invoice.id).id)).rejects.toThrow(/already canceled/);
  });

  it('refuses a wrong Stripe-Version and a wrong key', async () => {
    await expect(sdkFor(fake, SECRET_KEY, '2025-03-31.basil').customers.create({})).rejects.toThrow(/not the API version the fake Stripe implements/);
    const unauthorized = await sdkFor(fake, 'sk_test_wrong').customers.create({}).catch((err: unknown) => err);
    expect(unauthorized).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(fake.customers.size).toBe(0);
  });

  it('refuses unknown parameters and missing references', async () => {
    await expect(stripe.customers.create({ email: 'a@example.com', tax_exempt: 'none' })).rejects.toMatchObject({ code: 'parameter_unknown', param: 'tax_exempt' });
    const customer = await stripe.customers.create({});
    const missingProduct = stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price_data: { currency: 'usd', product: 'prod_missing', unit_amount: 799, recurring: { interval: 'month' } } }],
      payment_behavior: 'default_incomplete',
    });
    await expect(missingProduct).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'items[0][price_data][product]' });
  });
});

describe('webhook deliveries', () => {
  it('replays an identical delivery and sends one with a bad signature', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 500, currency: 'usd' });
    await fake.succeedPaymentIntent(intent.id);
    const first = fake.deliveries[0];
    if (!first) throw new Error('no delivery');

    const replay = await fake.deliver(first.event, { payload: first.payload, header: first.header });
    expect(replay.status).toBe(200);
    expect(receiver.events.map((e) => e.id)).toEqual([first.event.id, first.event.id]);

    const forged = await fake.deliver(first.event, { header: fake.sign(first.payload, { secret: 'whsec_wrong' }) });
    expect(forged.status).toBe(400);
    expect(receiver.rejected).toHaveLength(1);

    const stale = await fake.deliver(first.event, { header: fake.sign(first.payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 }) });
    expect(stale.status).toBe(400);
  });

  it('delivers crafted events in the order given', async () => {
    const { subscription } = await createSubscription();
    const deleted = fake.buildEvent('customer.subscription.deleted', { ...subscription, status: 'canceled' });
    const updated = fake.buildEvent('customer.subscription.updated', { ...subscription, status: 'active' });
    await fake.deliver(deleted);
    await fake.deliver(updated);
    expect(receiver.events.map((e) => e.type)).toEqual(['customer.subscription.deleted', 'customer.subscription.updated']);
  });
});

describe('/_test routes for the Stripe.js stub', () => {
  it('answers the CORS preflight and health', async () => {
    const preflight = await fetch(`${fake.url}/_test/confirm`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5099', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
    expect((await fetch(`${fake.url}/_test/health`)).status).toBe(200);
  });

  it('declines, then confirms a payment intent by client secret, delivering webhooks before answering', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1999, currency: 'usd' });
    const confirm = (outcome: string) =>
      fetch(`${fake.url}/_test/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientSecret: intent.client_secret, outcome }),
      });

    const declined = await confirm('failed');
    expect(declined.status).toBe(402);
    expect(declined.headers.get('access-control-allow-origin')).toBe('*');
    expect(await declined.json()).toMatchObject({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
    expect(receiver.events.map((e) => e.type)).toEqual(['payment_intent.payment_failed']);

    const confirmed = await confirm('succeeded');
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ status: 'succeeded', paymentIntentId: intent.id });
    expect(receiver.events.map((e) => e.type)).toEqual(['payment_intent.payment_failed', 'payment_intent.succeeded']);

    const view = await fetch(`${fake.url}/_test/payment_intents?client_secret=${encodeURIComponent(intent.client_secret ?? '')}`);
    expect(await view.json()).toMatchObject({ id: intent.id, status: 'succeeded' });
    expect((await confirm('succeeded')).status).toBe(400);
  });

  it('confirms a subscription invoice by its confirmation secret', async () => {
    const { subscription, clientSecret } = await createSubscription();
    const response = await fetch(`${fake.url}/_test/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSecret }),
    });
    expect(response.status).toBe(200);
    expect(receiver.events.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect(fake.subscriptions.get(subscription.id)?.status).toBe('active');
  });
});
