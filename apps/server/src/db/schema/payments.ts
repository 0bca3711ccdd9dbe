import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { books } from './books.ts';
import { timestamps } from './columns.ts';
import { users } from './users.ts';

/** What a payment bought: one document, a thesis, a subscription period, or the academic concierge service. */
export const PAYMENT_TYPES = ['document', 'thesis', 'subscription', 'concierge'] as const;

/**
 * Payments (accounts spec section 3, "payments"), one row per payment intent at the provider (unique
 * `stripe_payment_intent_id`). `amount` is in the currency's smallest unit (cents for `usd`, the default);
 * `status` is the provider's payment-intent status, and only `succeeded` counts as revenue. `book_id` is the
 * book a one-time purchase was for (null once that book is deleted); rows go with their user (cascade).
 *
 * Written from the provider's webhooks only (billing/webhook-service.ts), never from a client
 * call), so revenue is only what the provider confirmed.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripePaymentIntentId: text('stripe_payment_intent_id').notNull().unique(),
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'set null' }),
    /** Smallest currency unit (cents). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull(),
    type: text('type', { enum: PAYMENT_TYPES }).notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('payments_user_id_idx').on(t.userId), index('payments_created_at_idx').on(t.createdAt)],
);

/** A row of `payments`. */
export type PaymentRow = typeof payments.$inferSelect;
