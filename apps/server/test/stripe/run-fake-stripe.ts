/**
 * Runs the fake Stripe as its own process, for the browser tests: Playwright starts it as a `webServer` next to
 * Quire and waits for `GET /_test/health`.
 *
 *   FAKE_STRIPE_PORT=12111 FAKE_STRIPE_WEBHOOK_URL=http://127.0.0.1:5099/api/webhooks/stripe \
 *   FAKE_STRIPE_WEBHOOK_SECRET=whsec_… FAKE_STRIPE_SECRET_KEY=sk_test_… \
 *   node --import tsx apps/server/test/stripe/run-fake-stripe.ts
 *
 * Environment (all optional): `FAKE_STRIPE_PORT` (default 12111), `FAKE_STRIPE_WEBHOOK_URL` (default none: events
 * are kept but not sent), `FAKE_STRIPE_WEBHOOK_SECRET` (default `whsec_quire_fake_stripe`), `FAKE_STRIPE_SECRET_KEY`
 * (default `sk_test_quire`). Our server may start after the fake, so webhooks that get no answer (or a 5xx) are
 * retried a few times with a short, doubling wait; a delivery that still fails is only recorded.
 */
import { startFakeStripe } from './fake-stripe.ts';

/** The fixed port the browser tests point Quire's Stripe client and the Stripe.js stub at. */
const DEFAULT_PORT = 12111;

/** `FAKE_STRIPE_PORT` as a port number. @throws Error when it is not one. */
function portFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`FAKE_STRIPE_PORT is not a port: ${value}`);
  return port;
}

async function main(): Promise<void> {
  const fake = await startFakeStripe({
    port: portFromEnv(process.env.FAKE_STRIPE_PORT),
    webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL || undefined,
    webhookSecret: process.env.FAKE_STRIPE_WEBHOOK_SECRET || 'whsec_quire_fake_stripe',
    secretKey: process.env.FAKE_STRIPE_SECRET_KEY || undefined,
    // Five retries waiting 250 ms, 0.5 s, 1 s, 2 s, 4 s: enough for our server to finish starting.
    deliveryRetries: 5,
    deliveryRetryDelayMs: 250,
  });
  console.log(`fake Stripe listening on ${fake.url}, webhooks to ${fake.webhookUrl ?? '(none)'}`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    fake.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
