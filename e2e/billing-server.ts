/**
 * The e2e suite's second Quire server, the one that takes payments (playwright.config.ts starts it with the fake
 * Stripe API beside it): its address, the fake's, and the keys the two share. Stories of the free trial and the
 * plans run against `BILLING.url`; the other stories against the first server, where nothing is limited.
 */
const port = Number(process.env.QUIRE_E2E_BILLING_PORT ?? 5097);
const fakeStripePort = Number(process.env.QUIRE_E2E_FAKE_STRIPE_PORT ?? 5096);

/** Addresses and shared keys of the billing server and its fake Stripe API. */
export const BILLING = {
  port,
  url: `http://127.0.0.1:${port}`,
  fakeStripePort,
  fakeStripeUrl: `http://127.0.0.1:${fakeStripePort}`,
  secretKey: 'sk_test_quire_e2e',
  publishableKey: 'pk_test_quire_e2e',
  webhookSecret: 'whsec_quire_e2e',
  /** SUPPORT_EMAIL of the billing server: a paid concierge project is mailed there (to its outbox). */
  supportEmail: 'concierge@quire.test',
} as const;

/** The data directory of the billing server (its outbox holds the mails it wrote). */
export function billingDataDir(): string {
  const dir = process.env.QUIRE_E2E_BILLING_DATA_DIR;
  if (!dir) throw new Error('QUIRE_E2E_BILLING_DATA_DIR is set by playwright.config.ts');
  return dir;
}
