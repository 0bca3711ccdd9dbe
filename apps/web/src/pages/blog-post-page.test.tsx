import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { post } from '../testing/blog-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { BlogPostPage } from './blog-post-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const CURRENT = post('current', {
  title: 'Widows and Orphans',
  content: '<h2>Definitions</h2><p>A widow is a line.</p>',
  tags: ['typesetting', 'widows'],
  featuredImage: '/blog/widows-orphans.svg',
  category: 'book-design',
});
const POSTS = [
  post('r1', { category: 'book-design' }),
  CURRENT,
  post('r2', { category: 'book-design' }),
  post('elsewhere', { category: 'e-books' }),
  post('r3', { category: 'book-design' }),
  post('r4', { category: 'book-design' }),
];

function serve(one: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url.startsWith('/api/blog-categories')) return Promise.resolve(jsonResponse(200, [{ name: 'Book Design', slug: 'book-design' }]));
      if (url.startsWith('/api/blog-posts?')) return Promise.resolve(jsonResponse(200, POSTS));
      return Promise.resolve(one === 200 ? jsonResponse(200, CURRENT) : jsonResponse(404, { message: 'Post not found' }));
    }),
  );
}

describe('BlogPostPage', () => {
  it('shows the article: title, date, read time, category, tags, image, content, AI note', async () => {
    serve(200);
    renderWithProviders(<BlogPostPage slug="current" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Widows and Orphans' })).toBeInTheDocument();
    expect(screen.getByText('Mar 05, 2024')).toBeInTheDocument();
    expect(screen.getAllByText('1 min read').length).toBeGreaterThan(0);
    expect(await screen.findAllByText('Book Design')).not.toHaveLength(0);
    expect(within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 2, name: 'Definitions' })).toBeInTheDocument();
    expect(document.querySelector('img[src="/blog/widows-orphans.svg"]')).not.toBeNull();
    expect(screen.getByText(/may be written with AI assistance/)).toBeInTheDocument();
    expect(document.title).toBe('Widows and Orphans — Quire Blog');
  });

  it('lists at most 3 related posts of the same category, without the current one', async () => {
    serve(200);
    renderWithProviders(<BlogPostPage slug="current" />);
    const related = await screen.findByRole('region', { name: 'Related Articles' });
    const links = within(related).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/blog/r1', '/blog/r2', '/blog/r3']);
  });

  it("copies the link with 'Link copied' when the device cannot share", async () => {
    serve(200);
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<BlogPostPage slug="current" />);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it("shows 'Article Not Found' with a link back to the blog", async () => {
    serve(404);
    renderWithProviders(<BlogPostPage slug="missing" />);
    expect(await screen.findByRole('heading', { name: 'Article Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The article you're looking for doesn't exist or has been moved.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
  });
});
