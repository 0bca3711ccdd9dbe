import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Book } from '@quire/contracts';
import { makeCover } from '../../../../testing/cover-fixtures.ts';
import { cleanedBook } from '../../../../testing/format-fixtures.ts';
import { makeJob } from '../../../../testing/job-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { BookWorkspace } from './book-workspace.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

const imported: Book = { ...cleanedBook, cleanedText: null, genre: null };
const cleaned: Book = {
  ...imported,
  cleanedText: '# Chapter 1\n\nIt is a truth universally acknowledged.',
  cleanReport: { passes: [{ id: 'pageNumbers', label: 'Page numbers removed', count: 3 }], chaptersFound: 1, partsFound: 0, wordCount: 8 },
};
const ready: Book = { ...cleaned, formattedText: cleaned.cleanedText, status: 'ready', genre: 'literature' };

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('BookWorkspace', () => {
  it('cleans the text, then shows the report and moves to the Format tab', async () => {
    fetchMock.mockImplementation(async (url, init) =>
      url === '/api/books/b1/clean' && init.method === 'POST' ? jsonResponse(200, cleaned) : jsonResponse(200, imported),
    );
    const user = userEvent.setup();
    renderWithProviders(<BookWorkspace bookId="b1" />);
    expect(await screen.findByRole('tab', { name: 'Clean' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Format' })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'Export' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Clean Text' }));
    expect(await screen.findByText('Text cleaned successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Format' })).toHaveAttribute('aria-selected', 'true'));
    await user.click(screen.getByRole('tab', { name: 'Clean' }));
    expect(screen.getByRole('button', { name: 'Text Cleaned' })).toBeDisabled();
    expect(screen.getByText('Page numbers removed')).toBeInTheDocument();
  });

  it('shows "Cleaning failed" with the server message', async () => {
    fetchMock.mockImplementation(async (url) =>
      url === '/api/books/b1/clean' ? jsonResponse(422, { message: 'The text is empty' }) : jsonResponse(200, imported),
    );
    const user = userEvent.setup();
    renderWithProviders(<BookWorkspace bookId="b1" />);
    await user.click(await screen.findByRole('button', { name: 'Clean Text' }));
    expect(await screen.findByText('Cleaning failed')).toBeInTheDocument();
    expect(screen.getByText('The text is empty')).toBeInTheDocument();
  });

  it('after a reload during cleanup, shows the running job’s bar, then the cleaned book once the job ends', async () => {
    const job = makeJob({ id: '0b6f3c2e-8f7a-4c1d-9e2b-5a4d3c2b1a00', kind: 'clean', format: null, stage: 'Cleaning the text' });
    let jobReads = 0;
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/books/b1/jobs') {
        jobReads++;
        return jsonResponse(200, { jobs: [jobReads < 3 ? job : { ...job, state: 'completed', stage: null, percent: 100, finishedAt: '2026-11-27T10:00:05.000Z' }] });
      }
      return jsonResponse(200, jobReads >= 3 ? cleaned : imported);
    });
    renderWithProviders(<BookWorkspace bookId="b1" />);
    const bar = await screen.findByRole('progressbar', { name: 'Clean the text' });
    expect(bar).toHaveAttribute('aria-valuetext', 'Cleaning the text, 40%');
    expect(screen.getByRole('button', { name: 'Cleaning Text...' })).toBeDisabled();
    // The workspace stays on the Clean tab it opened on for the job, now with the cleanup's report.
    expect(await screen.findByText('Page numbers removed', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Clean' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Text Cleaned' })).toBeDisabled();
    // Two polls a second apart before the job ends.
  }, 15_000);

  it('after a reload during Format, opens on the Format tab with the format job’s bar (not on Export, where the book’s status points)', async () => {
    const job = makeJob({ id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', kind: 'format', format: null, stage: 'Setting the pages', percent: 55 });
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/books/b1/jobs') return jsonResponse(200, { jobs: [job] });
      if (url === '/api/books/b1/covers') return jsonResponse(200, []);
      return jsonResponse(200, ready);
    });
    renderWithProviders(<BookWorkspace bookId="b1" />);
    const bar = await screen.findByRole('progressbar', { name: 'Format & Metadata' });
    expect(screen.getByRole('tab', { name: 'Format' })).toHaveAttribute('aria-selected', 'true');
    expect(bar).toHaveAttribute('aria-valuetext', 'Setting the pages, 55%');
    expect(screen.getByText(/Setting every page of the book/)).toBeInTheDocument();
  });

  it('names the source type in the header', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ...imported, sourceType: 'collection' }));
    renderWithProviders(<BookWorkspace bookId="b1" />);
    expect(await screen.findByText('Collection')).toBeInTheDocument();
  });

  it('undoes cleanup after confirmation: the book is back on the Clean step', async () => {
    const undone: Book = { ...imported };
    fetchMock.mockImplementation(async (url, init) =>
      url === '/api/books/b1/undo-clean' && init.method === 'POST' ? jsonResponse(200, undone) : jsonResponse(200, cleaned),
    );
    const user = userEvent.setup();
    renderWithProviders(<BookWorkspace bookId="b1" />);
    await user.click(await screen.findByRole('tab', { name: 'Clean' }));

    // Cancelling sends nothing.
    await user.click(screen.getByRole('button', { name: 'Undo cleanup' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Undo cleanup?' });
    expect(within(dialog).getByText(/the original text is always kept/)).toBeInTheDocument();
    expect(within(dialog).getByText(/goes back to Imported/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep cleaned text' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url.includes('undo-clean'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Undo cleanup' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Undo cleanup?' });
    await user.click(within(dialog).getByRole('button', { name: 'Undo cleanup' }));

    expect(await screen.findByText('Cleanup undone')).toBeInTheDocument();
    const undoCall = fetchMock.mock.calls.find(([url]) => url === '/api/books/b1/undo-clean');
    expect(undoCall?.[1].method).toBe('POST');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clean Text' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Undo cleanup' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Format' })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'Clean' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says "Undo failed" with the server message and keeps the cleaned text', async () => {
    fetchMock.mockImplementation(async (url) =>
      url === '/api/books/b1/undo-clean' ? jsonResponse(409, { message: 'The book is being exported' }) : jsonResponse(200, cleaned),
    );
    const user = userEvent.setup();
    renderWithProviders(<BookWorkspace bookId="b1" />);
    await user.click(await screen.findByRole('tab', { name: 'Clean' }));
    await user.click(screen.getByRole('button', { name: 'Undo cleanup' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Undo cleanup' }));
    expect(await screen.findByText('Undo failed')).toBeInTheDocument();
    expect(screen.getByText('The book is being exported')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Text Cleaned' })).toBeDisabled();
  });

  it('opens a ready book on Export and names a failed export by its format', async () => {
    fetchMock.mockImplementation(async (url) =>
      url === '/api/books/b1/export/docx' ? new Response('', { status: 500, statusText: '' }) : jsonResponse(200, ready),
    );
    const user = userEvent.setup();
    renderWithProviders(<BookWorkspace bookId="b1" />);
    expect(await screen.findByRole('tab', { name: 'Export' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Download Word' }));
    expect(await screen.findByText('Word export failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to export docx')).toBeInTheDocument();
    const exportCall = fetchMock.mock.calls.find(([url]) => url.includes('/export/'));
    expect(exportCall?.[1].method).toBe('POST');
  });

  it('completes the Generate Covers step once the book has a cover (workspace spec section 4)', async () => {
    // Formatted, but not yet marked ready: the covers step is current until a cover exists.
    const formatted: Book = { ...ready, status: 'imported' };
    let covers = [makeCover({ chosen: true })];
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/books/b1/covers') return jsonResponse(200, covers);
      if (url === '/api/books/b1/cover-options') return jsonResponse(404, { message: 'Not found' });
      if (url.endsWith('.jpg')) return new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200 });
      return jsonResponse(200, formatted);
    });
    const step = () => within(screen.getByRole('navigation', { name: 'Book progress' })).getByText('Generate Covers').closest('li');
    const first = renderWithProviders(<BookWorkspace bookId="b1" />);
    await waitFor(() => expect(step()).toHaveAttribute('data-status', 'completed'));
    first.unmount();

    covers = [];
    renderWithProviders(<BookWorkspace bookId="b1" />);
    expect(await screen.findByRole('tab', { name: 'Covers' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/books/b1/covers')).toHaveLength(2));
    expect(step()).toHaveAttribute('data-status', 'current');
    expect(await screen.findByText('No covers yet')).toBeInTheDocument();
  });
});
