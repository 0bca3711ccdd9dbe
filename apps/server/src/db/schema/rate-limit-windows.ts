import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters (issue 14: stateless API processes; services/rate-limiter.ts). One row per limiter and key holds
 * the hits of the key's current fixed window, shared by every API process on the database and kept across restarts.
 * `limiter` names the limit (`login-per-address`, ...); `key_hash` is the hex HMAC-SHA-256 of the key (an e-mail
 * address, a client address or a user id) under the server secret `rate-limit-keys`, never the key itself. A check is one INSERT ... ON CONFLICT DO UPDATE that starts a
 * new window once `window_ends_at` has passed; rows of windows that have ended are deleted by later checks.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    limiter: text('limiter').notNull(),
    keyHash: text('key_hash').notNull(),
    /** Requests counted in the window, refused ones included. */
    hits: integer('hits').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.limiter, t.keyHash] }),
    index('rate_limit_windows_limiter_ends_at_idx').on(t.limiter, t.windowEndsAt),
  ],
);

/** A row of `rate_limit_windows`. */
export type RateLimitWindowRow = typeof rateLimitWindows.$inferSelect;
