import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

/**
 * Stripe.js for a publishable key, loaded once and only when asked: the `pure` entry does not add Stripe's script
 * when imported (the default entry does), so the script reaches the browser only on a payment page of a server that
 * takes payments. A failed load is forgotten, so that trying again loads it again.
 */
const loaded = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js for `publishableKey`, loaded once a key and shared by every payment form of the page (Stripe asks that
 * it be loaded once). Resolves null when Stripe.js cannot start in this browser.
 */
export function getStripe(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch((error: unknown) => {
      loaded.delete(publishableKey);
      throw error;
    });
    loaded.set(publishableKey, promise);
  }
  return promise;
}
