import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * A user's subscription (accounts spec section 3, "user_subscriptions"), at most one per user (rows go with their
 * user). `plan` is one of the contracts' SUBSCRIPTION_PLANS (`standard`, `premium`, `publisher`); `status` is the
 * payment provider's subscription status (`active`, `trialing`, `past_due`, `canceled`, ...), and the admin
 * dashboard counts `active` and `trialing` as live. `books_limit` null means unlimited.
 *
 * Plan, status, period and the cancellation at its end are written from the provider's webhooks only (billing/webhook-service.ts), never from a
 * client call, so they always reflect what the provider reported; `books_used` is counted by exports
 * (billing/entitlement-service.ts) and starts again at 0 with each new period.
 */
export const userSubscriptions = pgTable('user_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan: text('plan').notNull(),
  status: text('status').notNull(),
  /** Books formatted in the current period. */
  booksUsed: integer('books_used').notNull().default(0),
  /** Books allowed per period; null: unlimited. */
  booksLimit: integer('books_limit'),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  /** The provider's subscription id (`sub_...`). */
  stripeSubscriptionId: text('stripe_subscription_id').unique(),
  /** The user cancelled: the plan stays in force until `current_period_end`, then ends (provider's `cancel_at_period_end`). */
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  ...timestamps,
});

/** A row of `user_subscriptions`. */
export type UserSubscriptionRow = typeof userSubscriptions.$inferSelect;
