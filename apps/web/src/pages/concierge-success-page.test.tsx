import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { SUPPORT_ADDRESS, billingFetch } from '../testing/billing-fixtures.ts';
import { inquiry } from '../testing/concierge-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { INQUIRY_STORAGE_KEY } from '../features/concierge/lib/inquiry-storage.ts';
import { ConciergeSuccessPage } from './concierge-success-page.tsx';

beforeEach(() => vi.stubGlobal('fetch', billingFetch()));
afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('ConciergeSuccessPage (accounts spec sections 2, 4 and 8)', () => {
  it("says 'Payment Successful!', lists the next steps and the support address, and clears the stored inquiry", async () => {
    sessionStorage.setItem(INQUIRY_STORAGE_KEY, JSON.stringify(inquiry));
    renderWithProviders(<ConciergeSuccessPage />, {
      path: '/concierge-success?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret&redirect_status=succeeded',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(within(next).getByText('Check your email')).toBeInTheDocument();
    expect(within(next).getByText('We contact you within 24 hours')).toBeInTheDocument();
    expect(within(next).getByText('Your book in 14 days')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: SUPPORT_ADDRESS })).toHaveAttribute('href', `mailto:${SUPPORT_ADDRESS}`);
    expect(sessionStorage.getItem(INQUIRY_STORAGE_KEY)).toBeNull();

    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    expect(screen.getByText("We'll contact you within 24 hours to begin your project!")).toBeInTheDocument();
  });

  it('keeps the inquiry and leads back to the checkout when Stripe reports the payment as not made', () => {
    sessionStorage.setItem(INQUIRY_STORAGE_KEY, JSON.stringify(inquiry));
    renderWithProviders(<ConciergeSuccessPage />, { path: '/concierge-success?payment_intent=pi_1&redirect_status=requires_payment_method' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your payment did not go through' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/concierge-checkout');
    expect(sessionStorage.getItem(INQUIRY_STORAGE_KEY)).not.toBeNull();
  });

  it('points to the contact page when the support address cannot be read', async () => {
    vi.stubGlobal('fetch', billingFetch({ other: (url) => (url === '/api/support/contact' ? jsonResponse(500, { message: 'Down' }) : undefined) }));
    renderWithProviders(<ConciergeSuccessPage />, { path: '/concierge-success?payment_intent=pi_1&redirect_status=succeeded' });
    expect(await screen.findByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact');
  });
});
