import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Subscription } from '@quire/contracts';
import { activeSubscription, billingFetch, billingOff, noSubscription } from '../../../testing/billing-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { SubscriptionCard } from './subscription-card.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderCard(subscription: Subscription | (() => Response)) {
  vi.stubGlobal('fetch', billingFetch({ subscription }));
  renderWithProviders(<SubscriptionCard />);
  return screen.getByRole('region', { name: 'Your plan' });
}

describe('SubscriptionCard (accounts spec sections 2, 4 and 9)', () => {
  it('shows the plan, its status, price and renewal, and this month\'s documents as a bar', async () => {
    const card = renderCard(activeSubscription('standard', 3));
    expect(await within(card).findByText('Standard')).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(await within(card).findByText('$7.99 a month')).toBeInTheDocument();
    expect(card).toHaveTextContent('$7.99 a month · Renews 3 Apr 2025');
    const bar = within(card).getByRole('progressbar', { name: 'Documents this month' });
    expect(bar).toHaveAttribute('aria-valuenow', '60');
    expect(bar).toHaveAttribute('aria-valuetext', '3 of 5 documents this month');
    expect(within(card).getByText('3 of 5 documents this month')).toBeInTheDocument();
    expect(within(card).queryByText(/left this month/)).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Change Plan' })).toBeInTheDocument();
  });

  it('warns when more than 80 % of the documents are used, not at 80 %', async () => {
    const card = renderCard(activeSubscription('premium', 13));
    expect(await within(card).findByText('Only 2 documents left this month. A larger plan gives you more.')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '87');
  });

  it('does not warn at exactly 80 %', async () => {
    const card = renderCard(activeSubscription('standard', 4));
    expect(await within(card).findByRole('progressbar')).toHaveAttribute('aria-valuenow', '80');
    expect(within(card).queryByText(/left this month/)).not.toBeInTheDocument();
  });

  it('caps the bar at 100 % when more documents were used than the plan has', async () => {
    const card = renderCard(activeSubscription('standard', 7));
    const bar = await within(card).findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('100%');
    expect(within(card).getByText('7 of 5 documents this month')).toBeInTheDocument();
    expect(within(card).getByText(/You have used all 5 documents of this month/)).toBeInTheDocument();
  });

  it('says "Unlimited documents" for the Publisher plan, without a bar', async () => {
    const card = renderCard(activeSubscription('publisher', 12));
    expect(await within(card).findByText('Unlimited documents')).toBeInTheDocument();
    expect(within(card).getByText('12 documents this month')).toBeInTheDocument();
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('without a subscription, prompts "Choose a Plan" with the lowest price, which opens the plan dialog', async () => {
    const user = userEvent.setup();
    const card = renderCard(noSubscription);
    expect(await within(card).findByText(/Plans start at \$7\.99 a month for 5 documents/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Choose a Plan' }));
    expect(await screen.findByRole('dialog', { name: 'Choose Your Plan' })).toBeInTheDocument();
  });

  it('says in words when a payment is past due, and offers the plans', async () => {
    const card = renderCard({ ...activeSubscription('premium', 2), status: 'past_due', active: false });
    expect(await within(card).findByText('Payment past due')).toBeInTheDocument();
    expect(within(card).getByText(/Your last payment did not go through/)).toBeInTheDocument();
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Choose a Plan' })).toBeInTheDocument();
  });

  it('says in words when the plan was canceled', async () => {
    const card = renderCard({ ...activeSubscription('standard'), status: 'canceled', active: false });
    expect(await within(card).findByText('Canceled')).toBeInTheDocument();
    expect(within(card).getByText('This plan has ended. Choose a plan to format more books.')).toBeInTheDocument();
    expect(within(card).getByText(/Ended 3 Apr 2025/)).toBeInTheDocument();
  });

  it('says plainly that payments are not configured on this server, and that every feature is open', async () => {
    vi.stubGlobal('fetch', billingFetch({ config: billingOff, subscription: { ...noSubscription, billingEnabled: false } }));
    renderWithProviders(<SubscriptionCard />);
    expect(await screen.findByText('Payments are not configured on this server.')).toBeInTheDocument();
    expect(screen.getByText(/Every feature is open here, with no limits/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Plan/ })).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading, then a way to try again when the plan cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    const card = renderCard(() => (fail ? jsonResponse(500, { message: 'The database is not answering' }) : jsonResponse(200, activeSubscription('premium', 1))));
    expect(within(card).getByRole('status')).toHaveTextContent('Loading your plan...');
    expect(await within(card).findByText('The database is not answering')).toBeInTheDocument();
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('Premium')).toBeInTheDocument();
  });

  it('cancels at the end of the period after confirming, says when the plan ends, and keeps it on request', async () => {
    const calls: boolean[] = [];
    vi.stubGlobal(
      'fetch',
      billingFetch({
        subscription: activeSubscription('premium', 2),
        other: (url, init) => {
          if (url !== '/api/user/subscription/cancel' || init.method !== 'POST') return undefined;
          const { cancelAtPeriodEnd } = JSON.parse(String(init.body)) as { cancelAtPeriodEnd: boolean };
          calls.push(cancelAtPeriodEnd);
          return jsonResponse(200, { ...activeSubscription('premium', 2), cancelAtPeriodEnd });
        },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionCard />);
    const card = screen.getByRole('region', { name: 'Your plan' });
    const opener = await within(card).findByRole('button', { name: 'Cancel Plan' });
    expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your Premium plan?' });
    expect(dialog).toHaveTextContent('You keep Premium and its documents until 3 Apr 2025. After that the plan ends and you are not charged again.');
    expect(calls).toEqual([]);
    // Escape changes nothing and gives the focus back to the button that opened the dialog.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    expect(calls).toEqual([]);
    await user.click(opener);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel Plan' }));

    expect(await within(card).findByText(/You cancelled Premium\. It stays yours until 3 Apr 2025/)).toBeInTheDocument();
    expect(card).toHaveTextContent('Ends 3 Apr 2025');
    expect(screen.getByText('Plan cancelled')).toBeInTheDocument();
    expect(calls).toEqual([true]);

    await user.click(within(card).getByRole('button', { name: 'Keep My Plan' }));
    expect(await within(card).findByText(/Renews 3 Apr 2025/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Cancel Plan' })).toBeInTheDocument();
    expect(calls).toEqual([true, false]);
  });

  it("says 'Cancelling failed' with the server's reason and leaves the plan as it was", async () => {
    vi.stubGlobal(
      'fetch',
      billingFetch({
        subscription: activeSubscription('standard', 1),
        other: (url) => (url === '/api/user/subscription/cancel' ? jsonResponse(502, { message: 'The payment service did not answer. Please try again.' }) : undefined),
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionCard />);
    const card = screen.getByRole('region', { name: 'Your plan' });
    await user.click(await within(card).findByRole('button', { name: 'Cancel Plan' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Plan' }));
    expect(await screen.findByText('Cancelling failed')).toBeInTheDocument();
    expect(screen.getByText('The payment service did not answer. Please try again.')).toBeInTheDocument();
    expect(card).toHaveTextContent('Renews 3 Apr 2025');
  });
});
