import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function fill(password: string, confirmation: string) {
  const user = userEvent.setup();
  const rendered = renderWithProviders(<ResetPasswordPage />, { path: '/reset-password?token=tok-abc' });
  if (password) await user.type(screen.getByLabelText('New password'), password);
  if (confirmation) await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  return { user, ...rendered };
}

describe('ResetPasswordPage', () => {
  it('without a token shows "Invalid Link" and goes to /login', async () => {
    const { location } = renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    expect(await screen.findByText('Invalid Link')).toBeInTheDocument();
    expect(screen.getByText('This password reset link is invalid or has expired.')).toBeInTheDocument();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['', '', 'Password required', 'Please enter a new password'],
    ['12345', '12345', 'Password too short', 'Password must be at least 6 characters long'],
    ['secret1', 'secret2', "Passwords don't match", 'Please make sure both passwords match'],
  ])('with %j and %j shows "%s" / "%s" and sends nothing', async (password, confirmation, title, message) => {
    await fill(password, confirmation);
    expect(await screen.findByText(title)).toBeInTheDocument();
    // Once in the notice, once under the field.
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('each password field has a show/hide toggle', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password?token=tok-abc' });
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(2);
    await user.click(toggles[1]!);
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password');
  });

  it('sends the token and password, then shows "Password Reset Successful" with Go to Login', async () => {
    localStorage.setItem('auth_token', 'old-session');
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'Password has been reset' }));
    await fill('new-secret', 'new-secret');

    expect(await screen.findByRole('heading', { name: 'Password Reset Successful' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/reset-password');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'tok-abc', password: 'new-secret' });
    // The server ended every session, so the one kept here is gone too.
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('an "Invalid or expired" answer gives "Reset Failed" and the invalid-link view', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { message: 'Invalid or expired reset link' }));
    await fill('new-secret', 'new-secret');

    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByText('Reset Failed')).toBeInTheDocument();
    expect(screen.getByText('This reset link has expired or is invalid. Please request a new one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('any other failure keeps the form with "Failed to reset password. Please try again."', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { message: 'Database down' }));
    await fill('new-secret', 'new-secret');

    expect(await screen.findByText('Failed to reset password. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Reset Failed')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Invalid Reset Link' })).not.toBeInTheDocument();
  });
});
