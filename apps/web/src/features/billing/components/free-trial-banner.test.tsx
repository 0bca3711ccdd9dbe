import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FreeTrial } from '@quire/contracts';
import { activeSubscription, billingFetch, billingOff, callsTo, noSubscription, trialUnused } from '../../../testing/billing-fixtures.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { FreeTrialBanner } from './free-trial-banner.tsx';

afterEach(() => vi.unstubAllGlobals());

function serve(freeTrial: FreeTrial, subscription = noSubscription) {
  const fetchMock = billingFetch({ freeTrial, subscription });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('FreeTrialBanner (accounts spec section 4)', () => {
  it('(1) no trial yet: "Free Trial Available" and "1 Free Export", with the word limit and no card', async () => {
    serve(trialUnused);
    renderWithProviders(<FreeTrialBanner />);
    const banner = await screen.findByRole('region', { name: 'Free Trial Available' });
    expect(within(banner).getByText('1 Free Export')).toBeInTheDocument();
    expect(within(banner).getByText(/up to 12,500 words \(about 25 pages\), no card needed/)).toBeInTheDocument();
  });

  it('(1) takes the export count from the answer', async () => {
    serve({ ...trialUnused, exportsLimit: 2 });
    renderWithProviders(<FreeTrialBanner />);
    expect(await screen.findByText('2 Free Exports')).toBeInTheDocument();
  });

  it('(2) on the trial with an export left: "Free Trial Active" with the count left', async () => {
    serve({ ...trialUnused, hasFreeTrial: true, exportsUsed: 1, exportsLimit: 3 });
    renderWithProviders(<FreeTrialBanner />);
    const banner = await screen.findByRole('region', { name: 'Free Trial Active' });
    expect(within(banner).getByText('2 exports left')).toBeInTheDocument();
    expect(within(banner).getByText(/formatted up to 12,500 words/)).toBeInTheDocument();
  });

  it('(3) the export used: "Free Trial Complete", "Trial Used", the price of a document and the plans', async () => {
    serve({ ...trialUnused, exportsUsed: 1 });
    const user = userEvent.setup();
    renderWithProviders(<FreeTrialBanner />);
    const banner = await screen.findByRole('region', { name: 'Free Trial Complete' });
    expect(within(banner).getByText('Trial Used')).toBeInTheDocument();
    expect(await within(banner).findByText(/Pay \$5\.99 for a single document/)).toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'View Plans' }));
    expect(await screen.findByRole('dialog', { name: 'Choose Your Plan' })).toBeInTheDocument();
  });

  it('otherwise shows nothing: on the trial with no export left', async () => {
    const fetchMock = serve({ ...trialUnused, hasFreeTrial: true, exportsUsed: 1, exportsLimit: 1 });
    renderWithProviders(<FreeTrialBanner />);
    await waitFor(() => expect(callsTo(fetchMock, '/api/user/free-trial')).toHaveLength(1));
    await waitFor(() => expect(callsTo(fetchMock, '/api/user/subscription')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/Free Trial/)).not.toBeInTheDocument();
  });

  it('is hidden while a subscription is active', async () => {
    const fetchMock = serve(trialUnused, activeSubscription('premium'));
    renderWithProviders(<FreeTrialBanner />);
    await waitFor(() => expect(callsTo(fetchMock, '/api/user/subscription')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/Free Trial/)).not.toBeInTheDocument();
  });

  it('is hidden when the server takes no payments', async () => {
    vi.stubGlobal(
      'fetch',
      billingFetch({ config: billingOff, freeTrial: { ...trialUnused, billingEnabled: false }, subscription: { ...noSubscription, billingEnabled: false } }),
    );
    renderWithProviders(<FreeTrialBanner />);
    await new Promise((r) => setTimeout(r, 80));
    expect(screen.queryByText(/Free Trial/)).not.toBeInTheDocument();
  });
});
