/**
 * The public blog (issue 13; accounts spec section 7): GET /api/blog-posts (published posts, newest first; the
 * `published=true` flag of the spec's client is accepted, and drafts are never listed without it either),
 * GET /api/blog-posts/:slug (404 'Post not found' for an unknown slug or a draft), GET /api/blog-categories.
 * No token is needed.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BlogCategoryListSchema,
  BlogPostListQuerySchema,
  BlogPostListSchema,
  BlogPostSchema,
  BlogPostSlugParamsSchema,
  ErrorBodySchema,
} from '@quire/contracts';
import type { BlogService } from '../services/blog/blog-service.ts';

// Posts change with a release or an editor's save: a browser may keep them for a minute.
const CACHE_CONTROL = 'public, max-age=60';

/** Blog routes; register with prefix `/api` and the blog service. */
export const blogRoutes: FastifyPluginAsync<{ blog: BlogService }> = async (app, { blog }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/blog-posts',
    { schema: { querystring: BlogPostListQuerySchema, response: { 200: BlogPostListSchema, 400: ErrorBodySchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', CACHE_CONTROL);
      return blog.listPublished();
    },
  );

  r.get(
    '/blog-posts/:slug',
    { schema: { params: BlogPostSlugParamsSchema, response: { 200: BlogPostSchema, 404: ErrorBodySchema } } },
    async (request, reply) => {
      const post = await blog.getPublished(request.params.slug);
      void reply.header('cache-control', CACHE_CONTROL);
      return post;
    },
  );

  r.get('/blog-categories', { schema: { response: { 200: BlogCategoryListSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', CACHE_CONTROL);
    return blog.listCategories();
  });
};
