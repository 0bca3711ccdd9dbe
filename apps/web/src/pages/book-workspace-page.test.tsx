import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Book } from '@quire/contracts';
import { billingFetch, callsTo } from '../testing/billing-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../testing/render-with-providers.tsx';
import { BookWorkspacePage, type WorkspaceArrival } from './book-workspace-page.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const collection: Book = {
  id: 'c1',
  title: 'Three Tales',
  author: 'Various',
  sourceUrl: null,
  sourceType: 'collection',
  originalText: '# Part One\n\nText.',
  cleanedText: null,
  formattedText: null,
  cleanReport: null,
  metadata: { categories: [], keywords: [], language: 'en' },
  genre: null,
  layoutId: null,
  status: 'imported',
  wordCount: 3,
  isFreeTrial: false,
  wasTruncated: false,
  originalWordCount: null,
  createdAt: '2025-03-05T00:00:00Z',
};

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => (url === '/api/books/c1' ? jsonResponse(200, collection) : jsonResponse(401, {})));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '');
});

describe('BookWorkspacePage after a collection import', () => {
  it('lists the URLs that could not be imported, with the reasons, until dismissed', async () => {
    const arrival: WorkspaceArrival = {
      failedImports: [{ url: 'https://a.example/3.txt', message: 'The address answered 404 Not Found' }],
    };
    window.history.replaceState(arrival, '');
    const user = userEvent.setup();
    renderWithProviders(<BookWorkspacePage bookId="c1" />);
    expect(await screen.findByRole('heading', { name: '1 text of the collection could not be imported' })).toBeInTheDocument();
    expect(screen.getByText('https://a.example/3.txt')).toBeInTheDocument();
    expect(screen.getByText('The address answered 404 Not Found')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('https://a.example/3.txt')).not.toBeInTheDocument();
    expect(window.history.state).toBeNull();
  });

  it('shows no notice when every URL was imported', async () => {
    renderWithProviders(<BookWorkspacePage bookId="c1" />);
    expect(await screen.findByRole('heading', { name: 'Three Tales' })).toBeInTheDocument();
    expect(screen.queryByText(/could not be imported/)).not.toBeInTheDocument();
  });
});

describe('BookWorkspacePage and the free trial', () => {
  const trialBook: Book = {
    ...collection,
    cleanedText: '# One\n\nText.',
    formattedText: '# One\n\nText.',
    status: 'ready',
    wordCount: 12_480,
    isFreeTrial: true,
    wasTruncated: true,
    originalWordCount: 48_200,
  };
  const refusal = {
    message: 'Your free export is used. Pay for this document or choose a plan to export it.',
    upgrade: { reason: 'trial-used', plans: ['standard', 'premium', 'publisher'], documentPurchase: true },
  };

  it('shows the limit notice of a shortened trial book under its header', async () => {
    vi.stubGlobal('fetch', billingFetch({ other: (url) => (url === '/api/books/c1' ? jsonResponse(200, trialBook) : undefined) }));
    renderWithProviders(<BookWorkspacePage bookId="c1" />);
    const notice = await screen.findByRole('region', { name: 'Free-trial limit: this book was shortened' });
    expect(notice).toHaveTextContent('Free trial: this book has 48,200 words; the trial formats the first 12,480 (up to 12,500 words).');
    expect(await within(notice).findByRole('link', { name: 'Upgrade Now - $5.99' })).toHaveAttribute('href', '/checkout?bookId=c1&type=document');
  });

  it('shows the upgrade offer inline, besides the failure notice, when an export is refused for the plan (402)', async () => {
    const fetchMock = billingFetch({
      other: (url) => {
        if (url === '/api/books/c1') return jsonResponse(200, trialBook);
        if (url === '/api/books/c1/covers') return jsonResponse(200, []);
        if (url === '/api/books/c1/export/pdf') return jsonResponse(402, refusal);
        return undefined;
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<BookWorkspacePage bookId="c1" />);
    await user.click(await screen.findByRole('button', { name: 'Download Print PDF' }));

    expect(await screen.findByText('PDF export failed')).toBeInTheDocument();
    const offer = await screen.findByRole('alert');
    expect(offer).toHaveTextContent('Upgrade to keep exporting');
    expect(offer).toHaveTextContent(refusal.message);
    expect(await within(offer).findByRole('link', { name: 'Pay $5.99 for this document' })).toHaveAttribute('href', '/checkout?bookId=c1&type=document');
    await user.click(within(offer).getByRole('button', { name: 'View Plans' }));
    expect(await screen.findByRole('dialog', { name: 'Choose Your Plan' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/books/c1/export/pdf', 'POST')).toHaveLength(1);
  });

  it('keeps only the failure notice for an export failing for another reason', async () => {
    vi.stubGlobal(
      'fetch',
      billingFetch({
        other: (url) => {
          if (url === '/api/books/c1') return jsonResponse(200, { ...trialBook, isFreeTrial: false, wasTruncated: false });
          if (url === '/api/books/c1/covers') return jsonResponse(200, []);
          if (url === '/api/books/c1/export/pdf') return jsonResponse(500, { message: 'Typst crashed' });
          return undefined;
        },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<BookWorkspacePage bookId="c1" />);
    await user.click(await screen.findByRole('button', { name: 'Download Print PDF' }));
    expect(await screen.findByText('Typst crashed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View Plans' })).not.toBeInTheDocument();
  });
});
