import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLAN_CATALOGUE } from '@quire/contracts';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { AccountPage } from './account-page.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const ada = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: null, profileImageUrl: null, createdAt: '2025-01-01T00:00:00Z' };

const subscription = { plan: 'standard', status: 'active', booksUsed: 2, booksLimit: 5, currentPeriodEnd: null, active: true, cancelAtPeriodEnd: false, billingEnabled: true };

/** Answers the current user, the Plan section's calls, and `answer` for every other call. */
function serve(answer: (url: string, init: RequestInit) => Response) {
  fetchMock.mockImplementation(async (url, init) => {
    if (url === '/api/auth/user') return jsonResponse(200, ada);
    if (url === '/api/user/subscription') return jsonResponse(200, subscription);
    if (url === '/api/plans') return jsonResponse(200, PLAN_CATALOGUE);
    return answer(url, init);
  });
}

function callsTo(url: string) {
  return fetchMock.mock.calls.filter(([u]) => u === url);
}

async function renderAccount() {
  const rendered = renderWithProviders(<AccountPage />, { path: '/account' });
  await screen.findByLabelText('First name');
  return { user: userEvent.setup(), ...rendered };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('auth_token', 'tok');
  localStorage.setItem('auth_user', JSON.stringify(ada));
});
afterEach(() => vi.unstubAllGlobals());

describe('AccountPage', () => {
  it('shows the plan, with this month\'s documents', async () => {
    serve(() => jsonResponse(404, { message: 'Not found' }));
    await renderAccount();
    const plan = screen.getByRole('region', { name: 'Plan' });
    expect(await within(plan).findByText('Standard')).toBeInTheDocument();
    expect(within(plan).getByRole('progressbar', { name: 'Documents this month' })).toHaveAttribute('aria-valuetext', '2 of 5 documents this month');
    expect(within(plan).getByRole('button', { name: 'Change Plan' })).toBeInTheDocument();
  });

  it('saves first and last name with PATCH /api/user/profile and says so', async () => {
    serve(() => jsonResponse(200, { ...ada, lastName: 'Lovelace' }));
    const { user } = await renderAccount();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();

    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    const [[, init]] = callsTo('/api/user/profile') as [[string, RequestInit]];
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(JSON.parse(localStorage.getItem('auth_user') ?? 'null')).toMatchObject({ lastName: 'Lovelace' });
  });

  it('shows a failed profile save in the server words', async () => {
    serve(() => jsonResponse(500, { message: 'Database down' }));
    const { user } = await renderAccount();
    await user.type(screen.getByLabelText('Last name'), 'L');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile not saved')).toBeInTheDocument();
    expect(screen.getByText('Database down')).toBeInTheDocument();
  });

  it('a wrong current password shows the server message and keeps the user signed in', async () => {
    serve(() => jsonResponse(400, { message: 'Current password is incorrect' }));
    const { user } = await renderAccount();
    await user.type(screen.getByLabelText('Current password'), 'wrong-one');
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('Password not changed')).toBeInTheDocument();
    // In the notice and under the field.
    expect(screen.getAllByText('Current password is incorrect')).toHaveLength(2);
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    const [[, init]] = callsTo('/api/user/change-password') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ currentPassword: 'wrong-one', newPassword: 'new-secret' });
    expect(localStorage.getItem('auth_token')).toBe('tok');
  });

  it('checks the new password and its confirmation before asking the server', async () => {
    serve(() => jsonResponse(200, { message: 'ok' }));
    const { user } = await renderAccount();
    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), '123');
    await user.type(screen.getByLabelText('Confirm new password'), '124');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(screen.getByText('Please make sure both passwords match')).toBeInTheDocument();
    expect(callsTo('/api/user/change-password')).toHaveLength(0);
  });

  it('changes the password, empties the form and says so', async () => {
    serve(() => jsonResponse(200, { message: 'Password changed' }));
    const { user } = await renderAccount();
    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Your other devices have been signed out.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('"Sign out everywhere" asks first, calls the route, signs out here and goes to /login', async () => {
    serve(() => jsonResponse(200, { message: 'Signed out everywhere' }));
    const { user, location, queryClient } = await renderAccount();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/this one included/)).toBeInTheDocument();
    expect(callsTo('/api/auth/logout-all')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
    expect(callsTo('/api/auth/logout-all')[0]?.[1].method).toBe('POST');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(queryClient.getQueryData(['auth', 'user'])).toBeNull();
  });

  it('a failed "Sign out everywhere" keeps the session and shows the server message', async () => {
    serve(() => jsonResponse(503, { message: 'Try again shortly' }));
    const { user, location } = await renderAccount();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Try again shortly')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBe('tok');
    expect(location.history?.at(-1)).toBe('/account');
  });

  it('"Delete my account" says what is removed, asks the password and sends it to DELETE /api/user', async () => {
    let calls = 0;
    serve(() => (++calls === 1 ? jsonResponse(400, { message: 'Password is incorrect' }) : new Response(null, { status: 204 })));
    const { user, location } = await renderAccount();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog');
    for (const what of [/books/, /covers and exports/]) expect(within(dialog).getAllByText(what).length).toBeGreaterThan(0);

    // No password: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Please enter your password')).toBeInTheDocument();
    expect(callsTo('/api/user')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Password is incorrect')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'correct-horse');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
    const deletes = callsTo('/api/user');
    expect(deletes.map(([, init]) => init.method)).toEqual(['DELETE', 'DELETE']);
    expect(JSON.parse(String(deletes[1]![1].body))).toEqual({ password: 'correct-horse' });
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
  });
});
