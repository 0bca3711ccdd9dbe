/**
 * Public-page rendering in a worker thread (services/page-renderer.ts): React's render of a page is CPU work of
 * 30-300 ms, which must not hold the server's event loop. The page's data is loaded on the main thread, where the
 * API answers in process; here the web app's server bundle draws it.
 */
import { pathToFileURL } from 'node:url';

/** What a worker thread is asked to render. */
export interface RenderPublicPageInput {
  /** The web app's server bundle (`dist-prerender/prerender.js`), an absolute path. */
  bundleFile: string;
  /** The page's path, without query string. */
  path: string;
  /** The site's address (PUBLIC_URL), for canonical and Open Graph URLs. */
  origin: string;
  /** The page's data as the bundle's `loadPageData` answered it (TanStack Query's dehydrated state). */
  state: unknown;
}

/** The part of the web app's server bundle a worker uses (apps/web `src/prerender.tsx`). */
interface MarkupModule {
  renderPageMarkup(path: string, options: { origin: string; state: unknown }): Promise<{ html: string; head: string }>;
}

/**
 * The page's markup (`#root`'s content) and head tags, drawn by the bundle. The bundle is imported once per thread
 * (the module cache keeps it).
 * @throws whatever the bundle's render throws; the caller sends the plain app page instead.
 */
export async function renderPublicPage(input: RenderPublicPageInput): Promise<{ html: string; head: string }> {
  const bundle = (await import(pathToFileURL(input.bundleFile).href)) as MarkupModule;
  return bundle.renderPageMarkup(input.path, { origin: input.origin, state: input.state });
}
