import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlogPost } from '@quire/contracts';
import { jsonResponse, renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { post } from '../../../testing/blog-fixtures.ts';
import { BlogList } from './blog-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const CATEGORIES = [
  { name: 'E-books', slug: 'e-books' },
  { name: 'Self-Publishing', slug: 'self-publishing' },
];

function serve(posts: BlogPost[], { hang = false } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url.startsWith('/api/blog-categories')) return Promise.resolve(jsonResponse(200, CATEGORIES));
      if (hang) return new Promise(() => {});
      return Promise.resolve(jsonResponse(200, posts));
    }),
  );
}

const POSTS = [
  post('newest', { title: 'EPUB accessibility', excerpt: 'Alt text and nav', content: `<p>${'w '.repeat(450)}</p>` }),
  post('kdp', { title: 'KDP margins', excerpt: 'Gutters', category: 'self-publishing' }),
  post('bleed', { title: 'Bleed basics', excerpt: 'Images to the edge with kdp', category: 'self-publishing' }),
];

describe('BlogList', () => {
  it('shows a loading skeleton while the posts load', () => {
    serve([], { hang: true });
    renderWithProviders(<BlogList />);
    expect(screen.getByText('Loading blog posts...')).toBeInTheDocument();
  });

  it('features the first post with its read time and date, the rest in the grid', async () => {
    serve(POSTS);
    renderWithProviders(<BlogList />);
    const featured = await screen.findByTestId('featured-post');
    expect(within(featured).getByRole('link', { name: 'EPUB accessibility' })).toHaveAttribute('href', '/blog/newest');
    expect(within(featured).getByText('3 min read')).toBeInTheDocument();
    expect(within(featured).getByText('Mar 05, 2024')).toBeInTheDocument();
    expect(screen.getAllByTestId('post-card')).toHaveLength(2);
  });

  it('searches title or excerpt, case-insensitive, combined with the category', async () => {
    serve(POSTS);
    const user = userEvent.setup();
    renderWithProviders(<BlogList />);
    await screen.findByTestId('featured-post');
    await user.type(screen.getByPlaceholderText('Search articles...'), 'KDP');
    expect(within(screen.getByTestId('featured-post')).getByText('KDP margins')).toBeInTheDocument();
    expect(screen.getAllByTestId('post-card')).toHaveLength(1);

    await user.clear(screen.getByPlaceholderText('Search articles...'));
    await screen.findByRole('option', { name: 'E-books' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'e-books');
    expect(within(screen.getByTestId('featured-post')).getByText('EPUB accessibility')).toBeInTheDocument();
    expect(screen.queryAllByTestId('post-card')).toHaveLength(0);
  });

  it("shows 'No articles found' and clears the filters", async () => {
    serve(POSTS);
    const user = userEvent.setup();
    renderWithProviders(<BlogList />);
    await screen.findByTestId('featured-post');
    await user.type(screen.getByPlaceholderText('Search articles...'), 'zzz');
    expect(screen.getByText('No articles found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search terms or category filter')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('featured-post')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search articles...')).toHaveValue('');
  });
});
