import { index, integer, jsonb, pgTable, real, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ExtractionSection } from '@quire/contracts';
import { books } from './books.ts';
import { timestamps } from './columns.ts';

/** A word searched for a topic as the engine reports it (engine `SearchedTerm`): weight 0-1 and where it came from. */
export interface StoredSearchedTerm {
  term: string;
  weight: number;
  source: 'topic' | 'lexicon' | 'curated';
}

/**
 * A book's topic extractions (accounts spec section 3 "extractions": id, bookId, topic, compiledTitle,
 * compiledContent, sectionsFound, averageRelevance, extractedThemes, createdAt; issue 11). One row per topic searched in one text
 * version (searching it again updates the row and its `created_at`):
 * - `topic` as typed (trimmed); `sections` the passages found, best first (contracts `ExtractionSection`, their ids
 *   pointing into the text hashed as `text_hash`); `sections_found` their number; `average_relevance` their mean
 *   relevance, 0-1; `extracted_themes` the themes of the whole set; `searched_terms` every word searched, with weights;
 * - `text_hash`: SHA-256 (hex) of the cleaned text searched. When the book's cleaned text has another hash, the
 *   passage ids may point elsewhere: the extraction is shown as changed and cannot be read or compiled;
 * - `compiled_title`, `compiled_content`, `compiled_book_id`: the last book made from it (its title, its Markdown,
 *   the book, null once that book is deleted).
 * Rows go with their book (cascade). An empty result is stored too (`sections_found` 0).
 */
export const extractions = pgTable(
  'extractions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookId: uuid('book_id')
      .notNull()
      .references((): AnyPgColumn => books.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    compiledTitle: text('compiled_title'),
    compiledContent: text('compiled_content'),
    compiledBookId: uuid('compiled_book_id').references((): AnyPgColumn => books.id, { onDelete: 'set null' }),
    sectionsFound: integer('sections_found').notNull(),
    averageRelevance: real('average_relevance').notNull(),
    extractedThemes: jsonb('extracted_themes').$type<string[]>().notNull(),
    searchedTerms: jsonb('searched_terms').$type<StoredSearchedTerm[]>().notNull(),
    sections: jsonb('sections').$type<ExtractionSection[]>().notNull(),
    textHash: text('text_hash').notNull(),
    ...timestamps,
  },
  (t) => [index('extractions_book_id_created_at_idx').on(t.bookId, t.createdAt)],
);

/** A row of `extractions`. */
export type ExtractionRow = typeof extractions.$inferSelect;
