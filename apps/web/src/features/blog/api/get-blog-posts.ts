import { queryOptions, useQuery } from '@tanstack/react-query';
import { BlogPostListSchema, type BlogPost } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { blogKeys } from './blog-keys.ts';

/** GET /api/blog-posts?published=true: the published posts, newest first. */
export async function getBlogPosts(): Promise<BlogPost[]> {
  return BlogPostListSchema.parse(await apiRequest<unknown>('GET', '/api/blog-posts?published=true'));
}

/** Query options of {@link getBlogPosts}. */
export function blogPostsQueryOptions() {
  return queryOptions({ queryKey: blogKeys.posts(), queryFn: getBlogPosts });
}

/** The published posts (the blog list, and the related posts of an article). */
export function useBlogPosts() {
  return useQuery(blogPostsQueryOptions());
}
