import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { AppRouter } from './router.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const user = { id: 'u1', email: 'ada@example.com', firstName: null, lastName: null, profileImageUrl: null, createdAt: '2025-01-01T00:00:00Z' };

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
});
