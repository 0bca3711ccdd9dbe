import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activeSubscription, billingFetch, billingOff, callsTo, noSubscription, type BillingAnswers } from '../testing/billing-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { findPayButton, stripeMock as stripe } from '../testing/stripe-mock.tsx';
import { SubscribePage } from './subscribe-page.tsx';

vi.mock('@stripe/stripe-js/pure', () => import('../testing/stripe-mock.tsx').then((m) => m.stripeJsModule));
vi.mock('@stripe/react-stripe-js', () => import('../testing/stripe-mock.tsx').then((m) => m.reactStripeModule));

const user = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: null, profileImageUrl: null, createdAt: '2025-01-01T00:00:00Z' };
const secret = { clientSecret: 'pi_sub_secret', amountCents: 1599, description: 'Premium' };

function renderSubscribe(path: string, answers: BillingAnswers = {}) {
  const fetchMock = billingFetch({
    ...answers,
    other: async (url, init) => {
      if (url === '/api/auth/user') return jsonResponse(200, user);
      return answers.other?.(url, init);
    },
  });
  vi.stubGlobal('fetch', fetchMock);
  const rendered = renderWithProviders(<SubscribePage />, { path });
  return { fetchMock, ue: userEvent.setup(), ...rendered };
}

function subscribeAnswer(answer: () => Response): BillingAnswers['other'] {
  return (url, init) => (url === '/api/get-or-create-subscription' && init.method === 'POST' ? answer() : undefined);
}

// The payment form is a lazy chunk, compiled on its first import, which can outlast a query's wait on a busy machine.
beforeAll(() => import('../features/billing/components/payment-form.tsx'), 60_000);

beforeEach(() => stripe.reset());
afterEach(() => vi.unstubAllGlobals());

describe('SubscribePage (workspace spec sections 2, 4 and 8)', () => {
  it('subscribes to Premium by default: the plan from the catalogue, then the Payment Element', async () => {
    localStorage.setItem('auth_token', 'tok');
    const { fetchMock } = renderSubscribe('/subscribe', { other: subscribeAnswer(() => jsonResponse(200, secret)) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscribe to Premium' })).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(await within(summary).findByText('Premium plan')).toBeInTheDocument();
    expect(within(summary).getByText('Most Popular')).toBeInTheDocument();
    expect(within(summary).getByText('15 documents a month')).toBeInTheDocument();
    expect(within(summary).getByText('$15.99')).toBeInTheDocument();

    await findPayButton('Subscribe - $15.99 a month');
    const [[, init]] = callsTo(fetchMock, '/api/get-or-create-subscription', 'POST') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ plan: 'premium' });
  });

  it('subscribes to Standard when asked, and confirms with a return to /success', async () => {
    localStorage.setItem('auth_token', 'tok');
    stripe.confirmPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } });
    const { fetchMock, ue } = renderSubscribe('/subscribe?plan=standard', {
      other: subscribeAnswer(() => jsonResponse(200, { ...secret, amountCents: 799 })),
    });
    await ue.click(await findPayButton('Subscribe - $7.99 a month'));
    expect(stripe.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({ confirmParams: { return_url: `${window.location.origin}/success?kind=subscription&plan=standard` } }),
    );
    expect(await screen.findByText('Subscription Failed')).toBeInTheDocument();
    expect(screen.getAllByText('Your card has insufficient funds.').length).toBeGreaterThanOrEqual(1);
    const [[, init]] = callsTo(fetchMock, '/api/get-or-create-subscription', 'POST') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ plan: 'standard' });
  });

  it("says 'Error' / 'Failed to initialize subscription. Please try again.' when the setup fails", async () => {
    localStorage.setItem('auth_token', 'tok');
    renderSubscribe('/subscribe?plan=premium', { other: subscribeAnswer(() => jsonResponse(500, { message: 'Boom' })) });
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to initialize subscription. Please try again.')).toHaveLength(2);
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });

  it('asks a visitor to sign in or register, and to come back to this plan', async () => {
    const { fetchMock } = renderSubscribe('/subscribe?plan=standard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscribe to Standard' })).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Payment details' });
    expect(within(card).getByText(/A plan belongs to your Quire account/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?next=%2Fsubscribe%3Fplan%3Dstandard');
    expect(within(card).getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/register?next=%2Fsubscribe%3Fplan%3Dstandard');
    expect(callsTo(fetchMock, '/api/get-or-create-subscription')).toHaveLength(0);
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });

  it('does not take a second subscription from a user whose plan is in force', async () => {
    localStorage.setItem('auth_token', 'tok');
    const { fetchMock } = renderSubscribe('/subscribe?plan=premium', { subscription: activeSubscription('premium', 3) });
    expect(await screen.findByRole('heading', { name: 'You already have the Premium plan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Plan' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/get-or-create-subscription')).toHaveLength(0);
  });

  it('sends plan=publisher to the Publisher Plan page', async () => {
    const { location } = renderSubscribe('/subscribe?plan=publisher', { subscription: noSubscription });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/subscribe-publisher'));
  });

  it('says that payments are not configured on this server', async () => {
    localStorage.setItem('auth_token', 'tok');
    const { fetchMock } = renderSubscribe('/subscribe', { config: billingOff });
    expect(await screen.findByRole('heading', { name: 'Payments are not configured' })).toBeInTheDocument();
    expect(screen.getByText(/Every feature is open here/)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/get-or-create-subscription')).toHaveLength(0);
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });
});
