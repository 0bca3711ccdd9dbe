import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ConciergeInquiry } from '@quire/contracts';
import { users } from './users.ts';

/**
 * Academic Concierge inquiries (accounts spec sections 2, 3 and 5; issue 13: "An inquiry is also stored on the
 * server and e-mailed to the support address once paid"). A row is written with the whole inquiry when its payment
 * is set up (`awaiting-payment`, with the Stripe payment intent), and marked `paid` by the webhook that confirms the
 * payment, which also mails it to SUPPORT_EMAIL. Rows go with their user (cascade), as the payments do.
 */
export const conciergeInquiries = pgTable(
  'concierge_inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripePaymentIntentId: text('stripe_payment_intent_id').notNull().unique(),
    inquiry: jsonb('inquiry').$type<ConciergeInquiry>().notNull(),
    /** `awaiting-payment` or `paid`. */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('concierge_inquiries_user_id_idx').on(t.userId)],
);

/** A row of `concierge_inquiries`. */
export type ConciergeInquiryRow = typeof conciergeInquiries.$inferSelect;
