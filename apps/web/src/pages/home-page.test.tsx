import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookSummary } from '@quire/contracts';
import { activeSubscription, billingFetch, billingOff, callsTo, noSubscription, type BillingAnswers } from '../testing/billing-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { HomePage } from './home-page.tsx';

const ada = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: null, profileImageUrl: null, createdAt: '2025-01-01T00:00:00Z' };
const books: BookSummary[] = [
  { id: '6f1c2b1e-0000-4000-8000-000000000001', title: 'Pride and Prejudice', author: 'Jane Austen', status: 'ready', wordCount: 121_533, createdAt: '2025-03-05T14:12:00.000Z' },
];

function renderHome(answers: BillingAnswers = {}, other?: BillingAnswers['other']) {
  const fetchMock = billingFetch({
    ...answers,
    other: async (url, init) => {
      if (url === '/api/auth/user') return jsonResponse(200, ada);
      if (url === '/api/books') return jsonResponse(200, books);
      return other?.(url, init);
    },
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<HomePage />);
  return { fetchMock, user: userEvent.setup() };
}

async function openBatchTab(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Start Publishing/ }));
  await user.click(screen.getByRole('tab', { name: 'Batch' }));
}

beforeEach(() => {
  localStorage.setItem('auth_token', 'tok');
  // jsdom lays nothing out; opening the import panel scrolls to it.
  Element.prototype.scrollIntoView = () => {};
});
afterEach(() => vi.unstubAllGlobals());

describe('HomePage batch work', () => {
  it("below the Publisher plan, the Batch tab explains itself and 'View Plans' opens the plans; the list has no select mode", async () => {
    const { user } = renderHome({ subscription: activeSubscription('premium') });
    await screen.findByRole('heading', { name: 'Pride and Prejudice' });
    await openBatchTab(user);

    expect(await screen.findByRole('heading', { name: 'Import many books in one go' })).toBeInTheDocument();
    expect(screen.getByText('Batch import and export: not in your plan')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Book URLs' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Plans' }));
    expect(await screen.findByRole('dialog', { name: 'Choose Your Plan' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('button', { name: 'Select' })).not.toBeInTheDocument();
  });

  it('with the Publisher plan, imports a batch, refreshes the list, and offers select mode', async () => {
    const { fetchMock, user } = renderHome({ subscription: activeSubscription('publisher') }, (url) =>
      url === '/api/import-batch'
        ? jsonResponse(201, { books: [{ id: 'n1', title: 'Emma', author: 'Jane Austen' }], failedImports: [] })
        : undefined,
    );
    expect(await screen.findByRole('button', { name: 'Select' })).toBeInTheDocument();
    await openBatchTab(user);

    const box = await screen.findByRole('textbox', { name: 'Book URLs' });
    await user.click(box);
    await user.paste('https://a.example/emma.txt');
    const listReads = callsTo(fetchMock, '/api/books').length;
    await user.click(screen.getByRole('button', { name: 'Import All' }));

    expect(await screen.findByRole('heading', { name: '1 book imported' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Emma/ })).toHaveAttribute('href', '/book/n1');
    await waitFor(() => expect(callsTo(fetchMock, '/api/books').length).toBeGreaterThan(listReads));
  });

  it("shows a refusal's upgrade offer from the billing area", async () => {
    const message = 'Batch import and export is part of the Publisher plan. The free trial does not include it: upgrade to use it.';
    // The plan could not be read: the form is shown, and the server's refusal brings the offer.
    const { user } = renderHome({ subscription: () => jsonResponse(500, { message: 'Boom' }) }, (url) =>
      url === '/api/import-batch'
        ? jsonResponse(403, { message, upgrade: { reason: 'feature', feature: 'batch', plans: ['publisher'], documentPurchase: false } })
        : undefined,
    );
    await screen.findByRole('heading', { name: 'Pride and Prejudice' });
    await openBatchTab(user);
    await user.click(await screen.findByRole('textbox', { name: 'Book URLs' }));
    await user.paste('https://a.example/emma.txt');
    await user.click(screen.getByRole('button', { name: 'Import All' }));

    const offer = (await screen.findAllByRole('alert')).find((el) => el.textContent?.includes('not in your plan'));
    expect(offer).toBeDefined();
    expect(offer).toHaveTextContent(message);
    expect(within(offer!).getByRole('button', { name: 'View Plans' })).toBeInTheDocument();
  });

  it('opens batch work to everyone on a server that takes no payments', async () => {
    const { user } = renderHome({ config: billingOff, subscription: { ...noSubscription, billingEnabled: false } });
    expect(await screen.findByRole('button', { name: 'Select' })).toBeInTheDocument();
    await openBatchTab(user);
    expect(await screen.findByRole('textbox', { name: 'Book URLs' })).toBeInTheDocument();
  });
});

describe('HomePage demo', () => {
  it("'View Demo' opens the four-step demo beside 'Start Publishing' and closes back onto its toggle", async () => {
    const { user } = renderHome();
    await screen.findByRole('heading', { name: 'Pride and Prejudice' });
    const toggle = screen.getByRole('button', { name: 'View Demo' });
    expect(toggle).toHaveAttribute('aria-controls', 'home-demo');

    await user.click(toggle);
    // The demo loads on first use.
    const title = await screen.findByRole('heading', { name: 'From a library text to a printed book' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(screen.getByText('Step 2 of 4: Clean')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close demo' }));
    expect(title).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it("'Start Your Project Now' closes the demo and opens the import panel", async () => {
    const { user } = renderHome();
    await screen.findByRole('heading', { name: 'Pride and Prejudice' });
    expect(screen.queryByRole('heading', { name: 'Import Books' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Demo' }));

    await user.click(await screen.findByRole('button', { name: /Start Your Project Now/ }));
    const importTitle = await screen.findByRole('heading', { name: 'Import Books' });
    expect(screen.getByRole('button', { name: /Start Publishing/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('heading', { name: 'From a library text to a printed book' })).not.toBeInTheDocument();
    // The import panel takes focus, not the demo's toggle.
    await waitFor(() => expect(importTitle.closest('section')).toHaveFocus());
  });
});
