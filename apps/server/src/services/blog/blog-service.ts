/**
 * The blog (issue 13; accounts spec sections 2, 3 and 7): the published posts and the categories for the public
 * routes, and the loading of our own articles (content/blog) into the database at start.
 *
 * Loading upserts by slug: a new file is inserted, a changed file updates its row, an unchanged one is left alone
 * (its `updated_at` keeps its value), and posts that have no file (written some other way) are never deleted.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { BlogCategory, BlogPost } from '@quire/contracts';
import type { Db } from '../../db/client.ts';
import { blogCategories, blogPosts, type BlogPostRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { parseArticle, parseCategories, type BlogArticle, type BlogCategoryInput } from './parse-article.ts';

/** Where the shipped articles live: `apps/server/content/blog`. */
export const DEFAULT_BLOG_CONTENT_DIR = fileURLToPath(new URL('../../../content/blog/', import.meta.url));

/** What a load changed. */
export interface BlogLoadResult {
  inserted: number;
  updated: number;
  unchanged: number;
}

function toPost(row: BlogPostRow): BlogPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    authorId: row.authorId,
    category: row.category,
    tags: row.tags,
    featuredImage: row.featuredImage,
    published: row.published,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function sameArticle(row: BlogPostRow, a: BlogArticle): boolean {
  return (
    row.title === a.title &&
    row.excerpt === a.excerpt &&
    row.content === a.content &&
    row.category === a.category &&
    JSON.stringify(row.tags) === JSON.stringify(a.tags) &&
    row.featuredImage === a.featuredImage &&
    row.published === a.published &&
    (row.publishedAt?.getTime() ?? null) === (a.publishedAt?.getTime() ?? null)
  );
}

/** The blog's use cases over `db`. */
export function createBlogService({ db }: { db: Db }) {
  async function upsertCategories(categories: BlogCategoryInput[]): Promise<void> {
    for (const c of categories) {
      await db
        .insert(blogCategories)
        .values(c)
        .onConflictDoUpdate({ target: blogCategories.slug, set: { name: c.name, description: c.description } });
    }
  }

  async function upsertArticles(articles: BlogArticle[]): Promise<BlogLoadResult> {
    const result: BlogLoadResult = { inserted: 0, updated: 0, unchanged: 0 };
    for (const article of articles) {
      const [existing] = await db.select().from(blogPosts).where(eq(blogPosts.slug, article.slug));
      if (!existing) {
        // Another server starting on the same database may insert it first: then it is theirs and equal.
        const inserted = await db.insert(blogPosts).values(article).onConflictDoNothing().returning({ id: blogPosts.id });
        if (inserted.length > 0) result.inserted += 1;
        else result.unchanged += 1;
      } else if (sameArticle(existing, article)) {
        result.unchanged += 1;
      } else {
        await db.update(blogPosts).set(article).where(eq(blogPosts.id, existing.id));
        result.updated += 1;
      }
    }
    return result;
  }

  return {
    /** Published posts, newest first (drafts are never public). */
    async listPublished(): Promise<BlogPost[]> {
      const rows = await db
        .select()
        .from(blogPosts)
        .where(eq(blogPosts.published, true))
        .orderBy(sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.createdAt));
      return rows.map(toPost);
    },

    /**
     * The published post `slug`.
     * @throws AppError NOT_FOUND 'Post not found' for an unknown slug or a draft.
     */
    async getPublished(slug: string): Promise<BlogPost> {
      const [row] = await db
        .select()
        .from(blogPosts)
        .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)));
      if (!row) throw new AppError('NOT_FOUND', 'Post not found');
      return toPost(row);
    },

    /** Every category as {name, slug}, by name. */
    async listCategories(): Promise<BlogCategory[]> {
      return db.select({ name: blogCategories.name, slug: blogCategories.slug }).from(blogCategories).orderBy(asc(blogCategories.name));
    },

    upsertCategories,
    upsertArticles,

    /**
     * Loads `categories.json` and every `*.md` article of `dir` (default: the shipped articles). A missing
     * directory loads nothing.
     * @throws BlogContentError for a file that cannot be read as an article.
     */
    async loadContent(dir: string = DEFAULT_BLOG_CONTENT_DIR): Promise<BlogLoadResult> {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { inserted: 0, updated: 0, unchanged: 0 };
        throw err;
      }
      if (names.includes('categories.json')) {
        const file = path.join(dir, 'categories.json');
        await upsertCategories(parseCategories(await readFile(file, 'utf8'), 'categories.json'));
      }
      const articles: BlogArticle[] = [];
      for (const name of names.filter((n) => n.endsWith('.md')).sort()) {
        articles.push(parseArticle(await readFile(path.join(dir, name), 'utf8'), name));
      }
      return upsertArticles(articles);
    },
  };
}

/** The blog service's interface. */
export type BlogService = ReturnType<typeof createBlogService>;
