import { z } from 'zod';

/**
 * A blog post as the public API shows it (accounts spec sections 3 and 6, "blog_posts"). `content` is HTML that the
 * server sanitised before storing it; `category` is a category slug; dates are ISO 8601 timestamps.
 */
export const BlogPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  content: z.string(),
  authorId: z.string().nullable(),
  category: z.string(),
  tags: z.array(z.string()),
  /** A site path (`/blog/<name>.svg`) or an https URL; null when the post has none. */
  featuredImage: z.string().nullable(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

/** GET /api/blog-posts: the published posts, newest first. */
export const BlogPostListSchema = z.array(BlogPostSchema);
export type BlogPostList = z.infer<typeof BlogPostListSchema>;

/** Query of GET /api/blog-posts: `published=true` as the spec's client sends it (drafts are never listed anyway). */
export const BlogPostListQuerySchema = z.object({
  published: z.enum(['true', 'false']).optional(),
});
export type BlogPostListQuery = z.infer<typeof BlogPostListQuerySchema>;

/** Params of GET /api/blog-posts/:slug. */
export const BlogPostSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
export type BlogPostSlugParams = z.infer<typeof BlogPostSlugParamsSchema>;

/** A blog category as the API shows it (accounts spec section 6: "a category is shown as {name, slug}"). */
export const BlogCategorySchema = z.object({ name: z.string(), slug: z.string() });
export type BlogCategory = z.infer<typeof BlogCategorySchema>;

/** GET /api/blog-categories. */
export const BlogCategoryListSchema = z.array(BlogCategorySchema);
export type BlogCategoryList = z.infer<typeof BlogCategoryListSchema>;
