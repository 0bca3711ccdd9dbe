import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { CoverPalette, CoverText } from '@quire/contracts';
import { books } from './books.ts';
import { timestamps } from './columns.ts';

/**
 * A book's covers (accounts spec section 3 "covers": id, bookId, prompt, imageUrl, createdAt; `image_url` is not
 * stored, the API builds it from the id). One row per cover the user made:
 * - `cover_type`: `text-only` (a template), `ai` (a style) or `upload` (the user's front artwork);
 * - `template` (elegant, bold, academic, classic) sets the type; `style` (classic, modern, minimalist, vintage) the
 *   artwork of an AI cover;
 * - `prompt`: what was sent to the image model (null when no model made the artwork);
 * - `artwork_source`: `none`, `generated` (Quire's seeded renderer), `ai-model` or `upload`; `artwork_model` the image
 *   model's name; `artwork_key` the stored artwork (`covers/<bookId>/<coverId>/artwork.<ext>`), its pixel size;
 * - `text`, `palette`: what the user edits; `chosen`: the book's cover (at most one per book, the service keeps it so);
 * - `ebook_key`: the rendered e-book JPEG (`covers/<bookId>/<coverId>/ebook.jpg`), re-rendered on every edit.
 * Rows go with their book (cascade); the files are removed by whoever removes the cover or the book.
 */
export const covers = pgTable(
  'covers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    coverType: text('cover_type').notNull(),
    template: text('template').notNull(),
    style: text('style'),
    prompt: text('prompt'),
    artworkSource: text('artwork_source').notNull(),
    artworkModel: text('artwork_model'),
    artworkKey: text('artwork_key'),
    artworkMediaType: text('artwork_media_type'),
    artworkWidthPx: integer('artwork_width_px'),
    artworkHeightPx: integer('artwork_height_px'),
    text: jsonb('text').$type<CoverText>().notNull(),
    palette: jsonb('palette').$type<CoverPalette>().notNull(),
    chosen: boolean('chosen').notNull().default(false),
    ebookKey: text('ebook_key').notNull(),
    ...timestamps,
  },
  (t) => [index('covers_book_id_idx').on(t.bookId)],
);

/** A row of `covers`. */
export type CoverRow = typeof covers.$inferSelect;
