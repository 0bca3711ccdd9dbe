/**
 * POST /api/stripe/webhook (issue 12): the only thing that marks a payment paid and starts, renews, changes or ends
 * a subscription. Each event is verified against the endpoint's signing secret on the raw body, handled once (its
 * id stored in `stripe_events` first; a failure removes it again so Stripe's retry is handled), and made
 * independent of delivery order: a subscription event re-reads the subscription from Stripe and stores what it is
 * now, and a payment that succeeded is never moved back to an earlier status.
 */
import { and, eq, ne } from 'drizzle-orm';
import type Stripe from 'stripe';
import { subscriptionOffer } from '@quire/contracts';
import type { Db } from '../../db/client.ts';
import { payments, stripeEvents, userSubscriptions, users, PAYMENT_TYPES } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { BookService } from '../book-service.ts';
import { LIVE_STATUSES } from './entitlement-service.ts';
import { idOf, periodOfSubscription, planOfSubscription, subscriptionIdOfInvoice } from './stripe-objects.ts';

/** Dependencies of {@link createWebhookService}. */
export interface WebhookServiceDeps {
  db: Db;
  stripe: Stripe;
  webhookSecret: string;
  books: Pick<BookService, 'endTrial'>;
  /**
   * Told once of each concierge payment that succeeded, with its intent (the inquiry is its metadata): the app
   * mails the support address. Its failure is the caller's to log; the payment stays recorded.
   */
  onConciergePaid?: (intent: Stripe.PaymentIntent) => Promise<void>;
}

/** What became of a delivery: handled, a duplicate of a handled event, or of a type Quire does not act on. */
export type WebhookOutcome = 'handled' | 'duplicate' | 'ignored';

/**
 * How far a delivery's signature time may be from now, in seconds, either way: 300, Stripe's default tolerance
 * (Stripe docs, "Check the webhook signatures": "a default tolerance of five minutes between the timestamp and the
 * current time").
 */
const SIGNATURE_TOLERANCE_S = 300;

/** Event types acted on; Stripe may send others to the endpoint (they are acknowledged and stored). */
const HANDLED = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.processing',
  'payment_intent.canceled',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/** Webhook handling. */
export function createWebhookService({ db, stripe, webhookSecret, books, onConciergePaid = async () => {} }: WebhookServiceDeps) {
  /** The user a Stripe customer belongs to, by our stored customer id. */
  async function userOfCustomer(customer: string | null): Promise<string | null> {
    if (!customer) return null;
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customer)).limit(1);
    return row?.id ?? null;
  }

  /** The user of a subscription: its metadata's (we set it), else its customer's. Null for a stranger. */
  async function userOfSubscription(subscription: Stripe.Subscription): Promise<string | null> {
    const fromMetadata = subscription.metadata?.userId;
    if (fromMetadata) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, fromMetadata)).limit(1);
      if (row) return row.id;
    }
    return userOfCustomer(idOf(subscription.customer as string | { id: string }));
  }

  /**
   * Stores what subscription `id` is now at Stripe. The user's one row follows their newest subscription: a late
   * event of an older, ended one never overwrites a live one. A new period starts the document count again; a live
   * subscription ends the trial of the user's books (their whole texts come back).
   */
  async function syncSubscription(id: string): Promise<void> {
    const subscription = await stripe.subscriptions.retrieve(id);
    const userId = await userOfSubscription(subscription);
    const plan = planOfSubscription(subscription);
    if (!userId || !plan) return;
    const period = periodOfSubscription(subscription);
    const live = LIVE_STATUSES.includes(subscription.status);
    const [row] = await db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId)).limit(1);
    if (row && row.stripeSubscriptionId !== subscription.id && LIVE_STATUSES.includes(row.status) && !live) return;

    const samePeriod = row?.stripeSubscriptionId === subscription.id && row.currentPeriodStart?.getTime() === period?.start.getTime();
    const values = {
      plan,
      status: subscription.status,
      booksLimit: subscriptionOffer(plan).documentsPerPeriod,
      currentPeriodStart: period?.start ?? null,
      currentPeriodEnd: period?.end ?? null,
      stripeSubscriptionId: subscription.id,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      ...(samePeriod ? {} : { booksUsed: 0 }),
    };
    if (row) await db.update(userSubscriptions).set(values).where(eq(userSubscriptions.id, row.id));
    else await db.insert(userSubscriptions).values({ userId, ...values }).onConflictDoUpdate({ target: userSubscriptions.userId, set: values });
    if (live) await books.endTrial(userId);
  }

  /** Records a one-time payment (document, thesis, concierge) at its status; a succeeded one unlocks its book. */
  async function recordPaymentIntent(intent: Stripe.PaymentIntent): Promise<void> {
    const type = intent.metadata?.type;
    // Intents of subscription invoices carry no type of ours: invoice.paid records those.
    if (!type || !(PAYMENT_TYPES as readonly string[]).includes(type) || type === 'subscription') return;
    const userId = (await userOfCustomer(idOf(intent.customer as string | { id: string } | null))) ?? intent.metadata.userId ?? null;
    if (!userId) return;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) return;
    const bookId = intent.metadata.bookId ?? null;
    const row = {
      userId,
      stripePaymentIntentId: intent.id,
      bookId,
      amount: intent.status === 'succeeded' ? intent.amount_received || intent.amount : intent.amount,
      currency: intent.currency,
      status: intent.status,
      type: type as (typeof PAYMENT_TYPES)[number],
      metadata: { ...intent.metadata },
    };
    // True when this event is the one that made the payment succeed (so its mail goes once).
    const becameSucceeded = await db.transaction(async (tx) => {
      const inserted = await tx.insert(payments).values(row).onConflictDoNothing().returning({ id: payments.id });
      if (inserted.length > 0) return row.status === 'succeeded';
      // Out of order: a late "failed" or "processing" never undoes "succeeded".
      const updated = await tx
        .update(payments)
        .set({ status: row.status, amount: row.amount })
        .where(and(eq(payments.stripePaymentIntentId, intent.id), ne(payments.status, 'succeeded')))
        .returning({ id: payments.id });
      return updated.length > 0 && row.status === 'succeeded';
    });
    if (becameSucceeded && type === 'concierge') await onConciergePaid(intent);
    if (intent.status === 'succeeded' && bookId && (type === 'document' || type === 'thesis')) {
      await books.endTrial(userId, bookId).catch((err: unknown) => {
        // The book may have been deleted since: the payment stays recorded.
        if (!(err instanceof AppError && err.code === 'NOT_FOUND')) throw err;
      });
    }
  }

  /** Records a paid subscription invoice as revenue, then brings the subscription up to date. */
  async function recordInvoicePaid(invoice: Stripe.Invoice): Promise<void> {
    const subscriptionId = subscriptionIdOfInvoice(invoice);
    if (!subscriptionId) return;
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const userId = await userOfSubscription(subscription);
    if (userId && invoice.id && invoice.amount_paid > 0) {
      await db
        .insert(payments)
        .values({
          userId,
          // An invoice's payment is keyed by the invoice (`in_...`): one row per paid invoice.
          stripePaymentIntentId: invoice.id,
          amount: invoice.amount_paid,
          currency: invoice.currency,
          status: 'succeeded',
          type: 'subscription',
          metadata: { subscriptionId, plan: planOfSubscription(subscription) ?? 'unknown' },
        })
        .onConflictDoNothing();
    }
    await syncSubscription(subscriptionId);
  }

  /** Acts on one verified event. */
  async function handle(event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed':
      case 'payment_intent.processing':
      case 'payment_intent.canceled':
        return recordPaymentIntent(event.data.object);
      case 'invoice.paid':
        return recordInvoicePaid(event.data.object);
      case 'invoice.payment_failed': {
        const subscriptionId = subscriptionIdOfInvoice(event.data.object);
        return subscriptionId ? syncSubscription(subscriptionId) : undefined;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return syncSubscription(event.data.object.id);
      default:
        return undefined;
    }
  }

  return {
    /**
     * Verifies and handles one delivery: `rawBody` exactly as received, `signature` the `Stripe-Signature` header.
     * @throws AppError `INVALID_WEBHOOK` (400) for a missing or bad signature or one dated more than 5 minutes before
     *   or after now (so a captured delivery cannot be replayed later); errors of the handling, after which the event is not stored
     *   (the route answers 500 and Stripe delivers it again).
     */
    async receive(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('no Stripe-Signature header');
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, SIGNATURE_TOLERANCE_S);
        // The SDK refuses a signature older than the tolerance only; one dated later than it is as suspect.
        const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
        if (!(signedAt - Date.now() / 1000 <= SIGNATURE_TOLERANCE_S)) throw new Error('the signature is dated in the future');
      } catch (err) {
        throw new AppError('INVALID_WEBHOOK', undefined, { cause: err });
      }
      const fresh = await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
      if (fresh.length === 0) return 'duplicate';
      if (!HANDLED.has(event.type)) return 'ignored';
      try {
        await handle(event);
      } catch (err) {
        await db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
        throw err;
      }
      return 'handled';
    },
  };
}

/** The service's type. */
export type WebhookService = ReturnType<typeof createWebhookService>;
