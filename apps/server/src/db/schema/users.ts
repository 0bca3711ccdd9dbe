import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/**
 * Accounts (accounts spec section 3, "users"). `email` is stored lower-cased and unique; `password_hash` is an
 * argon2id PHC string. The spec's reset-token columns
 * are replaced by the `password_reset_tokens` table (password-reset-tokens.ts).
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  /** Free exports used and allowed (accounts spec section 6 and 9: one free export). */
  freeExportsUsed: integer('free_exports_used').notNull().default(0),
  freeExportsLimit: integer('free_exports_limit').notNull().default(1),
  /** The book the free export was spent on: its files may be exported again (null before the free export). */
  freeExportBookId: uuid('free_export_book_id'),
  /** The customer at Stripe (`cus_...`), made with the user's first payment. */
  stripeCustomerId: text('stripe_customer_id').unique(),
  ...timestamps,
});

/** A row of `users`. */
export type UserRow = typeof users.$inferSelect;
