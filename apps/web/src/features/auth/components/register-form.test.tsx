import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { RegisterForm } from './register-form.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('RegisterForm', () => {
  it('fills in the address the exit-intent popup passed as ?email=', () => {
    renderWithProviders(<RegisterForm />, { path: '/register?email=ada%2Bbooks%40example.com' });
    expect(screen.getByLabelText('Email')).toHaveValue('ada+books@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('shows the spec messages and sends nothing while email or password is invalid', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm />, { path: '/register' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an address over 254 characters with the contract’s message, sending nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm />, { path: '/register' });
    await user.click(screen.getByLabelText('Email'));
    await user.paste(`${'a'.repeat(243)}@example.com`);
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Email must be at most 254 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names are optional: blank names are left out of the request', async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { message: 'An account with this email already exists' }));
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm />, { path: '/register' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/register');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ada@example.com', password: 'secret1' });
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('An account with this email already exists')).toBeInTheDocument();
  });

  it('sends first and last name when given', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { message: 'x' }));
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm />, { path: '/register' });
    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });
});
