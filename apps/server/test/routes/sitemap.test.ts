/**
 * GET /sitemap.xml (issue 13; sitemaps.org protocol 0.9): every public page with content and every published post,
 * with absolute URLs from PUBLIC_URL and their last change; drafts and private pages are not listed.
 */
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '../../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';

const PUBLIC_URL = 'https://books.example';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
});

/** The `<url>` entries of the sitemap, as {loc, lastmod}. */
async function sitemapUrls(): Promise<{ loc: string; lastmod: string }[]> {
  const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  const doc = new XMLParser().parse(res.body) as { urlset: { url: { loc: string; lastmod: string }[] } };
  return doc.urlset.url;
}

describe('GET /sitemap.xml', () => {
  it('lists the public pages and every published post, with absolute URLs and W3C dates', async () => {
    const urls = await sitemapUrls();
    const locs = urls.map((u) => u.loc);
    for (const path of ['/', '/about', '/contact', '/blog', '/academic-concierge', '/privacy-policy', '/terms-of-service', '/sitemap']) {
      expect(locs).toContain(`${PUBLIC_URL}${path}`);
    }
    for (const path of ['/login', '/account', '/checkout', '/success', '/newsletter', '/admin/analytics', '/concierge-checkout']) {
      expect(locs).not.toContain(`${PUBLIC_URL}${path}`);
    }
    const published = await t.app.db.select().from(blogPosts).where(eq(blogPosts.published, true));
    expect(published.length).toBeGreaterThanOrEqual(10);
    for (const post of published) {
      const entry = urls.find((u) => u.loc === `${PUBLIC_URL}/blog/${post.slug}`);
      expect(entry?.lastmod).toBe(post.updatedAt.toISOString());
    }
    for (const u of urls) expect(Number.isNaN(Date.parse(u.lastmod))).toBe(false);
    // The blog's page changed when its newest post did.
    const newest = Math.max(...published.map((p) => p.updatedAt.getTime()));
    expect(Date.parse(urls.find((u) => u.loc === `${PUBLIC_URL}/blog`)!.lastmod)).toBeGreaterThanOrEqual(newest);
  });

  it('leaves a draft out', async () => {
    const [post] = await t.app.db.select().from(blogPosts).limit(1);
    await t.app.db.update(blogPosts).set({ published: false }).where(eq(blogPosts.id, post!.id));
    try {
      expect((await sitemapUrls()).map((u) => u.loc)).not.toContain(`${PUBLIC_URL}/blog/${post!.slug}`);
    } finally {
      await t.app.db.update(blogPosts).set({ published: true }).where(eq(blogPosts.id, post!.id));
    }
  });
});
