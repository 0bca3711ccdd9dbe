import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { BookMetadata, CleanReport, FormattingSettings, LayoutReport } from '@quire/contracts';
import { timestamps } from './columns.ts';
import { extractions } from './extractions.ts';
import { users } from './users.ts';

/**
 * Books (accounts spec section 3 "books"; workspace spec section 3). Texts of one book:
 * `original_text` as imported, `cleaned_text` the editable Markdown after cleanup, `formatted_text` the text the
 * exports are made from (set by Format), with the layout `layout_id` (plus `layout_settings` when customised). `status` goes `imported` -> `ready` (workspace spec section 4).
 */
export const books = pgTable(
  'books',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    author: text('author').notNull(),
    sourceUrl: text('source_url'),
    /** `url`, `upload`, `collection` or `extraction` (contracts SOURCE_TYPES). */
    sourceType: text('source_type').notNull(),
    /**
     * The extraction a book of source type `extraction` was compiled from (its passages are the book's text); null
     * for other books, and once that extraction is deleted (the book lives on).
     */
    sourceExtractionId: uuid('source_extraction_id').references((): AnyPgColumn => extractions.id, { onDelete: 'set null' }),
    originalText: text('original_text').notNull(),
    cleanedText: text('cleaned_text'),
    formattedText: text('formatted_text'),
    cleanReport: jsonb('clean_report').$type<CleanReport>(),
    metadata: jsonb('metadata').$type<Partial<BookMetadata>>().notNull().default({}),
    genre: text('genre'),
    layoutId: text('layout_id'),
    /**
     * Settings of Advanced Custom formatting (contracts FormattingSettings, validated), applied over the built-in
     * layout `layout_id` (engine `settingsToLayout`); null when the book uses that layout as it is.
     */
    layoutSettings: jsonb('layout_settings').$type<FormattingSettings>(),
    /**
     * What setting the whole book in its layout showed at the last format (contracts LayoutReport: page count,
     * the margins KDP's rules raised, warnings); the PDF export applies the same adjustments. Null before.
     */
    layoutReport: jsonb('layout_report').$type<LayoutReport>(),
    status: text('status', { enum: ['imported', 'ready'] }).notNull().default('imported'),
    wordCount: integer('word_count').notNull().default(0),
    isFreeTrial: boolean('is_free_trial').notNull().default(false),
    wasTruncated: boolean('was_truncated').notNull().default(false),
    /** Words of the whole cleaned text when a free-trial book was cut (`was_truncated`); null otherwise. */
    originalWordCount: integer('original_word_count'),
    /**
     * The part of a free-trial book's cleaned text that the trial cut off (billing/trial-text.ts), kept whole and
     * put back after the working text when the document is paid for or a plan starts; null when nothing was cut.
     */
    trialRemainder: text('trial_remainder'),
    /**
     * Counts the row's updates: every drizzle update of a book adds one in the database (not from a clock, so two
     * updates in the same millisecond, or from two machines, still differ). A process that keeps a book's answer
     * (services/book-body-cache.ts) keys it by id and revision and asks only for the revision on the next read.
     */
    revision: integer('revision')
      .notNull()
      .default(0)
      // drizzle calls the update function on insert too when the default is falsy; an insert starts at 0.
      .$defaultFn(() => 0)
      .$onUpdateFn(() => sql`"books"."revision" + 1`),
    ...timestamps,
  },
  (t) => [index('books_user_id_created_at_idx').on(t.userId, t.createdAt)],
);

/** A row of `books`. */
export type BookRow = typeof books.$inferSelect;

/**
 * A book as its exports and layouts read it: the row without the texts they never use (the original, the trial's cut
 * part) and with the cleaned text optional, since an export reads the formatted text. Loading a novel's row without
 * them moves a third of the bytes (book-service.ts `loadForExport`). Every BookRow is one.
 */
export type BookForLayout = Omit<BookRow, 'originalText' | 'cleanedText' | 'trialRemainder'> & { cleanedText?: string | null };
