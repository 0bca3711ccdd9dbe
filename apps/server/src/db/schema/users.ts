import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/**
 * Accounts (accounts spec section 3, "users"). `email` is stored lower-cased and unique; `password_hash` is an
 * argon2id PHC string. The payment-provider ids of the spec come with their feature; the spec's reset-token columns
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
  ...timestamps,
});

/** A row of `users`. */
export type UserRow = typeof users.$inferSelect;
