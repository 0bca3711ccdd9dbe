/**
 * Reading Stripe's objects of the pinned API version (stripe-client.ts STRIPE_API_VERSION): which plan a
 * subscription is for, its current period (on its items since API 2025-03-31), and which subscription an invoice
 * bills (`parent.subscription_details.subscription` since API 2025-03-31).
 */
import type Stripe from 'stripe';
import { SUBSCRIPTION_PLANS, type SubscriptionPlan } from '@quire/contracts';

/** Our product id at Stripe of a plan: `quire_standard`, `quire_premium`, `quire_publisher`. */
export function productIdOf(plan: SubscriptionPlan): string {
  return `quire_${plan}`;
}

/** The id of an expandable field (a string, or the expanded object's id). */
export function idOf(field: string | { id: string } | null | undefined): string | null {
  if (!field) return null;
  return typeof field === 'string' ? field : field.id;
}

/**
 * The plan a subscription is for: from its item's product (`quire_<plan>`), which a plan change updates along with
 * the price, else from the metadata we set; null for anything else.
 */
export function planOfSubscription(subscription: Stripe.Subscription): SubscriptionPlan | null {
  const product = idOf(subscription.items.data[0]?.price.product as string | { id: string } | undefined);
  const fromProduct = product?.startsWith('quire_') ? product.slice('quire_'.length) : null;
  const candidate = fromProduct ?? subscription.metadata?.plan ?? null;
  return SUBSCRIPTION_PLANS.find((p) => p === candidate) ?? null;
}

/** The current billing period of a subscription (its first item's), as dates; null when Stripe sent none. */
export function periodOfSubscription(subscription: Stripe.Subscription): { start: Date; end: Date } | null {
  const item = subscription.items.data[0];
  if (!item?.current_period_start || !item.current_period_end) return null;
  return { start: new Date(item.current_period_start * 1000), end: new Date(item.current_period_end * 1000) };
}

/** The subscription an invoice bills, or null for a one-off invoice. */
export function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription as string | { id: string } | null | undefined);
}
