import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { LoginForm } from './login-form.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('LoginForm', () => {
  it('shows the spec messages for a bad email and a short password, and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on failure shows "Login failed" with the server message', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Invalid email or password' }, 'Unauthorized'));
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('on success stores the token and user, then goes to / after about 100 ms', async () => {
    const user = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: null, profileImageUrl: null, createdAt: '2025-01-01T00:00:00Z' };
    fetchMock.mockImplementation(async (url) =>
      url === '/api/auth/login' ? jsonResponse(200, { token: 'tok-1', user }) : jsonResponse(200, user),
    );
    const ue = userEvent.setup();
    const { location } = renderWithProviders(<LoginForm />, { path: '/login' });
    await ue.type(screen.getByLabelText('Email'), 'ada@example.com');
    await ue.type(screen.getByLabelText('Password'), 'correct-horse');
    await ue.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(localStorage.getItem('auth_token')).toBe('tok-1'));
    expect(JSON.parse(localStorage.getItem('auth_user') ?? 'null')).toMatchObject({ email: 'ada@example.com' });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ada@example.com', password: 'correct-horse' });
    expect(location.history?.at(-1)).toBe('/login');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
  });
});
