import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * First-party page views (accounts spec section 2: "each route change is reported to analytics tracking"; issue 12:
 * no third-party tracker, no personal data beyond the user id). A row holds the route's path (never its query or
 * fragment), the signed-in user's id (null for visitors, and once the account is deleted) and the time; no address,
 * user agent or other detail of the visitor.
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    path: text('path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_created_at_idx').on(t.createdAt)],
);

/** A row of `page_views`. */
export type PageViewRow = typeof pageViews.$inferSelect;
