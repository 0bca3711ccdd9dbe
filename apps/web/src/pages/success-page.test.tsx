import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { activeSubscription, billingFetch } from '../testing/billing-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { SuccessPage } from './success-page.tsx';

const user = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: null, profileImageUrl: null, createdAt: '2025-01-01T00:00:00Z' };

afterEach(() => vi.unstubAllGlobals());

describe('SuccessPage', () => {
  it('reads what was paid for from the address Stripe returned to, and confirms it for the signed-in user', async () => {
    localStorage.setItem('auth_token', 'tok');
    vi.stubGlobal(
      'fetch',
      billingFetch({ subscription: activeSubscription('standard'), other: (url) => (url === '/api/auth/user' ? jsonResponse(200, user) : undefined) }),
    );
    renderWithProviders(<SuccessPage />, {
      path: '/success?kind=subscription&plan=standard&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret&redirect_status=succeeded',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription Active' })).toBeInTheDocument();
    expect(await screen.findByText(/Your Standard plan is active: 5 documents a month/)).toBeInTheDocument();
    expect(document.title).toBe('Your payment — Quire');
  });
});
