import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { billingFetch } from '../../../testing/billing-fixtures.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { UpgradeOfferAlert } from './upgrade-offer-alert.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('UpgradeOfferAlert', () => {
  it("shows the server's message, paying for the document when that would do, and the plans", async () => {
    vi.stubGlobal('fetch', billingFetch());
    const onDismiss = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <UpgradeOfferAlert
        message="Your free export is used. Pay for this document or choose a plan to export it."
        offer={{ reason: 'trial-used', plans: ['standard', 'premium', 'publisher'], documentPurchase: true }}
        bookId="b1"
        onDismiss={onDismiss}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Upgrade to keep exporting');
    expect(alert).toHaveTextContent('Pay for this document or choose a plan to export it.');
    expect(await screen.findByRole('link', { name: 'Pay $5.99 for this document' })).toHaveAttribute('href', '/checkout?bookId=b1&type=document');
    await user.click(screen.getByRole('button', { name: 'View Plans' }));
    expect(await screen.findByRole('dialog', { name: 'Choose Your Plan' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('names the feature a plan lacks, and offers only the plans when a document purchase would not do', () => {
    vi.stubGlobal('fetch', billingFetch());
    renderWithProviders(
      <UpgradeOfferAlert
        message="EPUB export is in the Premium and Publisher plans."
        offer={{ reason: 'feature', feature: 'epub-export', plans: ['premium', 'publisher'], documentPurchase: false }}
        bookId="b1"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('EPUB for e-book stores: not in your plan');
    expect(screen.queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Plans' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  });

  it('offered before anything was refused, shows the same way up without announcing itself as an alert', () => {
    vi.stubGlobal('fetch', billingFetch());
    renderWithProviders(
      <UpgradeOfferAlert
        message="Batch import is part of the Publisher plan, with the export of many books as one ZIP."
        offer={{ reason: 'feature', feature: 'batch', plans: ['publisher'], documentPurchase: false }}
        passive
      />,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Batch import and export: not in your plan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Plans' })).toBeInTheDocument();
  });
});
