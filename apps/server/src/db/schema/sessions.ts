import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Bearer-token sessions (DESIGN.md section 3, "Auth"). The token itself is never stored: `token_hash` is the
 * hex SHA-256 of the random 256-bit token. Logout deletes the row; rows past `expires_at` are refused.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** A row of `sessions`. */
export type SessionRow = typeof sessions.$inferSelect;
