/**
 * The built web app: its files, its pages and robots.txt. Registered last, after the API, and wrapped in
 * fastify-plugin because it owns the app-wide not-found handler.
 *
 * - Files of the build: the hashed ones under `/assets/` (Vite's content hashes) are cached for a year as
 *   `immutable` (RFC 8246); everything else (index.html, favicon) is revalidated on every use (`no-cache`), so a
 *   new release is seen at once. Each file is sent in its Brotli or gzip form when the build wrote one and the
 *   browser accepts it (`preCompressed`, with `Vary: Accept-Encoding`).
 * - Pages: a GET of a path the web app has a page for (contracts `WEB_ROUTES`) answers index.html with 200; any
 *   other path outside /api answers the same index.html with 404, where the app shows its 'Page Not Found'
 *   (accounts spec section 2), so crawlers and link checkers see the page is missing. `/` answers landing.html
 *   instead when the build wrote it: the same page with the landing page already rendered into it, drawn before
 *   any script runs. With the web app's server bundle beside the build, the public pages (`inSitemap` routes and the
 *   blog's posts) are sent rendered instead, each with its own head tags (services/page-renderer.ts).
 * - /robots.txt (RFC 9309): the public pages may be crawled; /api/ and the signed-in pages may not; it names the
 *   sitemap (routes/sitemap.ts).
 * - The short addresses of contracts `SITE_ALIASES` (/pricing, /faq, /privacy...) answer 301 to their page.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { matchWebRoute, SITE_ALIASES, WEB_ROUTES, webRoutePrefix } from '@quire/contracts';
import { createPageRenderer } from '../services/page-renderer.ts';

/** The app's index.html with the landing page rendered into it at build time (apps/web `scripts/prerender.ts`). */
const LANDING_PAGE_FILE = 'landing.html';

/** The codings a rendered page may go in as the server keeps it: Brotli (gzip is the compression plugin's). */
const pageEncodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/** Where Vite writes the files whose names carry a hash of their content. */
const HASHED_ASSETS_DIR = 'assets';

/** A year, the longest a cache is asked to keep a file (RFC 9111 section 5.2.2.1; RFC 8246 `immutable`). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Revalidate before every use: files whose name stays the same from one release to the next. */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/**
 * The robots.txt of the site (RFC 9309): every crawler may read the public pages; the API and the pages of
 * signed-in users (`WEB_ROUTES` with access `signed-in`, by their path prefix) are disallowed. It names the sitemap
 * at `${publicUrl}/sitemap.xml` (sitemaps.org protocol, "Specifying the Sitemap location in your robots.txt file").
 */
export function robotsTxt(publicUrl: string): string {
  const disallowed = ['/api/', ...Object.values(WEB_ROUTES).filter((r) => r.access === 'signed-in').map(webRoutePrefix)];
  return ['User-agent: *', 'Allow: /', ...disallowed.map((prefix) => `Disallow: ${prefix}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

/** Serves the built web app from `webDistDir` (when there is one), its robots.txt, and every path's not-found answer. */
export const webAppPlugin = fp<{ webDistDir: string | null; publicUrl: string }>(
  async (app, { webDistDir, publicUrl }) => {
    app.get('/robots.txt', async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(publicUrl)),
    );

    const root = webDistDir ? path.resolve(webDistDir) : null;
    const hasLandingPage = root !== null && existsSync(path.join(root, LANDING_PAGE_FILE));
    const renderPage = root ? createPageRenderer(app, root, publicUrl) : null;
    if (root) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        // The pages (`/`, `/login` ...) are answered below, with their status; the files are the build's own.
        index: false,
        // A folder is no file of the build: `/` and `/assets/` fall through to the pages' answer below.
        allowedPath: (pathname) => !pathname.endsWith('/'),
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          const hashed = path.relative(root, filePath).split(path.sep)[0] === HASHED_ASSETS_DIR;
          reply.header('cache-control', hashed ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL);
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      const alias = SITE_ALIASES[url.replace(/\/$/, '').toLowerCase()];
      if (alias && (request.method === 'GET' || request.method === 'HEAD')) return reply.redirect(alias, 301);
      const isApi = url === '/api' || url.startsWith('/api/');
      if (root && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
        // The static plugin keeps a status other than 200, and sends the page's precompressed form.
        const route = matchWebRoute(url);
        // The public pages are sent rendered, with their head tags, for crawlers and link previews.
        if (route && renderPage && (route.inSitemap || route === WEB_ROUTES.blogPost)) {
          const rendered = await renderPage(url.length > 1 ? url.replace(/\/$/, '') : url);
          if (rendered) {
            reply
              .status(rendered.status)
              .type('text/html; charset=utf-8')
              .header('cache-control', REVALIDATE_CACHE_CONTROL)
              .header('content-security-policy', app.pageSecurityPolicy(rendered.styleHashes))
              .header('vary', 'accept-encoding');
            // Brotli as the page keeps it (the compression plugin leaves an answer with a Content-Encoding alone);
            // gzip or none from the plugin otherwise.
            const accepted = request.headers['accept-encoding'];
            if (accepted && pageEncodings.negotiate(accepted) === 'br') return reply.header('content-encoding', 'br').send(rendered.brotli);
            return reply.send(rendered.html);
          }
        }
        const page = route === WEB_ROUTES.home && hasLandingPage ? LANDING_PAGE_FILE : 'index.html';
        return reply.status(route ? 200 : 404).sendFile(page);
      }
      return reply.status(404).send({ message: isApi ? 'Not found' : 'Page Not Found' });
    });
  },
  { name: 'quire-web-app' },
);
