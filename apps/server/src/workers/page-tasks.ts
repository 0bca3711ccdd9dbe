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
  /** The document the page goes into: the build's page shell, without its own title and description. */
  shell: string;
  /** The script element that carries the page's data to the browser, put after `#root`. */
  stateScript: string;
  /** The web build's folder (`dist/`), where the style sheet the shell links is read. */
  webDistDir: string;
}

/** The part of the web app's server bundle a worker uses (apps/web `src/prerender.tsx`). */
interface MarkupModule {
  renderPageMarkup(path: string, options: { origin: string; state: unknown }): Promise<{ html: string; head: string }>;
  /**
   * The document with the style rules its markup uses inlined and the whole sheet preloaded (apps/web
   * `src/critical-css.ts`); a bundle without it leaves the shell's style sheet link as it is.
   */
  inlineCriticalCss?(documentHtml: string, webDistDir: string): Promise<string>;
}

/** The empty `#root` of the page shell, which a page's markup fills. */
export const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The page's whole document: the shell with the page's head tags, its markup in `#root` followed by its data, and the
 * style rules the markup uses inlined (Beasties' parse and selector matching, 50-100 ms, is why it runs here too).
 * The bundle is imported once per thread (the module cache keeps it).
 * @throws whatever the bundle's render throws, or its critical CSS when the sheet cannot be read; the caller sends
 *   the plain app page instead.
 */
export async function renderPublicPage(input: RenderPublicPageInput): Promise<{ html: string }> {
  const bundle = (await import(pathToFileURL(input.bundleFile).href)) as MarkupModule;
  const page = await bundle.renderPageMarkup(input.path, { origin: input.origin, state: input.state });
  const html = input.shell
    .replace('</head>', () => `    ${page.head}\n  </head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root">${page.html}</div>${input.stateScript}`);
  return { html: bundle.inlineCriticalCss ? await bundle.inlineCriticalCss(html, input.webDistDir) : html };
}
