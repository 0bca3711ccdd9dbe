/**
 * GET /sitemap.xml (issue 13, "Findable and fast"; the sitemaps.org protocol 0.9): every public page of the web
 * app marked `inSitemap` in contracts WEB_ROUTES, and every published blog post, each with its absolute URL
 * (`publicUrl` + path) and `lastmod`. A page's last change is the web app's build (`pagesModifiedAt`); a post's is
 * its `updatedAt`. robots.txt names this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import { WEB_ROUTES } from '@quire/contracts';
import type { BlogService } from '../services/blog/blog-service.ts';

/** Options of {@link sitemapRoutes}. */
export interface SitemapRoutesOptions {
  /** The site's address without a trailing slash (config `publicUrl`). */
  publicUrl: string;
  blog: Pick<BlogService, 'listPublished'>;
  /** When the pages last changed: the build of the web app (its index.html), or the server's start without one. */
  pagesModifiedAt: Date;
}

/** One `<url>` of the sitemap. */
interface SitemapEntry {
  path: string;
  lastModified: Date;
}

/** Escapes the five characters XML reserves (sitemaps.org: "Entity escaping"). */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** The sitemap document of `entries` (W3C datetime dates, as the protocol asks). */
export function sitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (e) => `  <url>\n    <loc>${escapeXml(publicUrl + e.path)}</loc>\n    <lastmod>${e.lastModified.toISOString()}</lastmod>\n  </url>`,
  );
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/** The sitemap route; register without a prefix. */
export const sitemapRoutes: FastifyPluginAsync<SitemapRoutesOptions> = async (app, { publicUrl, blog, pagesModifiedAt }) => {
  app.get('/sitemap.xml', async (_request, reply) => {
    const pages = Object.values(WEB_ROUTES)
      .filter((route) => 'inSitemap' in route && route.inSitemap)
      .map((route) => ({ path: route.path, lastModified: pagesModifiedAt }));
    const posts = (await blog.listPublished()).map((post) => ({ path: `/blog/${encodeURIComponent(post.slug)}`, lastModified: new Date(post.updatedAt) }));
    // The blog's own page changes whenever a post does.
    const newestPost = posts.reduce((newest, p) => (p.lastModified > newest ? p.lastModified : newest), pagesModifiedAt);
    const entries = pages.map((page) => (page.path === WEB_ROUTES.blog.path ? { ...page, lastModified: newestPost } : page));
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(publicUrl, [...entries, ...posts]));
  });
};
