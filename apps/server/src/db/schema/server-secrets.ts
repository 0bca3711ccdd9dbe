import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A `bytea` column: bytes (a Buffer, which node-postgres gives on both databases). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Secrets the server makes for itself, shared by every API process on the database and kept across restarts
 * (services/server-secret.ts). `name` says what a secret keys (`rate-limit-keys`: the HMAC of the keys of
 * `rate_limit_windows`, so that a client address or an e-mail address cannot be found again from its hash by trying
 * every candidate); `value` is 32 random bytes, made by the first process that needs it.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: bytea('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
