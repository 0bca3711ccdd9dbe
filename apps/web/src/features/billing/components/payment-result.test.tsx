import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { activeSubscription, billingFetch, callsTo, noSubscription } from '../../../testing/billing-fixtures.ts';
import { cleanedBook } from '../../../testing/format-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { PaymentResult } from './payment-result.tsx';

afterEach(() => vi.unstubAllGlobals());

// Asked every 20 ms; the time limit is far enough that a loaded machine still gets its three answers before it (the
// test of the limit sets its own).
const FAST = { intervalMs: 20, timeoutMs: 10_000 };

function renderResult(search: string, { signedIn = true, ...timing }: { signedIn?: boolean; intervalMs?: number; timeoutMs?: number } = FAST) {
  return renderWithProviders(<PaymentResult query={new URLSearchParams(search)} signedIn={signedIn} {...timing} />, { path: `/success?${search}` });
}

/** Answers each call to `url` with the next of `answers`, then the last one again. */
function inTurn(answers: unknown[]) {
  let call = 0;
  return () => jsonResponse(200, answers[Math.min(call++, answers.length - 1)]);
}

describe('PaymentResult (/success)', () => {
  it("confirms a subscription with the server ('Confirming your payment…'), then says 'Subscription Active' and what's next", async () => {
    const fetchMock = billingFetch({ subscription: inTurn([noSubscription, noSubscription, activeSubscription('premium')]) });
    vi.stubGlobal('fetch', fetchMock);
    renderResult('kind=subscription&plan=premium&redirect_status=succeeded');
    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription Active' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/user/subscription').length).toBeGreaterThanOrEqual(3);
    expect(await screen.findByText(/Your Premium plan is active: 15 documents a month/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Formatting' })).toHaveAttribute('href', '/');
    // The notice of the spec, besides the page.
    await waitFor(() => expect(screen.getAllByText('Subscription Active')).toHaveLength(2));
    expect(screen.queryByText(/can take a minute more/)).not.toBeInTheDocument();
  });

  it("says 'Publisher Plan Active' once the Publisher Plan is in force", async () => {
    vi.stubGlobal('fetch', billingFetch({ subscription: inTurn([noSubscription, activeSubscription('publisher')]) }));
    renderResult('kind=publisher&redirect_status=succeeded');
    expect(await screen.findByRole('heading', { level: 1, name: 'Publisher Plan Active' })).toBeInTheDocument();
    expect(await screen.findByText(/Your Publisher Plan is active: unlimited documents/)).toBeInTheDocument();
  });

  it("confirms a document once the book is no longer a trial book, then says 'Payment Successful' and leads back to it", async () => {
    const trial = { ...cleanedBook, id: 'b1', title: 'The Long Afternoon', isFreeTrial: true };
    const book = inTurn([trial, trial, { ...trial, isFreeTrial: false }]);
    const fetchMock = billingFetch({ other: (url) => (url === '/api/books/b1' ? book() : undefined) });
    vi.stubGlobal('fetch', fetchMock);
    renderResult('kind=document&bookId=b1&redirect_status=succeeded');
    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful' })).toBeInTheDocument();
    expect(screen.getByText('“The Long Afternoon” is paid for: its whole text is back, ready to format and export.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Your Book' })).toHaveAttribute('href', '/book/b1');
    expect(callsTo(fetchMock, '/api/books/b1')).toHaveLength(3);
  });

  it('stops asking after the time limit and shows the success, saying the account may take a moment', async () => {
    const fetchMock = billingFetch({ subscription: noSubscription });
    vi.stubGlobal('fetch', fetchMock);
    renderResult('kind=subscription&plan=standard&redirect_status=succeeded', { intervalMs: 20, timeoutMs: 150 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription Active' })).toBeInTheDocument();
    expect(screen.getByText(/your account can take a minute more to show it/)).toBeInTheDocument();
    const asked = callsTo(fetchMock, '/api/user/subscription').length;
    await new Promise((r) => setTimeout(r, 120));
    expect(callsTo(fetchMock, '/api/user/subscription')).toHaveLength(asked);
  });

  it('shows a payment that did not go through, with the way back to pay again', async () => {
    const fetchMock = billingFetch();
    vi.stubGlobal('fetch', fetchMock);
    renderResult('kind=document&bookId=b1&redirect_status=failed');
    expect(screen.getByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.getByText(/nothing was charged/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/checkout?bookId=b1&type=document');
    expect(screen.getByRole('link', { name: 'Back to Your Book' })).toHaveAttribute('href', '/book/b1');
    await new Promise((r) => setTimeout(r, 50));
    expect(callsTo(fetchMock, '/api/books/b1')).toHaveLength(0);
    expect(screen.queryByText('Payment Successful')).not.toBeInTheDocument();
  });

  it('says when a payment is still processing at the bank', async () => {
    vi.stubGlobal('fetch', billingFetch({ subscription: noSubscription }));
    renderResult('kind=subscription&plan=premium&redirect_status=processing', { intervalMs: 20, timeoutMs: 100 });
    expect(await screen.findByRole('heading', { name: 'Payment Processing' })).toBeInTheDocument();
  });

  it('has nothing to show without a payment in the address', () => {
    vi.stubGlobal('fetch', billingFetch());
    renderResult('');
    expect(screen.getByRole('heading', { name: 'No payment to show' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('asks a visitor who is not signed in to sign in, without asking the server', async () => {
    const fetchMock = billingFetch();
    vi.stubGlobal('fetch', fetchMock);
    renderResult('kind=document&bookId=b1&redirect_status=succeeded', { signedIn: false });
    expect(screen.getByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?next=%2Fbook%2Fb1');
    await waitFor(() => expect(screen.getAllByText('Payment Successful')).toHaveLength(2));
    expect(callsTo(fetchMock, '/api/books/b1')).toHaveLength(0);
  });
});
