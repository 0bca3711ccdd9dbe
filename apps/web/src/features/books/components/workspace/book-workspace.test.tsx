import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Book } from '@quire/contracts';
import { jsonResponse, renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { BookWorkspace } from './book-workspace.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

const imported: Book = {
  id: 'b1',
  title: 'Pride and Prejudice',
  author: 'Jane Austen',
  sourceUrl: null,
  sourceType: 'file',
  originalText: 'Chapter 1\n\nIt is a truth universally acknowledged.',
  cleanedText: null,
  formattedText: null,
  cleanReport: null,
  metadata: { categories: [], keywords: [], language: 'en' },
  genre: null,
  layoutId: null,
  status: 'imported',
  wordCount: 8,
  isFreeTrial: false,
  wasTruncated: false,
  createdAt: '2025-03-05T00:00:00Z',
};
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
});
