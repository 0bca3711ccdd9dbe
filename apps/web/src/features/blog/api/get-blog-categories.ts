import { queryOptions, useQuery } from '@tanstack/react-query';
import { BlogCategoryListSchema, type BlogCategory } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { blogKeys } from './blog-keys.ts';

/** GET /api/blog-categories: every category as {name, slug}. */
export async function getBlogCategories(): Promise<BlogCategory[]> {
  return BlogCategoryListSchema.parse(await apiRequest<unknown>('GET', '/api/blog-categories'));
}

/** Query options of {@link getBlogCategories}; categories change only with a release. */
export function blogCategoriesQueryOptions() {
  return queryOptions({ queryKey: blogKeys.categories(), queryFn: getBlogCategories });
}

/** The categories of the blog's filter. */
export function useBlogCategories() {
  return useQuery(blogCategoriesQueryOptions());
}
