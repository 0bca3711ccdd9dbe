import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUPPORT_ADDRESS, billingFetch, billingOff, callsTo, type BillingAnswers } from '../testing/billing-fixtures.ts';
import { conciergeSecret, inquiry, signedInUser } from '../testing/concierge-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { findPayButton, stripeMock as stripe } from '../testing/stripe-mock.tsx';
import { INQUIRY_STORAGE_KEY } from '../features/concierge/lib/inquiry-storage.ts';
import { ConciergeCheckoutPage } from './concierge-checkout-page.tsx';

// Stripe's own libraries stop at their module boundary here: real Stripe runs in the end-to-end suite.
vi.mock('@stripe/stripe-js/pure', () => import('../testing/stripe-mock.tsx').then((m) => m.stripeJsModule));
vi.mock('@stripe/react-stripe-js', () => import('../testing/stripe-mock.tsx').then((m) => m.reactStripeModule));

/** Signed in, answering the payment setup with `setup`. */
function serve(setup: () => Response | Promise<Response>): BillingAnswers['other'] {
  return (url, init) => {
    if (url === '/api/auth/user') return jsonResponse(200, signedInUser);
    if (url === '/api/create-concierge-payment' && init.method === 'POST') return setup();
    return undefined;
  };
}

function renderCheckout(other: BillingAnswers['other'], answers: BillingAnswers = {}) {
  const fetchMock = billingFetch({ ...answers, other });
  vi.stubGlobal('fetch', fetchMock);
  const rendered = renderWithProviders(<ConciergeCheckoutPage />, { path: '/concierge-checkout' });
  return { fetchMock, user: userEvent.setup(), ...rendered };
}

// The payment form is a lazy chunk, compiled on its first import, which can outlast a query's wait on a busy machine.
beforeAll(() => import('../features/billing/components/payment-form.tsx'), 60_000);

beforeEach(() => {
  stripe.reset();
  sessionStorage.setItem(INQUIRY_STORAGE_KEY, JSON.stringify(inquiry));
  localStorage.setItem('auth_token', 'tok');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('ConciergeCheckoutPage (accounts spec sections 2, 4 and 8)', () => {
  it('without a stored inquiry, goes back to /academic-concierge, asking nothing of the server', () => {
    sessionStorage.clear();
    const { fetchMock, location } = renderCheckout(serve(() => jsonResponse(200, conciergeSecret)));
    expect(location.history?.at(-1)).toBe('/academic-concierge');
    expect(callsTo(fetchMock, '/api/create-concierge-payment')).toHaveLength(0);
  });

  it('shows the project, a spinner until the client secret arrives, then the Payment Element; the inquiry is sent', async () => {
    let release: (response: Response) => void = () => {};
    const { fetchMock } = renderCheckout(serve(() => new Promise((resolve) => (release = resolve))));
    expect(await screen.findByText('Setting up secure payment...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Complete Your Concierge Order' })).toBeInTheDocument();

    const summary = screen.getByRole('region', { name: 'Project summary' });
    expect(within(summary).getAllByText(inquiry.thesisTitle)).toHaveLength(2); // the project's name and its title
    expect(within(summary).getByText('PhD')).toBeInTheDocument();
    expect(within(summary).getByText('Environmental History')).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Edit details' })).toHaveAttribute('href', '/academic-concierge#inquiry');
    expect(await within(summary).findByText('$299')).toBeInTheDocument();
    expect(within(summary).getByText('$799', { selector: 's' })).toBeInTheDocument();
    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(within(next).getByText('We contact you within 24 hours')).toBeInTheDocument();
    expect(stripe.loadStripe).not.toHaveBeenCalled();

    release(jsonResponse(200, conciergeSecret));
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    await findPayButton('Complete Payment - $299');
    expect(stripe.elementsOptions.at(-1)).toMatchObject({ clientSecret: 'pi_c_secret_1' });
    const calls = callsTo(fetchMock, '/api/create-concierge-payment', 'POST');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1].body))).toEqual({ projectData: inquiry });
  });

  it("confirms with Stripe, returning to /concierge-success; 'Processing Payment...' meanwhile; a refusal says 'Payment Failed' with Stripe's message", async () => {
    let finish: (result: unknown) => void = () => {};
    stripe.confirmPayment.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const { user } = renderCheckout(serve(() => jsonResponse(200, conciergeSecret)));
    await user.click(await findPayButton('Complete Payment - $299'));

    expect(await screen.findByRole('button', { name: 'Processing Payment...' })).toBeDisabled();
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: { kind: 'elements' },
      confirmParams: { return_url: `${window.location.origin}/concierge-success` },
    });
    finish({ error: { type: 'card_error', message: 'Your card was declined.' } });
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getAllByText('Your card was declined.').length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('button', { name: 'Complete Payment - $299' })).toBeEnabled();
  });

  it("says 'Payment Error' / 'Something went wrong. Please try again.' when confirming throws", async () => {
    stripe.confirmPayment.mockRejectedValue(new Error('network down'));
    const { user } = renderCheckout(serve(() => jsonResponse(200, conciergeSecret)));
    await user.click(await findPayButton('Complete Payment - $299'));
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(screen.getAllByText('Something went wrong. Please try again.').length).toBeGreaterThanOrEqual(1);
  });

  it('logs a failed setup and goes back to /academic-concierge', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { location } = renderCheckout(serve(() => jsonResponse(502, { message: 'Stripe did not answer.' })));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/academic-concierge'));
    expect(logged).toHaveBeenCalledWith('Failed to set up the concierge payment:', expect.any(Error));
    expect(stripe.loadStripe).not.toHaveBeenCalled();
    // The inquiry stays, so that the form is filled in again there.
    expect(sessionStorage.getItem(INQUIRY_STORAGE_KEY)).not.toBeNull();
  });

  it('asks a signed-out visitor to sign in or register and come back, setting nothing up', async () => {
    localStorage.removeItem('auth_token');
    const { fetchMock } = renderCheckout(serve(() => jsonResponse(200, conciergeSecret)));
    expect(await screen.findByText(/You need a Quire account to pay/)).toBeInTheDocument();
    const payment = screen.getByRole('region', { name: 'Payment details' });
    expect(within(payment).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?next=%2Fconcierge-checkout');
    expect(within(payment).getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/register?next=%2Fconcierge-checkout');
    expect(screen.getByRole('region', { name: 'Project summary' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/create-concierge-payment')).toHaveLength(0);
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });

  it('says that payments are not configured on this server, without loading Stripe or setting anything up', async () => {
    const { fetchMock } = renderCheckout(serve(() => jsonResponse(200, conciergeSecret)), { config: billingOff });
    expect(await screen.findByRole('heading', { name: 'Payments are not configured' })).toBeInTheDocument();
    expect(screen.getByText('Payments are not configured on this server.')).toBeInTheDocument();
    expect(screen.getByText(/The Academic Concierge cannot be paid for online here/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: SUPPORT_ADDRESS })).toHaveAttribute('href', `mailto:${SUPPORT_ADDRESS}`);
    expect(callsTo(fetchMock, '/api/create-concierge-payment')).toHaveLength(0);
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });
});
