import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Password reset links (accounts spec sections 2, 8 and 9: /forgot-password and /reset-password?token=...).
 * Only the hex SHA-256 of the link's random 256-bit token is stored, in `token_hash`. A link works once
 * (`used_at` set when it is used) and until `expires_at` (1 hour after it was sent, contracts
 * `RESET_LINK_VALID_MINUTES`). Rows go with their user (cascade).
 *
 * This table supersedes the spec's `users.resetToken` / `users.resetTokenExpiry` columns: a user may hold several
 * links at once (one per request), and the token is never stored in clear.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/** A row of `password_reset_tokens`. */
export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;
