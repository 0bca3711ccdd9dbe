import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { StyleGuideFindings, StyleGuideRequirements } from '@quire/contracts';
import { timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * Style guides a user uploaded (workspace spec section 3, "user_style_guides": id, userId, name, university,
 * originalFileName, filePath, extractedRequirements, isProcessed). The document is kept in storage under
 * `file_path`; `extracted_requirements` are the requirements read from it (contracts StyleGuideRequirements),
 * `findings` what was found and what defaulted, `base_layout_id` the built-in layout the guide's layout starts
 * from (e.g. `apa-7`), `category` academic or publishing and `style_guide` the citation family named (APA, MLA,
 * Chicago, Harvard) or `Custom`. Rows go with their user (cascade).
 */
export const userStyleGuides = pgTable(
  'user_style_guides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    university: text('university'),
    originalFileName: text('original_file_name').notNull(),
    filePath: text('file_path').notNull(),
    extractedRequirements: jsonb('extracted_requirements').$type<StyleGuideRequirements>().notNull(),
    findings: jsonb('findings').$type<StyleGuideFindings>().notNull(),
    baseLayoutId: text('base_layout_id').notNull(),
    category: text('category', { enum: ['academic', 'publishing'] }).notNull().default('academic'),
    styleGuide: text('style_guide').notNull(),
    isProcessed: boolean('is_processed').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('user_style_guides_user_id_created_at_idx').on(t.userId, t.createdAt)],
);

/** A row of `user_style_guides`. */
export type UserStyleGuideRow = typeof userStyleGuides.$inferSelect;
