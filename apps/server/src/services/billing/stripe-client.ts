/**
 * The Stripe SDK client (issue 12: "through its official SDK"), pinned to one API version: object shapes differ
 * between versions (since 2025-03-31 a subscription's period is on its items and its first invoice's client secret
 * is `latest_invoice.confirmation_secret`), and the code below reads this version's shapes.
 */
import Stripe from 'stripe';

/** The Stripe API version every request is made with (the SDK's own pinned version of stripe 23.1.0). */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

/** Settings of {@link createStripeClient}: the secret key, and another API address than Stripe's (tests). */
export interface StripeClientSettings {
  secretKey: string;
  apiUrl: string | null;
}

/**
 * A Stripe client with the pinned API version, two network retries (Stripe's idempotency makes them safe for
 * creations made with an idempotency key) and a 20 s timeout, talking to `apiUrl` when given.
 */
export function createStripeClient({ secretKey, apiUrl }: StripeClientSettings): Stripe {
  const target = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Quire' },
    ...(target
      ? {
          host: target.hostname,
          port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
          protocol: target.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
}
