/**
 * Starting payments at Stripe (issue 12, "Payments"): one document or the thesis package, a standard or premium
 * subscription, the publisher subscription, the Academic Concierge service, and a plan change. Each answers what
 * Stripe's Payment Element needs (a client secret); amounts always come from the catalogue (contracts
 * PLAN_CATALOGUE), never from the client. Nothing here marks anything paid: only the webhook does
 * (webhook-service.ts), once Stripe confirms.
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import {
  PLAN_CATALOGUE,
  subscriptionOffer,
  type BillingConfig,
  type ClientSecret,
  type ConciergeInquiry,
  type Subscription,
  type SubscriptionPlan,
  type UpgradeResult,
} from '@quire/contracts';
import type { Db } from '../../db/client.ts';
import { conciergeInquiries, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { BookService } from '../book-service.ts';
import { isLive, subscriptionView, type EntitlementService } from './entitlement-service.ts';
import { productIdOf } from './stripe-objects.ts';

/** Dependencies of {@link createCheckoutService}; `stripe` is null when the server takes no payments. */
export interface CheckoutServiceDeps {
  db: Db;
  stripe: Stripe | null;
  publishableKey: string | null;
  books: Pick<BookService, 'load'>;
  entitlements: Pick<EntitlementService, 'subscriptionOf' | 'subscriptionRowOf' | 'isPurchased'>;
  /** Where a Stripe failure is logged (its details are never sent to the client). */
  onProviderError?: (err: unknown) => void;
}

/** The catalogue's one-time offer. */
function oneTimeOffer(id: 'document' | 'thesis' | 'concierge') {
  return PLAN_CATALOGUE.oneTime.find((o) => o.id === id)!;
}

/** Checkout operations. */
export function createCheckoutService({ db, stripe, publishableKey, books, entitlements, onProviderError = () => {} }: CheckoutServiceDeps) {
  /** Products made at Stripe this process (one per plan; their ids are ours: `quire_<plan>`). */
  const knownProducts = new Set<string>();

  /** The Stripe client. @throws AppError `PAYMENTS_NOT_CONFIGURED` (503) without one. */
  function client(): Stripe {
    if (!stripe) throw new AppError('PAYMENTS_NOT_CONFIGURED');
    return stripe;
  }

  /** Runs a Stripe call; its failures become `PAYMENT_PROVIDER_FAILED` (502), logged, never shown. */
  async function call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AppError) throw err;
      onProviderError(err);
      throw new AppError('PAYMENT_PROVIDER_FAILED', undefined, { cause: err });
    }
  }

  /** The user's Stripe customer, made (and stored) on their first payment. */
  async function customerOf(userId: string): Promise<string> {
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new AppError('UNAUTHORIZED');
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
    const customer = await call(() =>
      client().customers.create(
        { email: user.email, ...(name ? { name } : {}), metadata: { userId } },
        // Two first payments at once make one customer.
        { idempotencyKey: `customer-${userId}` },
      ),
    );
    await db.update(users).set({ stripeCustomerId: customer.id }).where(eq(users.id, userId));
    return customer.id;
  }

  /** The plan's product at Stripe, made the first time it is needed. */
  async function productOf(plan: SubscriptionPlan): Promise<string> {
    const id = productIdOf(plan);
    if (knownProducts.has(id)) return id;
    await call(async () => {
      try {
        await client().products.retrieve(id);
      } catch (err) {
        if ((err as { code?: string }).code !== 'resource_missing') throw err;
        await client().products.create({ id, name: `Quire ${subscriptionOffer(plan).name}` });
      }
    });
    knownProducts.add(id);
    return id;
  }

  /** The price of a plan, as a subscription item's `price_data`. */
  async function priceDataOf(plan: SubscriptionPlan) {
    return {
      currency: PLAN_CATALOGUE.currency,
      product: await productOf(plan),
      unit_amount: subscriptionOffer(plan).priceCents,
      recurring: { interval: 'month' as const },
    };
  }

  /** A new subscription of `plan`, incomplete until its first invoice is paid through the Payment Element. */
  async function startSubscription(userId: string, plan: SubscriptionPlan): Promise<ClientSecret> {
    const stripeClient = client();
    const current = await entitlements.subscriptionOf(userId);
    if (current.active) throw new AppError('ALREADY_SUBSCRIBED');
    const customer = await customerOf(userId);
    const priceData = await priceDataOf(plan);
    const subscription = await call(() =>
      stripeClient.subscriptions.create({
        customer,
        items: [{ price_data: priceData }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { userId, plan },
        expand: ['latest_invoice.confirmation_secret'],
      }),
    );
    const invoice = subscription.latest_invoice as Stripe.Invoice | null;
    const clientSecret = invoice?.confirmation_secret?.client_secret;
    if (!clientSecret) {
      onProviderError(new Error(`subscription ${subscription.id} has no confirmation secret`));
      throw new AppError('PAYMENT_PROVIDER_FAILED');
    }
    const offer = subscriptionOffer(plan);
    return { clientSecret, amountCents: offer.priceCents, description: `Quire ${offer.name}, monthly` };
  }

  return {
    /** GET /api/billing/config. */
    config(): BillingConfig {
      return { enabled: stripe !== null, publishableKey: stripe ? publishableKey : null };
    },

    /**
     * POST /api/create-payment-intent: pays for the caller's book on its own (`document` $5.99, `thesis` $19.99);
     * once paid, the book exports in every format and its whole text comes back.
     * @throws AppError `PAYMENTS_NOT_CONFIGURED` (503), `NOT_FOUND` (404), `ALREADY_PAID` (409) when the book is
     *   paid for already, `PAYMENT_PROVIDER_FAILED` (502).
     */
    async payForDocument(userId: string, input: { type: 'document' | 'thesis'; bookId: string }): Promise<ClientSecret> {
      const stripeClient = client();
      const book = await books.load(userId, input.bookId);
      if (await entitlements.isPurchased(userId, book.id)) throw new AppError('ALREADY_PAID');
      const offer = oneTimeOffer(input.type);
      const customer = await customerOf(userId);
      const intent = await call(() =>
        stripeClient.paymentIntents.create({
          amount: offer.priceCents,
          currency: PLAN_CATALOGUE.currency,
          customer,
          description: `${offer.name}: ${book.title}`,
          metadata: { userId, type: input.type, bookId: book.id },
          automatic_payment_methods: { enabled: true },
        }),
      );
      if (!intent.client_secret) throw new AppError('PAYMENT_PROVIDER_FAILED');
      return { clientSecret: intent.client_secret, amountCents: offer.priceCents, description: `${offer.name}: ${book.title}` };
    },

    /**
     * POST /api/get-or-create-subscription (standard or premium) and POST /api/create-publisher-subscription.
     * @throws AppError `PAYMENTS_NOT_CONFIGURED` (503), `ALREADY_SUBSCRIBED` (409) with a live subscription (the
     *   plan dialog changes plans), `PAYMENT_PROVIDER_FAILED` (502).
     */
    subscribe(userId: string, plan: SubscriptionPlan): Promise<ClientSecret> {
      return startSubscription(userId, plan);
    },

    /**
     * POST /api/create-concierge-payment: the Academic Concierge service ($299), its inquiry kept in the payment's
     * metadata (Stripe keeps 50 keys of 500 characters: longer answers are shortened there).
     * @throws AppError `PAYMENTS_NOT_CONFIGURED` (503), `PAYMENT_PROVIDER_FAILED` (502).
     */
    async payForConcierge(userId: string, inquiry: ConciergeInquiry): Promise<ClientSecret> {
      const stripeClient = client();
      const offer = oneTimeOffer('concierge');
      const customer = await customerOf(userId);
      const details = Object.fromEntries(
        Object.entries(inquiry)
          .filter(([, v]) => typeof v === 'string' && v !== '')
          .map(([k, v]) => [k, String(v).slice(0, 500)]),
      );
      const intent = await call(() =>
        stripeClient.paymentIntents.create({
          amount: offer.priceCents,
          currency: PLAN_CATALOGUE.currency,
          customer,
          description: `${offer.name}: ${inquiry.thesisTitle}`.slice(0, 1000),
          receipt_email: inquiry.email,
          metadata: { ...details, userId, type: 'concierge' },
          automatic_payment_methods: { enabled: true },
        }),
      );
      if (!intent.client_secret) throw new AppError('PAYMENT_PROVIDER_FAILED');
      // The whole inquiry is kept here (Stripe's metadata holds 500 characters a field); the webhook marks it paid.
      await db.insert(conciergeInquiries).values({ userId, stripePaymentIntentId: intent.id, inquiry, status: 'awaiting-payment' });
      return { clientSecret: intent.client_secret, amountCents: offer.priceCents, description: offer.name };
    },

    /**
     * POST /api/user/upgrade: moves a live subscription to `plan` at Stripe (prorated; the webhook that follows
     * changes the stored plan), or answers where to pay when there is none.
     * @throws AppError `PAYMENTS_NOT_CONFIGURED` (503), `VALIDATION` (400) for the current plan,
     *   `PAYMENT_PROVIDER_FAILED` (502).
     */
    async changePlan(userId: string, plan: SubscriptionPlan): Promise<UpgradeResult> {
      const stripeClient = client();
      const row = await entitlements.subscriptionRowOf(userId);
      const checkoutPath = plan === 'publisher' ? '/subscribe-publisher' : `/subscribe?plan=${plan}`;
      if (!row || !isLive(row) || !row.stripeSubscriptionId) return { status: 'payment-required', plan, checkoutPath };
      if (row.plan === plan) throw new AppError('VALIDATION', `You are already on the ${subscriptionOffer(plan).name} plan.`);
      const subscriptionId = row.stripeSubscriptionId;
      const subscription = await call(() => stripeClient.subscriptions.retrieve(subscriptionId));
      const item = subscription.items.data[0];
      if (!item) throw new AppError('PAYMENT_PROVIDER_FAILED');
      const priceData = await priceDataOf(plan);
      await call(() =>
        stripeClient.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price_data: priceData }],
          proration_behavior: 'create_prorations',
          metadata: { userId, plan },
        }),
      );
      return { status: 'updated', plan };
    },

    /**
     * POST /api/user/subscription/cancel (`cancelAtPeriodEnd` true) and /resume (false): the plan ends at the end of
     * the period paid for, or keeps renewing. Stripe's answer is returned as the user's subscription; the stored row
     * follows when its webhook arrives (the webhook stays the only writer of `user_subscriptions`).
     * @throws AppError `PAYMENTS_NOT_CONFIGURED` (503), `NO_LIVE_SUBSCRIPTION` (409) without a plan in force,
     *   `PAYMENT_PROVIDER_FAILED` (502).
     */
    async setCancelAtPeriodEnd(userId: string, cancelAtPeriodEnd: boolean): Promise<Subscription> {
      const stripeClient = client();
      const row = await entitlements.subscriptionRowOf(userId);
      if (!row || !isLive(row) || !row.stripeSubscriptionId) throw new AppError('NO_LIVE_SUBSCRIPTION');
      const subscriptionId = row.stripeSubscriptionId;
      const updated = await call(() => stripeClient.subscriptions.update(subscriptionId, { cancel_at_period_end: cancelAtPeriodEnd }));
      return { ...subscriptionView(row, true), cancelAtPeriodEnd: updated.cancel_at_period_end };
    },

    /**
     * Cancels the user's subscription at Stripe now (account deletion: a deleted account is never charged again).
     * Nothing to do without one, or once it has ended.
     * @throws AppError `PAYMENT_PROVIDER_FAILED` (502) when Stripe cannot be reached: the caller stops.
     */
    async cancelSubscription(userId: string): Promise<void> {
      if (!stripe) return;
      const row = await entitlements.subscriptionRowOf(userId);
      if (!row?.stripeSubscriptionId || ['canceled', 'incomplete_expired'].includes(row.status)) return;
      const id = row.stripeSubscriptionId;
      await call(() => stripe.subscriptions.cancel(id));
    },
  };
}

/** The service's type. */
export type CheckoutService = ReturnType<typeof createCheckoutService>;
