import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchWebRoute } from '@quire/contracts';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { AppRouter } from './router.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const user = { id: 'u1', email: 'ada@example.com', firstName: null, lastName: null, profileImageUrl: null, createdAt: '2025-01-01T00:00:00Z' };

// The lazy pages are compiled on their first import, which can take longer than a query's wait on a busy machine:
// load them once before any test waits for one.
beforeAll(async () => {
  await Promise.all([
    import('../pages/home-page.tsx'),
    import('../pages/book-workspace-page.tsx'),
    import('../pages/login-page.tsx'),
    import('../pages/register-page.tsx'),
    import('../pages/forgot-password-page.tsx'),
    import('../pages/reset-password-page.tsx'),
    import('../pages/account-page.tsx'),
    import('../pages/admin-analytics-page.tsx'),
    import('../pages/checkout-page.tsx'),
    import('../pages/subscribe-page.tsx'),
    import('../pages/subscribe-publisher-page.tsx'),
    import('../pages/success-page.tsx'),
  ]);
}, 60_000);

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  window.scrollTo = () => {};
});
afterEach(() => vi.unstubAllGlobals());

describe('AppRouter', () => {
  it('shows the 404 screen for an unknown path', async () => {
    renderWithProviders(<AppRouter />, { path: '/no-such-page' });
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['/pricing', '/#pricing'],
    ['/faq', '/contact#faq'],
    ['/privacy', '/privacy-policy'],
    ['/terms', '/terms-of-service'],
  ])('leads the quick-access address %s to %s, not to the 404', async (from, to) => {
    fetchMock.mockImplementation(async () => jsonResponse(401, { message: 'Unauthorized' }));
    const { location } = renderWithProviders(<AppRouter />, { path: from });
    await waitFor(() => expect(location.history?.at(-1)).toBe(to));
    // The memory location of the tests keeps a #section in the path; a browser's does not, so only whole pages are checked here.
    if (!to.includes('#')) expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Page Not Found');
  });

  it('shows the landing page at / when signed out, without asking the server', () => {
    renderWithProviders(<AppRouter />, { path: '/' });
    expect(screen.getAllByRole('link', { name: 'Start Free Trial' })[0]).toHaveAttribute('href', '/register');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.title).toMatch(/Quire/);
  });

  it('shows the home screen at / when signed in, with the email when there is no first name', async () => {
    localStorage.setItem('auth_token', 'tok');
    fetchMock.mockImplementation(async (url) => (url === '/api/auth/user' ? jsonResponse(200, user) : jsonResponse(200, [])));
    renderWithProviders(<AppRouter />, { path: '/' });
    expect(await screen.findByRole('button', { name: /Start Publishing/ })).toBeInTheDocument();
    expect(screen.getByTestId('user-name')).toHaveTextContent('ada@example.com');
    expect(await screen.findByText('No books yet')).toBeInTheDocument();
  });

  it('shows Book Not Found when the book cannot be loaded', async () => {
    localStorage.setItem('auth_token', 'tok');
    fetchMock.mockImplementation(async (url) =>
      url === '/api/auth/user' ? jsonResponse(200, user) : jsonResponse(404, { message: 'Book not found' }),
    );
    renderWithProviders(<AppRouter />, { path: '/book/missing' });
    expect(await screen.findByRole('heading', { name: 'Book Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The book you're looking for doesn't exist or has been deleted.")).toBeInTheDocument();
  });

  it.each(['/book/42', '/format/42'])('sends a signed-out visitor at %s to Sign In, and back there after signing in', async (path) => {
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/auth/login') return jsonResponse(200, { token: 'tok-1', user });
      if (url === '/api/auth/user') return jsonResponse(200, user);
      return jsonResponse(404, { message: 'Book not found' });
    });
    const { location } = renderWithProviders(<AppRouter />, { path });

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText('Page Not Found')).not.toBeInTheDocument();
    expect(location.history?.at(-1)).toBe(`/login?next=${encodeURIComponent(path)}`);
    expect(screen.getByRole('link', { name: 'Create one' })).toHaveAttribute('href', `/register?next=${encodeURIComponent(path)}`);

    const ue = userEvent.setup();
    await ue.type(screen.getByLabelText('Email'), 'ada@example.com');
    await ue.type(screen.getByLabelText('Password'), 'correct-horse');
    await ue.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(location.history?.at(-1)).toBe(path));
    // The signed-in page itself, here the workspace of a book the server does not have.
    expect(await screen.findByRole('heading', { name: 'Book Not Found' })).toBeInTheDocument();
  });

  it.each(['/', '/login', '/register/', '/book/1', '/book', '/book/1/2', '/format', '/format/x', '/format/x/y', '/forgot-password', '/account', '/account/x', '/admin/analytics', '/admin', '/about', '/assets/x.js', '/checkout', '/checkout/x', '/subscribe', '/subscribe-publisher', '/success', '/success/x'])(
    'shows the 404 page at %s exactly where the shared route table (which the server answers 404 by) has no page',
    async (path) => {
      renderWithProviders(<AppRouter />, { path });
      // Lazy pages load first; the 404 page is part of the first bundle.
      await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
      expect(screen.queryByRole('heading', { name: 'Page Not Found' }) !== null).toBe(matchWebRoute(path) === undefined);
    },
  );

  it.each(['/', '/book/42'])('starts the signed-in page at %s with a skip link to the main content, and names the logo link', async (path) => {
    localStorage.setItem('auth_token', 'tok');
    fetchMock.mockImplementation(async (url) =>
      url === '/api/auth/user' ? jsonResponse(200, user) : url === '/api/books' ? jsonResponse(200, []) : jsonResponse(404, { message: 'Book not found' }),
    );
    renderWithProviders(<AppRouter />, { path });
    expect(await screen.findByTestId('user-name')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quire home' })).toHaveAttribute('href', '/');

    const ue = userEvent.setup();
    await ue.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await ue.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    // Tabbing on goes into the main content, past the header.
    await ue.tab();
    expect(screen.getByRole('main').contains(document.activeElement)).toBe(true);
  });

  it('sends a signed-out visitor at /checkout to Sign In, keeping the book to pay for', async () => {
    const { location } = renderWithProviders(<AppRouter />, { path: '/checkout?bookId=b1&type=document' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe(`/login?next=${encodeURIComponent('/checkout?bookId=b1&type=document')}`);
  });

  it('opens /subscribe to a visitor, who is asked to sign in before paying', async () => {
    fetchMock.mockImplementation(async (url) =>
      url === '/api/billing/config' ? jsonResponse(200, { enabled: true, publishableKey: 'pk_test_x' }) : jsonResponse(404, { message: 'Not found' }),
    );
    renderWithProviders(<AppRouter />, { path: '/subscribe' });
    expect(await screen.findByText(/A plan belongs to your Quire account/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign In' }).at(-1)).toHaveAttribute('href', '/login?next=%2Fsubscribe%3Fplan%3Dpremium');
  });

  it('opens /admin/analytics to anyone, locked, without asking the server', async () => {
    renderWithProviders(<AppRouter />, { path: '/admin/analytics' });
    expect(await screen.findByLabelText('Admin password')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin analytics' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens /forgot-password and /reset-password to anyone, and the login links to the first', async () => {
    const { location } = renderWithProviders(<AppRouter />, { path: '/login' });
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/forgot-password');
  });

  it('sends /reset-password without a token to /login with the "Invalid Link" notice', async () => {
    const { location } = renderWithProviders(<AppRouter />, { path: '/reset-password' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/login');
    expect(await screen.findByText('Invalid Link')).toBeInTheDocument();
  });

  it('sends a signed-out visitor at /account to Sign In, and the signed-in header name opens it', async () => {
    const first = renderWithProviders(<AppRouter />, { path: '/account' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(first.location.history?.at(-1)).toBe('/login?next=%2Faccount');
    first.unmount();

    localStorage.setItem('auth_token', 'tok');
    fetchMock.mockImplementation(async (url) => (url === '/api/auth/user' ? jsonResponse(200, user) : jsonResponse(200, [])));
    const { location } = renderWithProviders(<AppRouter />, { path: '/' });
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('link', { name: /Account settings/ }));
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/account');
  });
});
