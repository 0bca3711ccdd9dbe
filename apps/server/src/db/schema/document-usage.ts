import { index, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { books } from './books.ts';
import { users } from './users.ts';

/**
 * Documents counted against a subscription (issue 12: "A document counts against the plan the first time one of
 * its files is exported in the billing period; re-exports of the same book do not count"): one row per user, book
 * and billing period, unique, so a book is counted once a period even when two exports race.
 */
export const documentUsage = pgTable(
  'document_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    /** Start of the billing period the export fell in. */
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('document_usage_user_book_period').on(t.userId, t.bookId, t.periodStart), index('document_usage_user_idx').on(t.userId)],
);
