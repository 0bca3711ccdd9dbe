/**
 * A Quire app that takes payments, against the local fake Stripe API (../stripe/fake-stripe.ts): the app listens
 * on a loopback port so the fake can deliver its signed webhooks to POST /api/stripe/webhook, as Stripe would.
 * Helpers import, clean and format a book, and confirm a payment the way Stripe.js would in the browser.
 */
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startFakeStripe, type FakeStripe } from '../stripe/fake-stripe.ts';
import type { Config } from '../../src/config.ts';
import { bearer, buildTestApp, multipartFile, type TestApp } from '../helpers.ts';

/** Keys the app and the fake share. */
export const STRIPE_KEYS = { secretKey: 'sk_test_quire', publishableKey: 'pk_test_quire', webhookSecret: 'whsec_quire_test' } as const;

/** A billing app, its fake Stripe, and how to dispose of both. */
export interface BillingApp extends TestApp {
  stripe: FakeStripe;
}

/** Builds the app (with `overrides`) and Stripe settings pointing at a new fake, listening on 127.0.0.1 for its webhooks. */
export async function buildBillingApp(overrides: Partial<Config> = {}): Promise<BillingApp> {
  const stripe = await startFakeStripe({ webhookSecret: STRIPE_KEYS.webhookSecret, secretKey: STRIPE_KEYS.secretKey });
  const t = await buildTestApp({ stripe: { ...STRIPE_KEYS, apiUrl: stripe.url }, ...overrides });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  stripe.setWebhookUrl(`http://127.0.0.1:${port}/api/stripe/webhook`);
  return {
    ...t,
    stripe,
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}

/**
 * Confirms the payment behind a client secret at the fake (a one-time payment intent, or the first invoice of a
 * subscription), as the Payment Element does once the card is accepted; resolves after the webhooks were handled.
 */
export async function confirmPayment(stripe: FakeStripe, clientSecret: string, outcome: 'succeeded' | 'failed' = 'succeeded'): Promise<void> {
  let intentId = [...stripe.paymentIntents.values()].find((pi) => pi.client_secret === clientSecret)?.id;
  if (!intentId) {
    const invoice = [...stripe.invoices.values()].find((inv) => inv.confirmation_secret?.client_secret === clientSecret);
    if (!invoice?.id) throw new Error(`no payment behind ${clientSecret}`);
    intentId = stripe.paymentIntentOfInvoice(invoice.id).id;
  }
  const before = stripe.deliveries.length;
  if (outcome === 'succeeded') await stripe.succeedPaymentIntent(intentId);
  else await stripe.failPaymentIntent(intentId, 'Your card was declined.');
  await stripe.settled();
  for (const delivery of stripe.deliveries.slice(before)) expect(delivery.status, delivery.body).toBe(200);
}

/** Paragraphs of `words` words each, numbered, so the cut's place can be checked. */
export function longText(paragraphs: number, wordsEach: number): string {
  const body = Array.from({ length: paragraphs }, (_, i) => `Paragraph ${i + 1} ${Array.from({ length: wordsEach - 2 }, (_, j) => `w${j}`).join(' ')}.`);
  return ['A Long Book', 'by Test Author', '', ...body.flatMap((p) => [p, ''])].join('\n');
}

/** Imports `text` as a .txt upload (cleaned on import by default) and answers the book's JSON. */
export async function importText(app: FastifyInstance, token: string, text: string, name = 'book.txt') {
  const { payload, headers } = multipartFile('file', name, text);
  const res = await app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(token) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

/** Cleans (when not yet) and formats a book with the default layout. */
export async function formatBook(app: FastifyInstance, token: string, bookId: string): Promise<void> {
  const book = (await app.inject({ method: 'GET', url: `/api/books/${bookId}`, headers: bearer(token) })).json() as { cleanedText: string | null };
  if (book.cleanedText === null) {
    expect((await app.inject({ method: 'POST', url: `/api/books/${bookId}/clean`, headers: bearer(token) })).statusCode).toBe(200);
  }
  const res = await app.inject({
    method: 'POST',
    url: `/api/books/${bookId}/format`,
    headers: bearer(token),
    payload: { genre: 'literature', metadata: { description: 'A book for the billing tests.', language: 'en' } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Exports a book and answers the response. */
export function exportBook(app: FastifyInstance, token: string, bookId: string, format: string) {
  return app.inject({ method: 'POST', url: `/api/books/${bookId}/export/${format}`, headers: bearer(token) });
}
