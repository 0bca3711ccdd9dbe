import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { PLAN_CATALOGUE } from '@quire/contracts';
import { authKeys } from './features/auth/api/auth-keys.ts';
import { post } from './testing/blog-fixtures.ts';
import { jsonResponse } from './testing/render-with-providers.tsx';
import { renderLandingPage, renderPage } from './prerender.tsx';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('renderLandingPage', () => {
  it('renders the landing page as the browser draws it, so that the app takes the markup over without redrawing it', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    window.scrollTo = () => {};
    const html = await renderLandingPage();
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    // The page is there before any script runs: heading, skip link, named logo link.
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quire home' })).toHaveAttribute('href', '/');
    const heading = screen.getByRole('heading', { level: 1 });

    const recoverable = vi.fn();
    let reactRoot: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      reactRoot = hydrateRoot(
        root,
        <StrictMode>
          <AppProvider queryClient={createQueryClient()}>
            <AppRouter />
          </AppProvider>
        </StrictMode>,
        { onRecoverableError: recoverable },
      );
    });
    expect(recoverable).not.toHaveBeenCalled();
    // The same element, kept: hydrated rather than drawn again.
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(fetchMock).not.toHaveBeenCalled();
    // Unmounted inside act: the page's later work (the exit-intent popup loads after it) must not outlive jsdom.
    act(() => reactRoot?.unmount());
  });
});

const posts = [
  post('kdp-trim-sizes', { title: 'KDP trim sizes and gutters', category: 'print' }),
  post('apa-7-thesis', { title: 'Preparing a thesis in APA 7', category: 'academic' }),
  post('gutter-margins', { title: 'Gutter margins explained', category: 'print' }),
];

/** The server's in-process fetch, as the page renderer is given it: the API's answers by path. */
const serverFetch = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url === '/api/plans') return jsonResponse(200, PLAN_CATALOGUE);
  if (url === '/api/support/contact') return jsonResponse(200, { email: 'help@press.example' });
  if (url.startsWith('/api/blog-posts?')) return jsonResponse(200, posts);
  if (url === '/api/blog-categories') return jsonResponse(200, [{ name: 'Print', slug: 'print' }, { name: 'Academic', slug: 'academic' }]);
  const slug = /^\/api\/blog-posts\/(.+)$/.exec(url)?.[1];
  const found = posts.find((p) => p.slug === slug);
  return found ? jsonResponse(200, found) : jsonResponse(404, { message: 'Post not found' });
}) as unknown as typeof fetch;

/** Puts a rendered page into the document as the server sends it, then hydrates it with its data as main.tsx does. */
async function hydratePage(html: string, state: DehydratedState) {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  const queryClient = createQueryClient();
  hydrate(queryClient, state);
  const recoverable = vi.fn();
  let reactRoot: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    reactRoot = hydrateRoot(
      root,
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
      { onRecoverableError: recoverable },
    );
  });
  // Unmounted inside act before the test ends: React's scheduler must not run on after jsdom is gone.
  return { recoverable, unmount: () => act(() => reactRoot?.unmount()) };
}

describe('renderPage (the server renders the public pages)', () => {
  it('renders /about with its head tags for crawlers and link previews, and the browser takes it over as it is', async () => {
    const page = await renderPage('/about', { origin: 'https://books.example', fetch: serverFetch });
    expect(page.status).toBe(200);
    expect(page.head).toContain('<title>About Quire — Book formatting for authors, academics and publishers</title>');
    expect(page.head).toContain('<meta property="og:url" content="https://books.example/about" />');
    expect(page.head).toContain('<meta property="og:title" content="About Quire');
    expect(page.head).toContain('<meta name="twitter:card" content="summary" />');
    expect(page.head).toContain('<link rel="canonical" href="https://books.example/about" />');
    expect(page.html).toContain('Every book deserves to look like a book');
    // The page's data goes to the browser, never the user of the render (a visitor): a signed-in reader's browser
    // must still ask who they are.
    expect(page.state.queries.map((q) => q.queryKey[0])).toEqual(expect.arrayContaining(['billing', 'support']));
    expect(page.state.queries.map((q) => q.queryHash)).not.toContain(JSON.stringify(authKeys.user()));

    const browserFetch = vi.fn();
    vi.stubGlobal('fetch', browserFetch);
    window.scrollTo = () => {};
    window.history.pushState({}, '', '/about');
    await import('./pages/about-page.tsx');
    const { recoverable, unmount } = await hydratePage(page.html, page.state);
    expect(recoverable).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: 'Every book deserves to look like a book' })).toBeInTheDocument();
    // The data came with the page: the browser asks nothing again.
    expect(browserFetch).not.toHaveBeenCalled();
    unmount();
    window.history.pushState({}, '', '/');
  });

  it('renders /blog with its posts, and a post with its related posts; an unknown post is a 404', async () => {
    const list = await renderPage('/blog', { origin: 'https://books.example', fetch: serverFetch });
    expect(list.html).toContain('KDP trim sizes and gutters');
    expect(list.html).toContain('Preparing a thesis in APA 7');

    const one = await renderPage('/blog/kdp-trim-sizes', { origin: 'https://books.example', fetch: serverFetch });
    expect(one.status).toBe(200);
    expect(one.head).toContain('<title>KDP trim sizes and gutters — Quire Blog</title>');
    expect(one.head).toContain('<link rel="canonical" href="https://books.example/blog/kdp-trim-sizes" />');
    expect(one.html).toContain('Gutter margins explained'); // related: the same category

    const missing = await renderPage('/blog/no-such-post', { origin: 'https://books.example', fetch: serverFetch });
    expect(missing.status).toBe(404);
  });
});
