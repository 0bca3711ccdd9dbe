import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Book } from '@quire/contracts';
import { billingFetch, billingOff, callsTo, type BillingAnswers } from '../testing/billing-fixtures.ts';
import { cleanedBook } from '../testing/format-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { findPayButton, stripeMock as stripe } from '../testing/stripe-mock.tsx';
import { CheckoutPage } from './checkout-page.tsx';

// Stripe's own libraries stop at their module boundary here: real Stripe runs in the end-to-end suite.
vi.mock('@stripe/stripe-js/pure', () => import('../testing/stripe-mock.tsx').then((m) => m.stripeJsModule));
vi.mock('@stripe/react-stripe-js', () => import('../testing/stripe-mock.tsx').then((m) => m.reactStripeModule));

const book: Book = { ...cleanedBook, id: 'b1', title: 'The Long Afternoon', author: 'Mara Ellis', isFreeTrial: true, wasTruncated: true };
const secret = { clientSecret: 'pi_1_secret_2', amountCents: 599, description: 'Pay Per Document' };

function renderCheckout(path: string, other: BillingAnswers['other'], answers: BillingAnswers = {}) {
  const fetchMock = billingFetch({ ...answers, other });
  vi.stubGlobal('fetch', fetchMock);
  const rendered = renderWithProviders(<CheckoutPage />, { path });
  return { fetchMock, user: userEvent.setup(), ...rendered };
}

function serveBook(setup: () => Response | Promise<Response>): BillingAnswers['other'] {
  return (url, init) => {
    if (url === '/api/books/b1') return jsonResponse(200, book);
    if (url === '/api/create-payment-intent' && init.method === 'POST') return setup();
    return undefined;
  };
}

// The payment form is a lazy chunk, compiled on its first import, which can outlast a query's wait on a busy machine.
beforeAll(() => import('../features/billing/components/payment-form.tsx'), 60_000);

beforeEach(() => {
  stripe.reset();
  localStorage.setItem('auth_token', 'tok');
});
afterEach(() => vi.unstubAllGlobals());

describe('CheckoutPage (workspace spec sections 2, 4 and 8)', () => {
  it('shows the setup spinner until the client secret arrives, then the book, its price and the Payment Element', async () => {
    let release: (response: Response) => void = () => {};
    const { fetchMock } = renderCheckout('/checkout?bookId=b1&type=document', serveBook(() => new Promise((resolve) => (release = resolve))));
    expect(await screen.findByText('Setting up secure payment...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(await screen.findByText('The Long Afternoon')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(await within(summary).findByText('Pay Per Document')).toBeInTheDocument();
    expect(within(summary).getAllByText('$5.99')).toHaveLength(2);
    expect(stripe.loadStripe).not.toHaveBeenCalled();

    release(jsonResponse(200, secret));
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    await findPayButton('Pay $5.99');
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_quire');
    expect(stripe.elementsOptions.at(-1)).toMatchObject({ clientSecret: 'pi_1_secret_2' });
    const [[, init]] = callsTo(fetchMock, '/api/create-payment-intent', 'POST') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ type: 'document', bookId: 'b1' });
  });

  it("confirms with Stripe, returning to /success for the book; a refusal says 'Payment Failed' with Stripe's message", async () => {
    let finish: (result: unknown) => void = () => {};
    stripe.confirmPayment.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const { user } = renderCheckout('/checkout?bookId=b1', serveBook(() => jsonResponse(200, secret)));
    await user.click(await findPayButton('Pay $5.99'));

    expect(await screen.findByRole('button', { name: 'Processing Payment...' })).toBeDisabled();
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: { kind: 'elements' },
      confirmParams: { return_url: `${window.location.origin}/success?kind=document&bookId=b1` },
    });
    finish({ error: { type: 'card_error', message: 'Your card was declined.' } });
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getAllByText('Your card was declined.').length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('button', { name: 'Pay $5.99' })).toBeEnabled();
  });

  it("says 'Error' / 'Failed to initialize payment. Please try again.' when the setup fails, and can try again", async () => {
    let fail = true;
    const { fetchMock, user } = renderCheckout(
      '/checkout?bookId=b1&type=document',
      serveBook(() => (fail ? jsonResponse(502, { message: 'Stripe did not answer.' }) : jsonResponse(200, secret))),
    );
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to initialize payment. Please try again.')).toHaveLength(2);
    expect(screen.getByText('Stripe did not answer.')).toBeInTheDocument();
    expect(stripe.loadStripe).not.toHaveBeenCalled();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findPayButton('Pay $5.99')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/create-payment-intent', 'POST')).toHaveLength(2);
  });

  it('pays for the thesis package at its catalogue price', async () => {
    const { fetchMock } = renderCheckout(
      '/checkout?bookId=b1&type=thesis',
      serveBook(() => jsonResponse(200, { ...secret, amountCents: 1999, description: 'Thesis Package' })),
    );
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(await within(summary).findByText('Thesis Package')).toBeInTheDocument();
    expect(await findPayButton('Pay $19.99')).toBeInTheDocument();
    const [[, init]] = callsTo(fetchMock, '/api/create-payment-intent', 'POST') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ type: 'thesis', bookId: 'b1' });
  });

  it('without a book, says how to get here and links home, asking nothing of Stripe', async () => {
    const { fetchMock } = renderCheckout('/checkout', () => undefined);
    expect(await screen.findByRole('heading', { name: 'No document to pay for' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Your Books' })).toHaveAttribute('href', '/');
    expect(callsTo(fetchMock, '/api/create-payment-intent')).toHaveLength(0);
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });

  it('says Book Not Found for a book that is not the user\'s', async () => {
    renderCheckout('/checkout?bookId=zz', () => undefined);
    expect(await screen.findByRole('heading', { name: 'Book Not Found' })).toBeInTheDocument();
  });

  it('says that payments are not configured on this server, without loading Stripe or setting anything up', async () => {
    const { fetchMock } = renderCheckout('/checkout?bookId=b1', serveBook(() => jsonResponse(200, secret)), { config: billingOff });
    expect(await screen.findByRole('heading', { name: 'Payments are not configured' })).toBeInTheDocument();
    expect(screen.getByText('Payments are not configured on this server.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, '/api/billing/config')).toHaveLength(1));
    expect(callsTo(fetchMock, '/api/create-payment-intent')).toHaveLength(0);
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });
});
