import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activeSubscription, billingFetch, billingOff, callsTo, noSubscription, type BillingAnswers } from '../../../testing/billing-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { ChoosePlanDialog } from './choose-plan-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderDialog(answers: BillingAnswers, { bookId }: { bookId?: string } = {}) {
  const fetchMock = billingFetch(answers);
  vi.stubGlobal('fetch', fetchMock);
  const onOpenChange = vi.fn();
  const rendered = renderWithProviders(<ChoosePlanDialog open onOpenChange={onOpenChange} bookId={bookId} />, { path: '/' });
  return { fetchMock, onOpenChange, user: userEvent.setup(), ...rendered };
}

function plan(name: string) {
  return within(screen.getByRole('listitem', { name }));
}

describe('ChoosePlanDialog (accounts spec sections 2, 4 and 8)', () => {
  it('lists the three plans of the catalogue: price a month, documents, features, Premium the most popular', async () => {
    renderDialog({ subscription: noSubscription });
    const dialog = await screen.findByRole('dialog', { name: 'Choose Your Plan' });
    await within(dialog).findByRole('list', { name: 'Plans' });
    expect(within(dialog).getAllByRole('listitem', { name: /Standard|Premium|Publisher/ })).toHaveLength(3);

    expect(plan('Standard').getByText('$7.99')).toBeInTheDocument();
    expect(plan('Standard').getAllByText('per month')).toHaveLength(1);
    expect(plan('Standard').getByText('5 documents a month')).toBeInTheDocument();
    expect(plan('Standard').getByText('Print-ready PDF for paperbacks')).toBeInTheDocument();
    expect(plan('Premium').getByText('$15.99')).toBeInTheDocument();
    expect(plan('Premium').getByText('15 documents a month')).toBeInTheDocument();
    expect(plan('Premium').getByText('EPUB for e-book stores')).toBeInTheDocument();
    expect(plan('Premium').getByText('Most Popular')).toBeInTheDocument();
    expect(plan('Publisher').getByText('$29.99')).toBeInTheDocument();
    expect(plan('Publisher').getByText('Unlimited documents')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Most Popular')).toHaveLength(1);
    for (const name of ['Standard', 'Premium', 'Publisher']) {
      expect(plan(name).getByRole('button', { name: `Choose ${name}` })).toBeEnabled();
    }
  });

  it("disables the current plan's button, which reads 'Current Plan'", async () => {
    renderDialog({ subscription: activeSubscription('premium', 2) });
    const current = await screen.findByRole('button', { name: 'Current Plan' });
    expect(current).toBeDisabled();
    expect(plan('Premium').getByRole('button', { name: 'Current Plan' })).toBe(current);
    expect(plan('Standard').getByRole('button', { name: 'Choose Standard' })).toBeEnabled();
    expect(plan('Publisher').getByRole('button', { name: 'Choose Publisher' })).toBeEnabled();
  });

  it("changes a live subscription's plan: 'Plan updated!', the plan read again, the dialog closed", async () => {
    const { fetchMock, onOpenChange, user } = renderDialog({
      subscription: activeSubscription('standard', 1),
      other: (url, init) => (url === '/api/user/upgrade' && init.method === 'POST' ? jsonResponse(200, { status: 'updated', plan: 'premium' }) : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Choose Premium' }));
    expect(await screen.findByText('Plan updated!')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, '/api/user/upgrade', 'POST')[0]![1].body))).toEqual({ plan: 'premium' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(callsTo(fetchMock, '/api/user/subscription').length).toBeGreaterThanOrEqual(2));
  });

  it('opens the checkout the server names when the plan must be paid for first', async () => {
    const { location, onOpenChange, user } = renderDialog({
      subscription: noSubscription,
      other: (url) =>
        url === '/api/user/upgrade' ? jsonResponse(200, { status: 'payment-required', plan: 'standard', checkoutPath: '/subscribe?plan=standard' }) : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Choose Standard' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/subscribe?plan=standard'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByText('Plan updated!')).not.toBeInTheDocument();
  });

  it("says 'Upgrade failed' with the server's message", async () => {
    const { user } = renderDialog({
      subscription: activeSubscription('standard'),
      other: (url) => (url === '/api/user/upgrade' ? jsonResponse(502, { message: 'Stripe did not answer. Please try again in a minute.' }) : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Choose Publisher' }));
    expect(await screen.findByText('Upgrade failed')).toBeInTheDocument();
    expect(screen.getByText('Stripe did not answer. Please try again in a minute.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Publisher' })).toBeEnabled();
  });

  it("says 'Upgrade failed' / 'Please try again' when the answer says nothing", async () => {
    const { user } = renderDialog({
      subscription: activeSubscription('standard'),
      other: (url) => (url === '/api/user/upgrade' ? new Response('', { status: 500 }) : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Choose Premium' }));
    expect(await screen.findByText('Upgrade failed')).toBeInTheDocument();
    expect(screen.getByText('Please try again')).toBeInTheDocument();
  });

  it('shows the pending label on the chosen plan while the change is on its way', async () => {
    let release: (response: Response) => void = () => {};
    const { user } = renderDialog({
      subscription: activeSubscription('standard'),
      other: (url) => (url === '/api/user/upgrade' ? new Promise<Response>((resolve) => (release = resolve)) : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Choose Premium' }));
    expect(await screen.findByRole('button', { name: 'Choosing Premium...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose Publisher' })).toBeDisabled();
    release(jsonResponse(200, { status: 'updated', plan: 'premium' }));
    expect(await screen.findByText('Plan updated!')).toBeInTheDocument();
  });

  it('offers paying once for a book when it is opened for one', async () => {
    renderDialog({ subscription: noSubscription }, { bookId: 'b1' });
    expect(await screen.findByRole('link', { name: 'Pay $5.99 once for this document' })).toHaveAttribute('href', '/checkout?bookId=b1&type=document');
  });

  it('says that payments are not configured on this server, with nothing to choose', async () => {
    const { fetchMock } = renderDialog({ config: billingOff, subscription: { ...noSubscription, billingEnabled: false } });
    const dialog = await screen.findByRole('dialog', { name: 'Choose Your Plan' });
    expect(await within(dialog).findByText('Payments are not configured on this server.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Choose/ })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/user/upgrade')).toHaveLength(0);
  });
});
