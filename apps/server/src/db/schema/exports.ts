import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { books } from './books.ts';

/**
 * Export files made for a book (accounts spec section 3 "exports"). `file_path` is the storage key under
 * `$QUIRE_DATA_DIR/files`; `download_url` stays null while exports are answered directly by the export call.
 */
export const exportsTable = pgTable(
  'exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    /** One of the contracts' EXPORT_FORMATS. */
    format: text('format').notNull(),
    filePath: text('file_path').notNull(),
    downloadUrl: text('download_url'),
    /** Size of the file in bytes. */
    byteSize: integer('byte_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exports_book_id_idx').on(t.bookId)],
);

/** A row of `exports`. */
export type ExportRow = typeof exportsTable.$inferSelect;
