/**
 * Server-side rendering of the public pages, built as its own bundle (`vite build --ssr src/prerender.tsx`):
 * - `renderLandingPage`, at build time (`scripts/prerender.ts`): `/` for a signed-out visitor, which asks the server
 *   nothing; the server sends it for `/`;
 * - `loadPageData` then `renderPageMarkup`, in the server (apps/server `services/page-renderer.ts`): any public page
 *   (/about, /blog, a post, the legal pages...), its data loaded through the server's own API on the main thread,
 *   then drawn in a worker thread with the `<head>` tags a crawler or a link preview reads; the data goes to the
 *   browser, which takes the page over with it.
 * Both render the same tree as main.tsx, so the browser hydrates the markup instead of drawing it again.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { dehydrate, hashKey, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { prefetchPageData } from './app/page-data.ts';
export { PAGE_STATE_ID } from './app/page-state.ts';
export { inlineCriticalCss } from './critical-css.ts';
import { setApiTransport } from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';
import { pageMetaTags, PageMetaCollectorContext, type PageMetaCollector } from './lib/use-page-meta.ts';

/** A page rendered on the server. */
export interface RenderedPage {
  /** 200, or 404 for a blog post that does not exist. */
  status: number;
  /** The markup of `#root`. */
  html: string;
  /** The page's `<head>` tags (title, description, Open Graph, Twitter, canonical), as HTML. */
  head: string;
  /** The data the page was rendered with, for the browser's cache (main.tsx reads it back). */
  state: DehydratedState;
}

/** The markup of the whole app at `path` with `queryClient`'s data; lazy parts are waited for. */
async function renderApp(path: string, queryClient: QueryClient, collector: PageMetaCollector | null): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageMetaCollectorContext.Provider value={collector}>
        <AppProvider queryClient={queryClient}>
          <Router ssrPath={path}>
            <AppRouter />
          </Router>
        </AppProvider>
      </PageMetaCollectorContext.Provider>
    </StrictMode>,
  );
  // Decoded once at the end: a chunk may end inside a character.
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array | string));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The markup of `#root` for a signed-out visitor at `/` (no stored session: the page asks the server nothing). Lazy
 * parts are waited for, so that the browser hydrates every part instead of drawing one again.
 */
export async function renderLandingPage(): Promise<string> {
  return renderApp('/', createQueryClient(), null);
}

/** A public page's data, loaded on the server's main thread (its API answers in process there). */
export interface LoadedPage {
  /** 200, or 404 for a blog post that does not exist. */
  status: number;
  /** The data the page shows, for the render and then for the browser's cache (main.tsx reads it back). */
  state: DehydratedState;
}

/**
 * Loads what the public page at `path` (no query string) shows from the API, for a signed-out visitor.
 * @param options.fetch answers the page's API requests (`/api/...`): the server passes one that asks itself in process.
 * @throws nothing of its own: a failed request is left in the state for the page to show.
 */
export async function loadPageData(path: string, options: { fetch: typeof fetch }): Promise<LoadedPage> {
  setApiTransport(options.fetch);
  const queryClient = createQueryClient();
  const { notFound, keys } = await prefetchPageData(queryClient, path);
  const loaded = new Set(keys.map((key) => hashKey(key)));
  // Only the page's data: never the signed-in user, which the render makes for a visitor and the browser must ask.
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' && loaded.has(query.queryHash) });
  return { status: notFound ? 404 : 200, state };
}

/** A request the render makes beyond the loaded data: none is expected, and none may leave the renderer. */
const noApi: typeof fetch = () => Promise.reject(new Error('the page renderer asks no API: its data is loaded first'));

/**
 * The markup and head tags of the public page at `path` drawn with `state` (from {@link loadPageData}). This is the
 * CPU-heavy half: the server runs it in a worker thread, off the event loop.
 * @param options.origin the site's address (PUBLIC_URL), for the canonical and Open Graph URLs.
 * @throws whatever rendering throws (the server then sends the plain page).
 */
export async function renderPageMarkup(path: string, options: { origin: string; state: DehydratedState }): Promise<{ html: string; head: string }> {
  setApiTransport(noApi);
  const queryClient = createQueryClient();
  hydrate(queryClient, options.state);
  const collector: PageMetaCollector = {};
  const html = await renderApp(path, queryClient, collector);
  return { html, head: collector.meta ? pageMetaTags(collector.meta, options.origin) : '' };
}

/**
 * Renders the public page at `path` (no query string) for a signed-out visitor in one call: {@link loadPageData}
 * then {@link renderPageMarkup} (the server runs the two halves apart).
 * @param options.origin the site's address (PUBLIC_URL), for the canonical and Open Graph URLs.
 * @param options.fetch answers the page's API requests (`/api/...`).
 * @throws whatever rendering throws.
 */
export async function renderPage(path: string, options: { origin: string; fetch: typeof fetch }): Promise<RenderedPage> {
  const { status, state } = await loadPageData(path, options);
  const { html, head } = await renderPageMarkup(path, { origin: options.origin, state });
  return { status, html, head, state };
}
