import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Admin sessions (accounts spec sections 2 and 9: the admin area is unlocked by a shared password checked by the
 * server; issue 12: a short-lived session, not page state only). Only the hex SHA-256 of the random 256-bit token is
 * stored, in `token_hash`; a row is valid until `expires_at` (contracts ADMIN_SESSION_MINUTES after it was granted).
 * There is no user behind a row: the admin is whoever knows ADMIN_PASSWORD.
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_sessions_expires_at_idx').on(t.expiresAt)],
);

/** A row of `admin_sessions`. */
export type AdminSessionRow = typeof adminSessions.$inferSelect;
