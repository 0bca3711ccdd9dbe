import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { billingFetch, billingOff } from '../../../testing/billing-fixtures.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { TrialLimitNotice, type TrialLimitBook } from './trial-limit-notice.tsx';

afterEach(() => vi.unstubAllGlobals());

const truncated: TrialLimitBook = { id: 'b1', isFreeTrial: true, wasTruncated: true, wordCount: 12_480, originalWordCount: 48_200 };
const fits: TrialLimitBook = { id: 'b1', isFreeTrial: true, wasTruncated: false, wordCount: 8_200, originalWordCount: null };

describe('TrialLimitNotice (workspace spec sections 4 and 9)', () => {
  it('warns a truncated trial book of the cut, from its original word count, and offers the upgrade and the plans', async () => {
    vi.stubGlobal('fetch', billingFetch());
    const user = userEvent.setup();
    renderWithProviders(<TrialLimitNotice book={truncated} />);
    const notice = await screen.findByRole('region', { name: 'Free-trial limit: this book was shortened' });
    expect(notice).toHaveTextContent(
      'Free trial: this book has 48,200 words; the trial formats the first 12,480 (up to 12,500 words). The rest is kept and comes back when you upgrade.',
    );
    expect(await within(notice).findByRole('link', { name: 'Upgrade Now - $5.99' })).toHaveAttribute('href', '/checkout?bookId=b1&type=document');

    await user.click(within(notice).getByRole('button', { name: 'View Plans' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Your Plan' });
    expect(await within(dialog).findByRole('link', { name: 'Pay $5.99 once for this document' })).toBeInTheDocument();
  });

  it('says a trial book that fits does fit, with no offer', async () => {
    vi.stubGlobal('fetch', billingFetch());
    renderWithProviders(<TrialLimitNotice book={fits} />);
    const notice = await screen.findByRole('region', { name: 'Free trial: your document fits' });
    expect(notice).toHaveTextContent("This book's 8,200 words are within the trial's limit (up to 12,500 words)");
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows nothing, and asks nothing, for a book that is not on the free trial or has no word count', async () => {
    const fetchMock = billingFetch();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <>
        <TrialLimitNotice book={{ ...truncated, isFreeTrial: false }} />
        <TrialLimitNotice book={{ ...fits, wordCount: 0 }} />
      </>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/Free trial/)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on a server that takes no payments, mentions a cut text without offering a payment', async () => {
    vi.stubGlobal('fetch', billingFetch({ config: billingOff }));
    renderWithProviders(<TrialLimitNotice book={truncated} />);
    const notice = await screen.findByRole('region', { name: 'Free-trial limit: this book was shortened' });
    expect(within(notice).getByText(/Payments are not configured on this server/)).toBeInTheDocument();
    expect(within(notice).queryByRole('link', { name: /Upgrade Now/ })).not.toBeInTheDocument();
  });
});
