import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AiCleanupStatus, Book } from '@quire/contracts';
import { jsonResponse, renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { useBook } from '../../api/get-book.ts';
import { AiCleanupPanel } from './ai-cleanup-panel.tsx';

/** The workspace shows the book through `useBook`: the panel's refresh must reach it. */
function WithBook() {
  const { data } = useBook('b1');
  return data ? <AiCleanupPanel book={data} /> : null;
}

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

const book: Book = {
  id: 'b1',
  title: 'A Scanned Book',
  author: 'Jane Example',
  sourceUrl: null,
  sourceType: 'upload',
  originalText: 'The dog walked w1th his master.',
  cleanedText: 'The dog walked w1th his master.',
  formattedText: null,
  cleanReport: { passes: [], chaptersFound: 0, partsFound: 0, wordCount: 6 },
  metadata: { categories: [], keywords: [], language: 'en' },
  genre: null,
  layoutId: null,
  status: 'imported',
  wordCount: 6,
  isFreeTrial: false,
  wasTruncated: false,
  originalWordCount: null,
  createdAt: '2025-03-05T00:00:00Z',
};

const status = (over: Partial<AiCleanupStatus>): AiCleanupStatus => ({
  available: true,
  state: 'idle',
  chunksDone: 0,
  chunksTotal: 0,
  paragraphsChanged: 0,
  paragraphsRejected: 0,
  ...over,
});

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('AiCleanupPanel', () => {
  it('says the pass is unavailable and offers no button when the server has no AI service', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, status({ available: false, message: 'AI cleanup is not available: no AI service is configured.' })),
    );
    renderWithProviders(<AiCleanupPanel book={book} />);
    expect(await screen.findByText('AI cleanup is not available on this server (no AI service is configured).')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'AI cleanup (optional)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run AI cleanup' })).not.toBeInTheDocument();
  });

  it('runs: shows "N of M chunks" while polling, then the counts, and refreshes the book', async () => {
    const polls = [status({ state: 'running', chunksDone: 1, chunksTotal: 3 }), status({ state: 'done', chunksDone: 3, chunksTotal: 3, paragraphsChanged: 2, paragraphsRejected: 1 })];
    let started = false;
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/books/b1/ai-clean' && init.method === 'POST') {
        started = true;
        return jsonResponse(202, status({ state: 'running', chunksDone: 0, chunksTotal: 3 }));
      }
      if (url === '/api/books/b1/ai-clean') return jsonResponse(200, started ? (polls.length > 1 ? polls.shift()! : polls[0]!) : status({}));
      if (url === '/api/books/b1') return jsonResponse(200, book);
      return jsonResponse(404, { message: 'Not found' });
    });
    const user = userEvent.setup();
    renderWithProviders(<WithBook />);

    await user.click(await screen.findByRole('button', { name: 'Run AI cleanup' }));
    expect(await screen.findByText('0 of 3 chunks')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'AI cleanup progress' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Running AI cleanup...' })).toBeDisabled();

    expect(await screen.findByText('1 of 3 chunks', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');

    expect(
      await screen.findByText('AI cleanup finished: 2 paragraphs corrected, 1 edit refused.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/books/b1')).toHaveLength(2));
    expect(await screen.findByText('AI cleanup finished')).toBeInTheDocument();
  });

  it('shows why a run failed', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, status({ state: 'failed', message: 'AI cleanup failed: the AI service could not be reached.' })),
    );
    renderWithProviders(<AiCleanupPanel book={book} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('AI cleanup failed: the AI service could not be reached.');
    expect(screen.getByRole('button', { name: 'Run AI cleanup' })).toBeEnabled();
  });

  it('shows the server message when a run cannot start', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init.method === 'POST' ? jsonResponse(409, { message: 'Clean the text first' }) : jsonResponse(200, status({})),
    );
    const user = userEvent.setup();
    renderWithProviders(<AiCleanupPanel book={book} />);
    await user.click(await screen.findByRole('button', { name: 'Run AI cleanup' }));
    expect(await screen.findByText('Clean the text first')).toBeInTheDocument();
  });
});
