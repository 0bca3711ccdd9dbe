import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { WEB_ROUTES } from '@quire/contracts';
import { planCatalogueQueryOptions } from '../features/billing/api/get-plans.ts';
import { blogCategoriesQueryOptions } from '../features/blog/api/get-blog-categories.ts';
import { blogPostQueryOptions } from '../features/blog/api/get-blog-post.ts';
import { blogPostsQueryOptions } from '../features/blog/api/get-blog-posts.ts';
import { supportContactQueryOptions } from '../lib/support-contact.ts';

/** The slug of a `/blog/:slug` path, or null. */
function blogSlugOf(path: string): string | null {
  const match = /^\/blog\/([^/]+)\/?$/.exec(path);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * Loads into `queryClient` what the public page at `path` shows from the API (the price catalogue and the support
 * address everywhere; the posts and categories of the blog pages and the sitemap), so that the server renders the
 * page whole and the browser takes it over with the same data. A failed request is left for the page to show.
 * @returns `notFound` when the path is a blog post that does not exist (the server answers 404), and `keys`, the
 *   query keys loaded: only these go to the browser (a query the render creates itself, such as the signed-in user,
 *   is the browser's to ask; the server renders for a visitor).
 */
export async function prefetchPageData(queryClient: QueryClient, path: string): Promise<{ notFound: boolean; keys: QueryKey[] }> {
  const slug = blogSlugOf(path);
  const keys: QueryKey[] = [];
  // Each query's own options type goes to prefetchQuery, so its data type is checked against its query function.
  const prefetch: QueryClient['prefetchQuery'] = (options) => {
    keys.push(options.queryKey);
    return queryClient.prefetchQuery(options);
  };
  const loads = [prefetch(planCatalogueQueryOptions()), prefetch(supportContactQueryOptions())];
  if (path === WEB_ROUTES.blog.path) loads.push(prefetch(blogPostsQueryOptions()), prefetch(blogCategoriesQueryOptions()));
  else if (path === WEB_ROUTES.sitemap.path) loads.push(prefetch(blogPostsQueryOptions()));
  else if (slug) loads.push(prefetch(blogPostQueryOptions(slug)), prefetch(blogPostsQueryOptions()), prefetch(blogCategoriesQueryOptions()));
  await Promise.all(loads);
  const notFound = slug !== null && queryClient.getQueryState(blogPostQueryOptions(slug).queryKey)?.status === 'error';
  return { notFound, keys };
}
