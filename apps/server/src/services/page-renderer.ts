/**
 * The public pages as HTML (issue 13: "served as pre-rendered HTML that a crawler or a link preview reads without
 * running JavaScript, then hydrate into the app"): the web app's server bundle (apps/web `src/prerender.tsx`, built
 * into `dist-prerender/` beside the web app's `dist/`) renders a page with the data it shows, loaded through this
 * server's own API in process (no network), and the result goes into the build's `page-shell.html`: the page's head
 * tags, its markup in `#root`, and its data for the browser.
 *
 * The page's data is loaded here, on the main thread (the API answers in process); React's render, 30-300 ms of CPU,
 * runs in the job runner's worker threads (workers/page-tasks.ts). Each page is rendered once and kept for
 * PAGE_TTL_MS: the pages change only with a release (the blog's articles are loaded at start), but the blog shows
 * relative dates ('3 days ago'), which an hour keeps close to the browser's own. At most MAX_CACHED_PAGES are kept.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { inlineStyleHashes } from '../plugins/security-headers.ts';
import { ROOT_ELEMENT } from '../workers/page-tasks.ts';

/** What the web app's `loadPageData` answers (apps/web `src/prerender.tsx` LoadedPage). */
interface LoadedPage {
  status: number;
  state: unknown;
}

/** The part of the web app's server bundle the main thread uses (the render is the worker's: workers/page-tasks.ts). */
interface PrerenderModule {
  loadPageData(path: string, options: { fetch: typeof fetch }): Promise<LoadedPage>;
  PAGE_STATE_ID: string;
}

/** A page ready to send: its status, whole HTML document, and the hash sources of its inline styles (its critical CSS). */
export interface PageDocument {
  status: number;
  html: string;
  /** The document in Brotli at its best quality, made once per render ({@link brotliOf}). */
  brotli: Buffer;
  /** For the page's Content-Security-Policy (plugins/security-headers.ts `inlineStyleHashes`). */
  styleHashes: string[];
}

const compressBrotli = promisify(brotliCompress);

/**
 * A rendered page in Brotli at quality 11, on libuv's thread pool (about 0.1 s for a page of 80 kB, once an hour): the
 * landing page comes to 12.7 kB this way against 15.1 kB at the compression plugin's quality, which is the difference
 * between one round trip of a new connection's first window (about 14.6 kB) and two.
 */
function brotliOf(html: string): Promise<Buffer> {
  const bytes = Buffer.from(html);
  return compressBrotli(bytes, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
  });
}

/** Renders pages by path; null when the page cannot be rendered (then the plain app page is sent). */
export type PageRenderer = (pagePath: string) => Promise<PageDocument | null>;

/** Pages kept: every public page and post fits many times over; a flood of unknown slugs does not grow memory. */
const MAX_CACHED_PAGES = 500;

/** How long a rendered page is sent before it is rendered again, in milliseconds. */
const PAGE_TTL_MS = 60 * 60 * 1000;


/** JSON safe inside a `<script>` element: `<` written as its escape, so `</script>` cannot end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** A `fetch` answered by `app` in process: the requests a page makes while it is rendered. */
function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers: (init?.headers ?? {}) as Record<string, string>,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(res.rawPayload, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
  };
}

/**
 * A {@link PageRenderer} for the web build in `webDistDir`, or null when the build has no server bundle or page shell
 * (then every page is the plain app page, as before).
 * @param publicUrl the site's address (config PUBLIC_URL), for canonical and Open Graph URLs.
 */
export function createPageRenderer(app: FastifyInstance, webDistDir: string, publicUrl: string): PageRenderer | null {
  const bundleFile = path.resolve(webDistDir, '..', 'dist-prerender', 'prerender.js');
  const shellFile = path.join(webDistDir, 'page-shell.html');
  if (!existsSync(shellFile) || !existsSync(bundleFile)) return null;
  const shell = readFileSync(shellFile, 'utf8');
  if (!shell.includes(ROOT_ELEMENT)) return null;
  // The shell's own title and description give way to the page's.
  const bareShell = shell.replace(/<title>[\s\S]*?<\/title>\s*/, '').replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '');
  let bundle: Promise<PrerenderModule> | null = null;
  const cache = new Map<string, { page: Promise<PageDocument | null>; expiresAt: number }>();

  async function render(pagePath: string): Promise<PageDocument | null> {
    bundle ??= import(pathToFileURL(bundleFile).href) as Promise<PrerenderModule>;
    const prerender = await bundle;
    const loaded = await prerender.loadPageData(pagePath, { fetch: inProcessFetch(app) });
    const stateScript = `<script type="application/json" id="${prerender.PAGE_STATE_ID}">${scriptJson(loaded.state)}</script>`;
    const { html } = await app.jobs.renderPublicPage({ bundleFile, path: pagePath, origin: publicUrl, state: loaded.state, shell: bareShell, stateScript, webDistDir });
    return { status: loaded.status, html, brotli: await brotliOf(html), styleHashes: inlineStyleHashes(html) };
  }

  return (pagePath) => {
    const now = Date.now();
    const cached = cache.get(pagePath);
    if (cached && cached.expiresAt > now) return cached.page;
    const page = render(pagePath).catch((err: unknown) => {
      app.log.error({ err, path: pagePath }, 'rendering a public page failed; the plain app page is sent');
      cache.delete(pagePath);
      return null;
    });
    cache.delete(pagePath);
    if (cache.size >= MAX_CACHED_PAGES) cache.delete(cache.keys().next().value!);
    cache.set(pagePath, { page, expiresAt: now + PAGE_TTL_MS });
    return page;
  };
}
