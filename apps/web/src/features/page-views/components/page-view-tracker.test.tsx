import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { navigate } from 'wouter/use-browser-location';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { pageViewPath } from '../api/record-page-view.ts';
import { PageViewTracker } from './page-view-tracker.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

function reportedPaths(): unknown[] {
  return fetchMock.mock.calls
    .filter(([url]) => url === '/api/events/page-view')
    .map(([, init]) => JSON.parse(String(init.body)).path);
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('pageViewPath', () => {
  it.each([
    ['/reset-password?token=secret', '/reset-password'],
    ['/blog/post#comments', '/blog/post'],
    ['/book/42?tab=export#top', '/book/42'],
    ['/', '/'],
    ['', '/'],
  ])('records %s as %s', (location, path) => {
    expect(pageViewPath(location)).toBe(path);
  });
});

describe('PageViewTracker', () => {
  it('reports the first page and each route change, by path only, with the bearer token when signed in', async () => {
    localStorage.setItem('auth_token', 'tok');
    const { location } = renderWithProviders(<PageViewTracker />, { path: '/login?next=%2Faccount' });
    await waitFor(() => expect(reportedPaths()).toEqual(['/login']));
    const [[, init]] = fetchMock.mock.calls as [[string, RequestInit]];
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Authorization']).toBe('Bearer tok');

    act(() => location.navigate('/reset-password?token=secret'));
    act(() => location.navigate('/reset-password?token=other'));
    act(() => location.navigate('/account'));
    await waitFor(() => expect(reportedPaths()).toEqual(['/login', '/reset-password', '/account']));
  });

  it.each([
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server refuses', async () => new Response('{"message":"Bad path"}', { status: 400 })],
  ])('ignores a failed report when %s: nothing thrown, nothing shown', async (_, answer) => {
    // An unhandled rejection would fail the run.
    fetchMock.mockImplementation(answer);
    const { container } = renderWithProviders(<PageViewTracker />, { path: '/about' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container).toBeEmptyDOMElement();
  });

  it('reads the browser location when no router is given, without its query string', async () => {
    navigate('/about?utm_source=mail#team');
    render(<PageViewTracker />);
    await waitFor(() => expect(reportedPaths()).toEqual(['/about']));
    navigate('/');
  });
});
