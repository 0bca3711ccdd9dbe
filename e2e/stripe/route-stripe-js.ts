/**
 * Serves the Stripe.js stub (stripe-js-stub.js) to a Playwright page in place of https://js.stripe.com, which the
 * closed test network cannot reach, so that `loadStripe` and Stripe's React Payment Element run against the fake
 * Stripe (apps/server/test/stripe/fake-stripe.ts).
 */
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page, Route } from '@playwright/test';

/** Where the stub wants the fake Stripe's URL. */
const URL_PLACEHOLDER = '__FAKE_STRIPE_URL__';

/** Script URLs loadStripe injects or that pages include: `/clover/stripe.js` (8.x), `/v3`, `/basil/stripe.js`, ... */
const STRIPE_JS_PATH = /^\/(v3\/?|[a-z0-9]+\/stripe\.js)$/;

/** Stripe's other hosts (telemetry `m.stripe.network`, `r.stripe.com`, `api.stripe.com`, ...): answered empty. */
function isOtherStripeHost(hostname: string): boolean {
  return hostname === 'stripe.network' || hostname.endsWith('.stripe.network') || hostname === 'stripe.com' || hostname.endsWith('.stripe.com');
}

/** The stub's source with the fake's URL (no trailing slash) filled in. */
export async function stripeJsStubSource(fakeStripeUrl: string): Promise<string> {
  const source = await readFile(new URL('./stripe-js-stub.js', import.meta.url), 'utf8');
  // JSON.stringify(...).slice(1, -1) escapes the URL for the single-quoted string literal it lands in.
  return source.replaceAll(URL_PLACEHOLDER, JSON.stringify(fakeStripeUrl.replace(/\/+$/, '')).slice(1, -1));
}

/**
 * Intercepts Stripe's hosts for `page` (or a whole browser context): Stripe.js script URLs on js.stripe.com get the
 * stub (`application/javascript`) pointed at `fakeStripeUrl` (e.g. `http://127.0.0.1:12111`); every other request
 * to js.stripe.com, *.stripe.com or *.stripe.network gets an empty 204, so nothing waits on the missing internet.
 * Call before the page navigates.
 */
export async function routeStripeJs(page: Page | BrowserContext, fakeStripeUrl: string): Promise<void> {
  const stub = await stripeJsStubSource(fakeStripeUrl);
  await page.route(
    (url) => isOtherStripeHost(url.hostname),
    (route: Route) => {
      const url = new URL(route.request().url());
      if (url.hostname === 'js.stripe.com' && STRIPE_JS_PATH.test(url.pathname)) {
        return route.fulfill({
          status: 200,
          contentType: 'application/javascript; charset=utf-8',
          headers: { 'access-control-allow-origin': '*', 'cache-control': 'no-store' },
          body: stub,
        });
      }
      return route.fulfill({ status: 204, headers: { 'access-control-allow-origin': '*' }, body: '' });
    },
  );
}
