import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { NewsletterPage } from './newsletter-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function serve(answer: () => Response) {
  const fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('NewsletterPage (issue 13: the mailed links)', () => {
  it('confirms a subscription from ?confirm=, once', async () => {
    const fetchMock = serve(() => jsonResponse(200, { message: 'Your subscription is confirmed. The next newsletter will reach you.' }));
    renderWithProviders(<NewsletterPage />, { path: '/newsletter?confirm=tok_confirm_0123456789' });
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your subscription...');
    expect(await screen.findByRole('heading', { name: 'Subscription confirmed' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/newsletter/confirm', expect.objectContaining({ body: JSON.stringify({ token: 'tok_confirm_0123456789' }) }));
  });

  it('unsubscribes from ?unsubscribe=', async () => {
    serve(() => jsonResponse(200, { message: 'You are unsubscribed. We will not send you the newsletter again.' }));
    renderWithProviders(<NewsletterPage />, { path: '/newsletter?unsubscribe=tok_unsub_0123456789' });
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(screen.getByText('You are unsubscribed. We will not send you the newsletter again.')).toBeInTheDocument();
  });

  it('says when a link is invalid or has expired', async () => {
    serve(() => jsonResponse(400, { message: 'This link is invalid or has expired.' }));
    renderWithProviders(<NewsletterPage />, { path: '/newsletter?confirm=tok_old_0123456789' });
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByText('This link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByText(/Subscribe again from the blog/)).toBeInTheDocument();
  });

  it('explains itself without a link, asking nothing of the server', () => {
    const fetchMock = serve(() => jsonResponse(500, {}));
    renderWithProviders(<NewsletterPage />, { path: '/newsletter' });
    expect(screen.getByRole('heading', { name: 'No newsletter link' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
