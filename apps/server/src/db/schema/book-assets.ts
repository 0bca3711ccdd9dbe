import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { books } from './books.ts';

/**
 * Images that came with an imported book (issue 3, "Import": DOCX and EPUB images are kept), one row per file.
 * `path` is the name the book's Markdown uses (`images/<name>`, name of `[A-Za-z0-9._-]`, unique per book);
 * `storage_key` is where the bytes are under `$QUIRE_DATA_DIR/files` (`books/<bookId>/images/<name>`);
 * `media_type` is one of image/png, image/jpeg, image/gif, image/webp; `byte_size` is the file's size in bytes.
 * Rows go with their book (cascade); the files are removed by whoever removes the book.
 */
export const bookAssets = pgTable(
  'book_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    mediaType: text('media_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Also serves lookups by book alone (its leading column).
  (t) => [uniqueIndex('book_assets_book_id_path_idx').on(t.bookId, t.path)],
);

/** A row of `book_assets`. */
export type BookAssetRow = typeof bookAssets.$inferSelect;
