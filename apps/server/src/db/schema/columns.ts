import { timestamp } from 'drizzle-orm/pg-core';

/** `created_at` / `updated_at` columns shared by the tables that have both (STYLE.md rule 20). */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
