import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Messages of the support form on /contact (workspace spec sections 3 and 5, "Support message": name, email,
 * subject, priority, message; issue 13). Each is stored before it is mailed to SUPPORT_EMAIL, so a mail server that
 * is down loses nothing: `mailed_at` stays null until the mail is accepted. `user_id` is the sender's account when
 * they were signed in (kept as null when that account is deleted; the message is the sender's words to us).
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** contracts SUPPORT_SUBJECTS: technical, billing, feature, academic, publishing, other. */
    subject: text('subject').notNull(),
    /** contracts SUPPORT_PRIORITIES: low, normal, high, urgent. */
    priority: text('priority').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [index('support_messages_created_at_idx').on(t.createdAt)],
);

/** A row of `support_messages`. */
export type SupportMessageRow = typeof supportMessages.$inferSelect;
