import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stripe webhook events already handled (issue 12: "handles each event once (event ids stored)"). Stripe delivers
 * an event at least once and retries; a replayed or duplicate delivery finds its id here and changes nothing.
 */
export const stripeEvents = pgTable('stripe_events', {
  /** The event id (`evt_...`). */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
