import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Job } from '@quire/contracts';
import { makeJob as makeJobFixture } from '../../../testing/job-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { ImportProgress } from './import-progress.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const BOOK_ID = '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d';

/** An import job reading a file at 40% unless told otherwise. */
const makeJob = (overrides: Partial<Job> = {}): Job =>
  makeJobFixture({
    id: '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b',
    kind: 'import',
    subject: 'pg2600-war-and-peace.txt',
    format: null,
    stage: 'Reading and cleaning the text',
    ...overrides,
  });

describe('ImportProgress', () => {
  it('shows nothing without imports under way', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { jobs: [makeJob({ state: 'completed', percent: 100, stage: null, bookId: BOOK_ID })] }));
    renderWithProviders(<ImportProgress onBookMade={() => {}} />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(/is imported/)).not.toBeInTheDocument();
  });

  it('after a reload, shows the running import’s bar, then its book to open once it ends', async () => {
    let reads = 0;
    fetchMock.mockImplementation(async () => {
      reads++;
      const job = reads < 3 ? makeJob() : makeJob({ state: 'completed', stage: null, percent: 100, bookId: BOOK_ID, finishedAt: '2026-11-27T10:00:06.000Z' });
      return jsonResponse(200, { jobs: [job] });
    });
    const onBookMade = vi.fn();
    renderWithProviders(<ImportProgress onBookMade={onBookMade} />);
    const bar = await screen.findByRole('progressbar', { name: 'pg2600-war-and-peace.txt' });
    expect(bar).toHaveAttribute('aria-valuetext', 'Reading and cleaning the text, 40%');
    expect(screen.getByRole('heading', { name: 'Importing' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Open the book' }, { timeout: 8000 })).toHaveAttribute('href', `/format/${BOOK_ID}`);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(onBookMade).toHaveBeenCalledOnce();
  }, 15_000);

  it('says why an import found running failed', async () => {
    let reads = 0;
    fetchMock.mockImplementation(async () => {
      reads++;
      const job = reads < 2 ? makeJob({ state: 'queued', stage: null, percent: 0, attempts: 0 }) : makeJob({ state: 'failed', error: 'The file has no readable text.', finishedAt: '2026-11-27T10:00:02.000Z' });
      return jsonResponse(200, { jobs: [job] });
    });
    renderWithProviders(<ImportProgress onBookMade={() => {}} />);
    expect(await screen.findByRole('progressbar', { name: 'pg2600-war-and-peace.txt' })).toHaveAttribute('aria-valuetext', 'Waiting to start');
    expect(await screen.findByText(/could not be imported\. The file has no readable text\./, {}, { timeout: 8000 })).toBeInTheDocument();
  }, 15_000);
});
