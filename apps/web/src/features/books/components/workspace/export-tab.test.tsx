import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Book, Cover } from '@quire/contracts';
import { jpegResponse, makeCover } from '../../../../testing/cover-fixtures.ts';
import { cleanedBook } from '../../../../testing/format-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { ExportTab } from './export-tab.tsx';
import { stubFetchAndRecordDownloads } from '../../../../testing/downloads.ts';

const { fetchMock, downloads } = stubFetchAndRecordDownloads();
const book: Book = { ...cleanedBook, formattedText: cleanedBook.cleanedText, status: 'ready' };

function serve(covers: Cover[], files: (url: string) => Response = () => jpegResponse()) {
  fetchMock.mockImplementation(async (url) => (url === '/api/books/b1/covers' ? jsonResponse(200, covers) : files(url)));
}

describe('ExportTab covers', () => {
  it('offers the chosen cover as an e-book JPEG and a paperback PDF, with the bearer token and their download names', async () => {
    localStorage.setItem('auth_token', 'tok-1');
    serve([makeCover({ id: 'c9', chosen: true }), makeCover({ id: 'c8' })], (url) =>
      url.endsWith('wrap.pdf?download=1') ? new Response('%PDF-1.7', { status: 200 }) : jpegResponse(),
    );
    const user = userEvent.setup();
    renderWithProviders(<ExportTab book={book} />);

    const files = await screen.findByRole('region', { name: 'Cover files' });
    expect(within(files).getByText('Pride_and_Prejudice_Cover_Ebook.jpg')).toBeInTheDocument();
    expect(within(files).getByText('Pride_and_Prejudice_Cover_Paperback.pdf')).toBeInTheDocument();
    expect(within(files).getByText(/The EPUB carries it as its cover image/)).toBeInTheDocument();
    expect(screen.getByText(/It carries your chosen cover\./)).toBeInTheDocument();

    await user.click(within(files).getByRole('button', { name: 'Download E-book cover (JPEG)' }));
    await user.click(within(files).getByRole('button', { name: 'Download Paperback cover (PDF)' }));
    await vi.waitFor(() => expect(downloads()).toEqual(['Pride_and_Prejudice_Cover_Ebook.jpg', 'Pride_and_Prejudice_Cover_Paperback.pdf']));
    const ebook = fetchMock.mock.calls.find(([url]) => url === '/api/books/b1/covers/c9/ebook.jpg?download=1');
    expect((ebook?.[1].headers as Record<string, string>)['Authorization']).toBe('Bearer tok-1');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/books/b1/covers/c9/wrap.pdf?download=1')).toBe(true);
  });

  it('says why a paperback cover cannot be downloaded yet', async () => {
    serve([makeCover({ id: 'c9', chosen: true })], (url) =>
      url.includes('wrap.pdf')
        ? jsonResponse(409, { message: "Format the book first: the paperback cover's spine is sized from its page count." })
        : jpegResponse(),
    );
    const user = userEvent.setup();
    renderWithProviders(<ExportTab book={book} />);
    await user.click(await screen.findByRole('button', { name: 'Download Paperback cover (PDF)' }));
    expect(await screen.findByText('Cover download failed')).toBeInTheDocument();
    expect(screen.getByText(/spine is sized from its page count/)).toBeInTheDocument();
    expect(downloads()).toEqual([]);
  });

  it('without a chosen cover, says the EPUB has none and leads to the Covers tab', async () => {
    serve([]);
    const onOpenCovers = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ExportTab book={book} onOpenCovers={onOpenCovers} />);
    expect(await screen.findByText(/No cover is chosen, so the EPUB has no cover image/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download E-book cover/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Go to Covers/ }));
    expect(onOpenCovers).toHaveBeenCalledOnce();
  });
});
