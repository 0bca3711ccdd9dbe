import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { analyticsFixture } from '../testing/admin-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { AdminAnalyticsPage } from './admin-analytics-page.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const session = { token: 'adm-1', expiresAt: '2025-03-30T12:30:00Z' };

function callsTo(url: string) {
  return fetchMock.mock.calls.filter(([u]) => u === url);
}

/** Answers the password check with `verify` and the analytics call with `analytics`. */
function serve({ verify = () => jsonResponse(200, session), analytics = () => jsonResponse(200, analyticsFixture) }: {
  verify?: () => Response | Promise<Response>;
  analytics?: () => Response | Promise<Response>;
}) {
  fetchMock.mockImplementation(async (url) => {
    if (url === '/api/admin/verify-password') return verify();
    if (url === '/api/admin/analytics') return analytics();
    if (url === '/api/admin/logout') return new Response(null, { status: 204 });
    return jsonResponse(404, { message: 'Not found' });
  });
}

async function submitPassword(password = 'open-sesame') {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText('Admin password'), password);
  await user.click(screen.getByRole('button', { name: 'Unlock' }));
  return user;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('AdminAnalyticsPage, locked', () => {
  it('asks for the password before asking the server, and is kept out of search results', async () => {
    serve({});
    renderWithProviders(<AdminAnalyticsPage />, { path: '/admin/analytics' });
    expect(screen.getByRole('heading', { name: 'Admin analytics' })).toBeInTheDocument();
    expect(screen.getByLabelText('Admin password')).toHaveFocus();
    await submitPassword('');
    expect(await screen.findByText('Please enter the admin password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it("says 'Invalid password' on a 401 and stays locked", async () => {
    serve({ verify: () => jsonResponse(401, { message: 'Invalid password' }) });
    renderWithProviders(<AdminAnalyticsPage />);
    await submitPassword('wrong');
    expect(await screen.findByText('Invalid password')).toBeInTheDocument();
    expect(screen.getByLabelText('Admin password')).toHaveAttribute('aria-invalid', 'true');
    const [[, init]] = callsTo('/api/admin/verify-password') as [[string, RequestInit]];
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ password: 'wrong' });
    expect(screen.queryByRole('button', { name: /Logout/ })).not.toBeInTheDocument();
  });

  it("says 'Authentication failed' when the server cannot be reached", async () => {
    serve({ verify: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderWithProviders(<AdminAnalyticsPage />);
    await submitPassword();
    expect(await screen.findByText('Authentication failed')).toBeInTheDocument();
  });

  it.each([
    [503, 'Admin is not enabled on this server: set ADMIN_PASSWORD to enable it.'],
    [429, 'Too many attempts. Try again in 15 minutes.'],
  ])('shows the server words of a %i as they are', async (status, message) => {
    serve({ verify: () => jsonResponse(status, { message }) });
    renderWithProviders(<AdminAnalyticsPage />);
    await submitPassword();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Invalid password')).not.toBeInTheDocument();
  });
});

describe('AdminAnalyticsPage, unlocked', () => {
  it('shows the figures with the session token, badges by status, and charts named by their summary', async () => {
    serve({});
    renderWithProviders(<AdminAnalyticsPage />);
    await submitPassword();

    expect(await screen.findByText('Total users')).toBeInTheDocument();
    const [[, init]] = callsTo('/api/admin/analytics') as [[string, RequestInit]];
    expect((init.headers as Record<string, string>)['X-Admin-Token']).toBe('adm-1');
    expect(screen.getByRole('heading', { name: 'Admin analytics' })).toHaveFocus();

    expect(screen.getByText('1,280')).toBeInTheDocument();
    expect(screen.getByText('342')).toBeInTheDocument();
    expect(screen.getByText('57')).toBeInTheDocument();
    expect(screen.getByText('$12,345.50')).toBeInTheDocument();
    const subscriptions = screen.getByRole('region', { name: 'Subscriptions' });
    expect(within(subscriptions).getByText('Pay per document').nextSibling).toHaveTextContent('12');
    expect(within(subscriptions).getByText('Standard').nextSibling).toHaveTextContent('31');

    const users = screen.getByRole('region', { name: 'Recent users' });
    expect(within(users).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(users).getByText('active')).toHaveAttribute('data-variant', 'default');
    expect(within(users).getByText('free', { selector: '[data-variant]' })).toHaveAttribute('data-variant', 'secondary');
    const books = screen.getByRole('region', { name: 'Recent books' });
    expect(within(books).getByText('ready')).toHaveAttribute('data-variant', 'default');
    expect(within(books).getByText('processing')).toHaveAttribute('data-variant', 'secondary');
    expect(within(books).getByText('Pride and Prejudice')).toBeInTheDocument();

    expect(screen.getByRole('img', { name: 'Sign-ups: 8 over 30 days; most on 5 Mar (5)' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Imports: None over 30 days' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Revenue: $49.50 over 30 days; most on 5 Mar ($49.50)' })).toBeInTheDocument();
    expect(screen.getByText('410 views')).toBeInTheDocument();
  });

  it("says 'Failed to load analytics data' when the call fails, and 'Try again' asks once more", async () => {
    let answer = () => jsonResponse(500, { message: 'Database down' });
    serve({ analytics: () => answer() });
    renderWithProviders(<AdminAnalyticsPage />);
    const user = await submitPassword();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load analytics data');
    expect(alert).toHaveTextContent('Database down');
    // No retry of its own (accounts spec section 8).
    expect(callsTo('/api/admin/analytics')).toHaveLength(1);

    answer = () => jsonResponse(200, analyticsFixture);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Total users')).toBeInTheDocument();
    expect(callsTo('/api/admin/analytics')).toHaveLength(2);
  });

  it('locks again with a notice when the server has ended the session (401)', async () => {
    serve({ analytics: () => jsonResponse(401, { message: 'Admin session expired' }) });
    renderWithProviders(<AdminAnalyticsPage />);
    await submitPassword();

    expect(await screen.findByText('Your admin session has ended. Enter the password again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Admin password')).toHaveValue('');
    expect(screen.queryByText('Failed to load analytics data')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Logout/ })).not.toBeInTheDocument();
  });

  it('Logout ends the session on the server, locks the page and forgets the figures', async () => {
    serve({});
    const { queryClient } = renderWithProviders(<AdminAnalyticsPage />);
    const user = await submitPassword();
    await screen.findByText('Total users');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByLabelText('Admin password')).toBeInTheDocument();
    expect(screen.queryByText('Total users')).not.toBeInTheDocument();
    expect(queryClient.getQueryCache().findAll({ queryKey: ['admin'] })).toHaveLength(0);
    const logout = fetchMock.mock.calls.find(([url]) => url === '/api/admin/logout');
    expect(new Headers(logout?.[1]?.headers).get('X-Admin-Token')).toBe(session.token);

    // Unlocking again asks for the figures again, with the new session.
    await submitPassword();
    await screen.findByText('Total users');
    await waitFor(() => expect(callsTo('/api/admin/analytics')).toHaveLength(2));
  });
});
