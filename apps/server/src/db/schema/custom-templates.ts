import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { FormattingSettings } from '@quire/contracts';
import { timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * Formatting templates a user saved from the Advanced Custom tab (workspace spec section 3, "custom_templates":
 * id, userId, name, description, genre, settings, isPublic default false). `settings` is the spec's settings
 * object, validated with the contracts' FormattingSettingsSchema before it is stored; `genre` is one of the
 * contracts' GENRES. Rows go with their user (cascade). `is_public` is stored but nothing shares templates yet.
 */
export const customTemplates = pgTable(
  'custom_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    genre: text('genre').notNull().default('general'),
    settings: jsonb('settings').$type<FormattingSettings>().notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('custom_templates_user_id_created_at_idx').on(t.userId, t.createdAt)],
);

/** A row of `custom_templates`. */
export type CustomTemplateRow = typeof customTemplates.$inferSelect;
