import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The newsletter's addresses (issue 13, "Newsletter boxes: the address is stored, double opt-in by e-mail,
 * unsubscribe link"), one row per address (lower-cased):
 * - `lead`: typed into the landing page's exit-intent popup on the way to registering; never mailed;
 * - `pending`: asked to subscribe; a confirmation link was mailed (only the SHA-256 of its token is stored, in
 *   `confirm_token_hash`, valid until `confirm_expires_at`);
 * - `confirmed`: opened that link; the only status the newsletter is sent to;
 * - `unsubscribed`: used the unsubscribe link.
 * `unsubscribe_token` is kept in clear because every mail must carry it; it can only unsubscribe its address.
 */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  status: text('status').notNull(),
  /** Where the address was given: contracts NEWSLETTER_SOURCES (blog, blog-post, exit-intent). */
  source: text('source').notNull(),
  confirmTokenHash: text('confirm_token_hash').unique(),
  confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
});

/** A row of `newsletter_subscribers`. */
export type NewsletterSubscriberRow = typeof newsletterSubscribers.$inferSelect;
