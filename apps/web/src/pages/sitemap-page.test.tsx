import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { SITE_ALIASES, matchWebRoute } from '@quire/contracts';
import { post } from '../testing/blog-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { SitemapPage } from './sitemap-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function serve(answer: () => Response) {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => (url.startsWith('/api/blog-posts') ? answer() : jsonResponse(404, {}))));
}

describe('SitemapPage (accounts spec section 2, "Sitemap")', () => {
  it('lists main, legal and quick-access links, each to a real page or section of the app', async () => {
    serve(() => jsonResponse(200, []));
    renderWithProviders(<SitemapPage />, { path: '/sitemap' });
    const main = screen.getByRole('region', { name: 'Main pages' });
    const legal = screen.getByRole('region', { name: 'Legal' });
    const quick = screen.getByRole('region', { name: 'Quick access' });
    for (const link of [...within(main).getAllByRole('link'), ...within(legal).getAllByRole('link')]) {
      expect(matchWebRoute(link.getAttribute('href')!), link.getAttribute('href')!).toBeDefined();
    }
    const quickHrefs = within(quick).getAllByRole('link').map((a) => a.getAttribute('href')!);
    expect(quickHrefs).toEqual(['/pricing', '/demo', '/features', '/faq', '/help', '/privacy', '/terms']);
    // Each quick-access address leads to a page of the app (its section, if any, follows the #).
    for (const href of quickHrefs) expect(matchWebRoute(SITE_ALIASES[href]!.split('#')[0]!)).toBeDefined();
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it("names the first 8 posts, then '+ N more articles...' leading to /blog", async () => {
    serve(() => jsonResponse(200, Array.from({ length: 11 }, (_, i) => post(`post-${i + 1}`))));
    renderWithProviders(<SitemapPage />, { path: '/sitemap' });
    const blog = screen.getByRole('region', { name: 'Blog' });
    const more = await within(blog).findByRole('link', { name: '+ 3 more articles...' });
    expect(more).toHaveAttribute('href', '/blog');
    const posts = within(blog).getAllByRole('listitem').map((li) => within(li).getByRole('link'));
    expect(posts).toHaveLength(8);
    expect(posts[0]).toHaveAttribute('href', '/blog/post-1');
    expect(posts[7]).toHaveTextContent('Title post-8');
  });

  it('says when the articles cannot be loaded and still leads to the blog', async () => {
    serve(() => jsonResponse(500, { message: 'Down' }));
    renderWithProviders(<SitemapPage />, { path: '/sitemap' });
    expect(await screen.findByText('The articles could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the blog' })).toHaveAttribute('href', '/blog');
  });
});
