import { boolean, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * Preferences of one user (accounts spec section 3 "user_preferences"): at most one row per user, created on the
 * first save; a user without a row has the contracts' defaults (PreferencesSchema). `auto_clean_imports` runs
 * cleanup at import time (default true, "treated as true when unset"). `preferences` holds settings that have
 * no column yet (spec: "preferences (json)").
 */
export const userPreferences = pgTable('user_preferences', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** devotional, philosophy, literature or general. */
  defaultGenre: text('default_genre').notNull().default('general'),
  /** skip, minimalist or ai_generated. */
  preferredCoverStyle: text('preferred_cover_style').notNull().default('skip'),
  /** pdf, epub or both. */
  defaultExportFormat: text('default_export_format').notNull().default('pdf'),
  autoCleanImports: boolean('auto_clean_imports').notNull().default(true),
  preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
  ...timestamps,
});

/** A row of `user_preferences`. */
export type UserPreferencesRow = typeof userPreferences.$inferSelect;
