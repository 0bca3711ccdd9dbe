import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * Blog categories (accounts spec section 3, "blog_categories": id, name unique, slug unique, description,
 * createdAt). Loaded from `content/blog/categories.json` at start (services/blog/load-blog-content.ts).
 */
export const blogCategories = pgTable('blog_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Blog posts (accounts spec section 3, "blog_posts"). `content` is HTML, already sanitised when stored
 * (services/blog/sanitize-post-html.ts); `category` is a category slug; `author_id` is kept when its user goes
 * (set null). Drafts (`published` false) are never served by the public routes.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    excerpt: text('excerpt').notNull().default(''),
    content: text('content').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    category: text('category').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    featuredImage: text('featured_image'),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('blog_posts_published_published_at_idx').on(t.published, t.publishedAt)],
);

/** A row of `blog_posts`. */
export type BlogPostRow = typeof blogPosts.$inferSelect;
/** A row of `blog_categories`. */
export type BlogCategoryRow = typeof blogCategories.$inferSelect;
