import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { NewsletterBox } from './newsletter-box.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('NewsletterBox (issue 13: stored with double opt-in)', () => {
  it("refuses a bad address without a call, then subscribes and shows the server's 'check your inbox' words", async () => {
    let release: (r: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<NewsletterBox source="blog-post" />);
    const input = screen.getByLabelText('Email address');
    await user.type(input, 'reader@');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(input, 'example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledWith('/api/newsletter/subscribe', expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'reader@example.com', source: 'blog-post' }) }));
    release(jsonResponse(202, { message: 'Almost done: check your inbox and open the link we sent to confirm your subscription.' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Almost done: check your inbox');
  });

  it('shows why the server refused, and lets the reader try again', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(429, { message: 'Too many requests. Please try again later.' })));
    const user = userEvent.setup();
    renderWithProviders(<NewsletterBox source="blog" />);
    await user.type(screen.getByLabelText('Email address'), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });
});
