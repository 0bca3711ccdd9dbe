import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Book } from '@quire/contracts';
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
