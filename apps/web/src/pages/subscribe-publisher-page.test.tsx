import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { billingFetch, billingOff, callsTo, type BillingAnswers } from '../testing/billing-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { findPayButton, stripeMock as stripe } from '../testing/stripe-mock.tsx';
import { SubscribePublisherPage } from './subscribe-publisher-page.tsx';

vi.mock('@stripe/stripe-js/pure', () => import('../testing/stripe-mock.tsx').then((m) => m.stripeJsModule));
vi.mock('@stripe/react-stripe-js', () => import('../testing/stripe-mock.tsx').then((m) => m.reactStripeModule));

const user = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: null, profileImageUrl: null, createdAt: '2025-01-01T00:00:00Z' };

function renderPublisher(setup: () => Response, answers: BillingAnswers = {}) {
  const fetchMock = billingFetch({
    ...answers,
    other: (url, init) => {
      if (url === '/api/auth/user') return jsonResponse(200, user);
      if (url === '/api/create-publisher-subscription' && init.method === 'POST') return setup();
      return undefined;
    },
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<SubscribePublisherPage />, { path: '/subscribe-publisher' });
  return { fetchMock, ue: userEvent.setup() };
}

// The payment form is a lazy chunk, compiled on its first import, which can outlast a query's wait on a busy machine.
beforeAll(() => import('../features/billing/components/payment-form.tsx'), 60_000);

beforeEach(() => {
  stripe.reset();
  localStorage.setItem('auth_token', 'tok');
});
afterEach(() => vi.unstubAllGlobals());

describe('SubscribePublisherPage', () => {
  it('shows the Publisher Plan from the catalogue and its Payment Element, then confirms', async () => {
    stripe.confirmPayment.mockResolvedValue({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } });
    const { fetchMock, ue } = renderPublisher(() => jsonResponse(200, { clientSecret: 'pi_pub_secret', amountCents: 2999, description: 'Publisher' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Publisher Plan' })).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(await within(summary).findByText('Unlimited documents')).toBeInTheDocument();
    expect(within(summary).getByText('$29.99')).toBeInTheDocument();

    await ue.click(await findPayButton('Subscribe - $29.99 a month'));
    expect(stripe.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({ confirmParams: { return_url: `${window.location.origin}/success?kind=publisher` } }),
    );
    expect(await screen.findByText('Subscription Failed')).toBeInTheDocument();
    const [[, init]] = callsTo(fetchMock, '/api/create-publisher-subscription', 'POST') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({});
  });

  it("says 'Failed to initialize Publisher Plan subscription. Please try again.' when the setup fails", async () => {
    renderPublisher(() => jsonResponse(500, { message: 'Boom' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to initialize Publisher Plan subscription. Please try again.')).toHaveLength(2);
  });

  it('says that payments are not configured on this server', async () => {
    const { fetchMock } = renderPublisher(() => jsonResponse(500, {}), { config: billingOff });
    expect(await screen.findByText('Payments are not configured on this server.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/create-publisher-subscription')).toHaveLength(0);
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });
});
