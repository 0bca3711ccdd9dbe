import { queryOptions, useQuery } from '@tanstack/react-query';
import { BlogPostSchema, type BlogPost } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { blogKeys } from './blog-keys.ts';

/** GET /api/blog-posts/:slug; any non-OK answer is 'Post not found' for the page (accounts spec section 7). */
export async function getBlogPost(slug: string): Promise<BlogPost> {
  return BlogPostSchema.parse(await apiRequest<unknown>('GET', `/api/blog-posts/${encodeURIComponent(slug)}`));
}

/** Query options of {@link getBlogPost} for `slug`; a missing post is not asked again. */
export function blogPostQueryOptions(slug: string) {
  return queryOptions({ queryKey: blogKeys.post(slug), queryFn: () => getBlogPost(slug), retry: false });
}

/** One published post by slug. */
export function useBlogPost(slug: string) {
  return useQuery(blogPostQueryOptions(slug));
}
