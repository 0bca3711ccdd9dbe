import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BatchExportBodySchema, type BookSummary } from '@quire/contracts';
import { UpgradeOfferProvider } from '../../../components/upgrade-offer-slot.tsx';
import type { FeatureAccess } from '../../../lib/plan-features.ts';
import { jsonResponse, renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { BookList } from './book-list.tsx';
import { stubFetchAndRecordDownloads } from '../../../testing/downloads.ts';

const { fetchMock, downloads } = stubFetchAndRecordDownloads();

const books: BookSummary[] = [
  { id: '6f1c2b1e-0000-4000-8000-000000000001', title: 'Pride and Prejudice', author: 'Jane Austen', status: 'ready', wordCount: 121_533, createdAt: '2025-03-05T14:12:00.000Z' },
  { id: '6f1c2b1e-0000-4000-8000-000000000002', title: 'Frankenstein', author: 'Mary Shelley', status: 'ready', wordCount: 74_800, createdAt: '2025-03-04T10:00:00.000Z' },
  { id: '6f1c2b1e-0000-4000-8000-000000000003', title: 'Persuasion', author: 'Jane Austen', status: 'imported', wordCount: 83_000, createdAt: '2025-03-03T10:00:00.000Z' },
];
const [pride, frankenstein] = books as [BookSummary, BookSummary, BookSummary];

function zipResponse(fileName = 'Books_EPUB_2026-11-27.zip') {
  return new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
    status: 200,
    headers: { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${fileName}"` },
  });
}

/** Answers the book list, and `zip` for the export. */
function serve(zip: (init: RequestInit) => Response | Promise<Response> = () => zipResponse()) {
  fetchMock.mockImplementation(async (url, init) => {
    if (url === '/api/books') return jsonResponse(200, books);
    if (url === '/api/books/export-zip') return zip(init);
    return jsonResponse(404, { message: 'Not found' });
  });
}

function exportCalls() {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/books/export-zip');
}

/** The page's offer renderer (the billing area's alert is tested on its own). */
function withOffers(ui: ReactElement) {
  return (
    <UpgradeOfferProvider
      render={({ message, onDismiss }) => (
        <div role="alert" aria-label="Upgrade offer">
          <p>{message}</p>
          <button type="button">View Plans</button>
          <button type="button" onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      )}
    >
      {ui}
    </UpgradeOfferProvider>
  );
}

async function renderList(batchAccess: FeatureAccess = 'available') {
  const user = userEvent.setup();
  renderWithProviders(withOffers(<BookList onImportClick={() => {}} batchAccess={batchAccess} />));
  await screen.findByRole('heading', { name: 'Pride and Prejudice' });
  return user;
}

async function startSelecting(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Select' }));
  return screen.getByRole('region', { name: 'Selected books' });
}

describe('BookList select mode', () => {
  it('gives each card a checkbox named by its title, counts the chosen books, and selects all', async () => {
    serve();
    const user = await renderList();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    const bar = await startSelecting(user);

    expect(within(bar).getByText('0 selected')).toBeInTheDocument();
    expect(within(bar).getByText('Choose the books to put in the ZIP.')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Export as ZIP' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Frankenstein' }));
    expect(within(bar).getByText('1 selected')).toBeInTheDocument();
    const all = within(bar).getByRole('checkbox', { name: 'Select all' });
    expect(all).not.toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(true);

    await user.click(all);
    expect(within(bar).getByText('3 selected')).toBeInTheDocument();
    for (const book of books) expect(screen.getByRole('checkbox', { name: book.title })).toBeChecked();
    expect(within(bar).getByText('“Persuasion” is not formatted yet. Format it before exporting, or leave it out.')).toBeInTheDocument();

    await user.click(all);
    expect(within(bar).getByText('0 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: 'Selected books' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('offers the five formats, PDF first', async () => {
    serve();
    const user = await renderList();
    const bar = await startSelecting(user);
    const format = within(bar).getByRole('combobox', { name: 'Format' });
    expect(format).toHaveValue('pdf');
    expect(within(format).getAllByRole('option').map((o) => o.textContent)).toEqual(['PDF', 'EPUB', 'Word', 'Print-ready HTML', 'EPUB-ready HTML']);
  });

  it('posts the chosen books and format with the bearer token, shows the pending label, and saves the ZIP under the server’s name', async () => {
    localStorage.setItem('auth_token', 'tok-1');
    let reply: (response: Response) => void = () => {};
    serve(() => new Promise<Response>((resolve) => (reply = resolve)));
    const user = await renderList();
    const bar = await startSelecting(user);
    await user.click(screen.getByRole('checkbox', { name: 'Pride and Prejudice' }));
    await user.click(screen.getByRole('checkbox', { name: 'Frankenstein' }));
    await user.selectOptions(within(bar).getByRole('combobox', { name: 'Format' }), 'EPUB');
    await user.click(within(bar).getByRole('button', { name: 'Export as ZIP' }));

    expect(await within(bar).findByRole('button', { name: 'Preparing ZIP...' })).toBeDisabled();
    expect(within(bar).getByRole('status')).toHaveTextContent('Preparing a ZIP of 2 EPUB files.');
    expect(screen.getByRole('checkbox', { name: 'Persuasion' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Done' })).toBeDisabled();

    const [[, init]] = exportCalls() as [[string, RequestInit]];
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Authorization']).toBe('Bearer tok-1');
    const sent = JSON.parse(String(init.body)) as unknown;
    expect(sent).toEqual({ bookIds: [pride.id, frankenstein.id], format: 'epub' });
    // What the list sends is what the server's contract accepts.
    expect(BatchExportBodySchema.safeParse(sent).success).toBe(true);

    reply(zipResponse('Books_EPUB_2026-11-27.zip'));
    await waitFor(() => expect(downloads()).toEqual(['Books_EPUB_2026-11-27.zip']));
    expect(await screen.findByText('ZIP ready')).toBeInTheDocument();
    expect(screen.getByText('2 books in Books_EPUB_2026-11-27.zip.')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Export as ZIP' })).toBeEnabled();
  });

  it("says 'ZIP export failed' with the server's message", async () => {
    serve(() => jsonResponse(409, { message: 'Format these books before exporting them: “Persuasion”.' }));
    const user = await renderList();
    const bar = await startSelecting(user);
    await user.click(screen.getByRole('checkbox', { name: 'Persuasion' }));
    await user.click(within(bar).getByRole('button', { name: 'Export as ZIP' }));

    expect(await screen.findByText('ZIP export failed')).toBeInTheDocument();
    expect(screen.getByText('Format these books before exporting them: “Persuasion”.')).toBeInTheDocument();
    expect(downloads()).toEqual([]);
    expect(screen.queryByRole('alert', { name: 'Upgrade offer' })).not.toBeInTheDocument();
  });

  it('shows the upgrade offer when the server refuses for the plan', async () => {
    const message = 'Batch import and export is part of the Publisher plan. Your Premium plan does not include it: upgrade to use it.';
    serve(() => jsonResponse(403, { message, upgrade: { reason: 'feature', feature: 'batch', plans: ['publisher'], documentPurchase: false } }));
    const user = await renderList();
    const bar = await startSelecting(user);
    await user.click(screen.getByRole('checkbox', { name: 'Pride and Prejudice' }));
    await user.click(within(bar).getByRole('button', { name: 'Export as ZIP' }));

    const offer = await screen.findByRole('alert', { name: 'Upgrade offer' });
    expect(offer).toHaveTextContent(message);
    expect(screen.getByText('ZIP export failed')).toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert', { name: 'Upgrade offer' })).not.toBeInTheDocument();
  });

  it.each<FeatureAccess>(['locked', 'checking'])('offers no select mode when batch export is %s', async (access) => {
    serve();
    await renderList(access);
    expect(screen.queryByRole('button', { name: 'Select' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Import a book/ })).toBeInTheDocument();
  });
});
