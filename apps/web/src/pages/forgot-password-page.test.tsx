import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function submit(email: string) {
  const user = userEvent.setup();
  renderWithProviders(<ForgotPasswordPage />, { path: '/forgot-password' });
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  return user;
}

describe('ForgotPasswordPage', () => {
  it('a blank address gives the "Email required" notice and the field message, and sends nothing', async () => {
    await submit('');
    expect(await screen.findByText('Email required')).toBeInTheDocument();
    expect(screen.getAllByText('Please enter your email address')).toHaveLength(2);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a malformed address is named under the field without a notice', async () => {
    await submit('not-an-email');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.queryByText('Email required')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the address, shows "Sending..." and then "Check Your Email" with Back to Login', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = await submit('ada@example.com');

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/forgot-password');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ada@example.com' });

    answer(jsonResponse(200, { message: 'If an account exists, a link was sent.' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText(/valid for 1 hour/)).toBeInTheDocument();
    expect(screen.getByText(/spam/)).toBeInTheDocument();
    expect(screen.getByText(/^Check your email: a reset link was sent/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');

    // Another try starts from the same address.
    await user.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('a failure gives "Error" / "Failed to send reset email. Please try again." and keeps the form', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { message: 'Mailer exploded' }));
    await submit('ada@example.com');
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to send reset email. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Mailer exploded')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled());
  });

  it('a 429 shows the server message', async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { message: 'Too many requests. Try again in a few minutes.' }));
    await submit('ada@example.com');
    expect(await screen.findByText('Too many requests. Try again in a few minutes.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});
