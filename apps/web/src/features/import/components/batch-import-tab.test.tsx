import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BatchImportBodySchema, type BatchImportResponse } from '@quire/contracts';
import { UpgradeOfferProvider } from '../../../components/upgrade-offer-slot.tsx';
import { jsonResponse, renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { BatchImportTab } from './batch-import-tab.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** The page's offer renderer, as the home page fills the slot (the billing area's alert is tested on its own). */
function withOffers(ui: ReactElement) {
  return (
    <UpgradeOfferProvider
      render={({ message, offer, passive }) => (
        <div role={passive ? 'note' : 'alert'} aria-label="Upgrade offer" data-feature={offer.feature}>
          <p>{message}</p>
          <button type="button">View Plans</button>
        </div>
      )}
    >
      {ui}
    </UpgradeOfferProvider>
  );
}

function renderTab(onImported: (result: BatchImportResponse) => void = () => {}) {
  const user = userEvent.setup();
  renderWithProviders(withOffers(<BatchImportTab access="available" onImported={onImported} />));
  return { user, box: screen.getByRole('textbox', { name: 'Book URLs' }) };
}

async function enter(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) {
  await user.click(box);
  await user.paste(text);
}

const answer: BatchImportResponse = {
  books: [
    { id: 'b1', title: 'Pride and Prejudice', author: 'Jane Austen' },
    { id: 'b2', title: 'Frankenstein', author: 'Mary Shelley' },
  ],
  failedImports: [{ url: 'https://a.example/missing.txt', message: 'The address answered 404 Not Found.' }],
};

describe('BatchImportTab', () => {
  it('shows the URL box with its count, and the Import All button', async () => {
    const { user, box } = renderTab();
    expect(screen.getByText('0 of 20')).toBeInTheDocument();
    await enter(user, box, 'https://a.example/1.txt\n\n  https://a.example/2.txt  \nhttps://a.example/1.txt\n');
    expect(screen.getByText('2 of 20')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import All' })).toBeEnabled();
  });

  it('asks for at least one URL, and sends nothing', async () => {
    const { user } = renderTab();
    await user.click(screen.getByRole('button', { name: 'Import All' }));
    expect(await screen.findByText('Please enter at least one URL')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Book URLs' })).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses more than 20 URLs, and sends nothing', async () => {
    const { user, box } = renderTab();
    await enter(user, box, Array.from({ length: 21 }, (_, i) => `https://a.example/${i + 1}.txt`).join('\n'));
    expect(screen.getByText('21 of 20')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import All' }));
    expect(await screen.findByText('At most 20 URLs at once: this list has 21.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names the lines that are not web addresses, and sends nothing', async () => {
    const { user, box } = renderTab();
    await enter(user, box, 'https://a.example/1.txt\nnot a url\n\nftp://a.example/3.txt');
    await user.click(screen.getByRole('button', { name: 'Import All' }));
    expect(
      await screen.findByText('Each URL must be valid: check line 2 (“not a url”) and line 4 (“ftp://a.example/3.txt”).'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the URLs trimmed and once each, shows the pending label, then the books and the URLs that failed', async () => {
    let reply: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (reply = resolve)));
    const onImported = vi.fn();
    const { user, box } = renderTab(onImported);
    await enter(user, box, ' https://a.example/pride.txt\nhttps://a.example/frankenstein.txt\nhttps://a.example/missing.txt\nhttps://a.example/pride.txt');
    await user.click(screen.getByRole('button', { name: 'Import All' }));

    expect(await screen.findByRole('button', { name: 'Importing Books...' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Importing 3 books, one after another');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/import-batch');
    expect(init.method).toBe('POST');
    const sent = JSON.parse(String(init.body)) as unknown;
    expect(sent).toEqual({ urls: ['https://a.example/pride.txt', 'https://a.example/frankenstein.txt', 'https://a.example/missing.txt'] });
    // What the form sends is what the server's contract accepts.
    expect(BatchImportBodySchema.safeParse(sent).success).toBe(true);

    reply(jsonResponse(201, answer));
    expect(await screen.findByRole('heading', { name: '2 books imported' })).toHaveFocus();
    expect(await screen.findByText('Books imported successfully')).toBeInTheDocument();
    expect(screen.getByText('2 books imported; 1 URL failed.')).toBeInTheDocument();
    expect(onImported).toHaveBeenCalledWith(answer);

    const books = screen.getByRole('list', { name: 'Imported books' });
    expect(within(books).getByRole('link', { name: /Pride and Prejudice/ })).toHaveAttribute('href', '/book/b1');
    expect(within(books).getByRole('link', { name: /Frankenstein/ })).toHaveAttribute('href', '/book/b2');
    const failed = screen.getByRole('region', { name: '1 URL could not be imported' });
    expect(failed).toHaveTextContent('https://a.example/missing.txt');
    expect(failed).toHaveTextContent('The address answered 404 Not Found.');
  });

  it('puts the failed URLs back in the form, or starts a new list', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(201, answer));
    const { user, box } = renderTab();
    await enter(user, box, 'https://a.example/pride.txt\nhttps://a.example/missing.txt');
    await user.click(screen.getByRole('button', { name: 'Import All' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Failed URLs' }));
    expect(screen.getByRole('textbox', { name: 'Book URLs' })).toHaveValue('https://a.example/missing.txt');
    expect(screen.getByRole('textbox', { name: 'Book URLs' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Import All' }));
    await user.click(await screen.findByRole('button', { name: 'Import More Books' }));
    expect(screen.getByRole('textbox', { name: 'Book URLs' })).toHaveValue('');
  });

  it('lists the reason for each URL when none could be imported, keeping the list', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(422, {
        message:
          'Failed to import any books. https://a.example/1.txt: The address answered 404 Not Found. https://a.example/2.txt: The file is not readable text',
      }),
    );
    const { user, box } = renderTab();
    await enter(user, box, 'https://a.example/1.txt\nhttps://a.example/2.txt');
    await user.click(screen.getByRole('button', { name: 'Import All' }));

    expect(await screen.findByText('Batch import failed')).toBeInTheDocument();
    expect(screen.getByText('Could not import any books. Please check that all URLs are correct and publicly accessible.')).toBeInTheDocument();
    const notice = screen.getByRole('region', { name: 'No books were imported' });
    const items = within(notice).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('https://a.example/1.txtThe address answered 404 Not Found.');
    expect(items[1]).toHaveTextContent('https://a.example/2.txtThe file is not readable text');
    expect(screen.getByRole('textbox', { name: 'Book URLs' })).toHaveValue('https://a.example/1.txt\nhttps://a.example/2.txt');
  });

  it('shows the upgrade offer when the server refuses for the plan', async () => {
    const message = 'Batch import and export is part of the Publisher plan. Your Premium plan does not include it: upgrade to use it.';
    fetchMock.mockResolvedValue(
      jsonResponse(403, { message, upgrade: { reason: 'feature', feature: 'batch', plans: ['publisher'], documentPurchase: false } }),
    );
    const { user, box } = renderTab();
    await enter(user, box, 'https://a.example/1.txt');
    await user.click(screen.getByRole('button', { name: 'Import All' }));

    const offer = await screen.findByRole('alert', { name: 'Upgrade offer' });
    expect(offer).toHaveTextContent(message);
    expect(offer).toHaveAttribute('data-feature', 'batch');
    expect(within(offer).getByRole('button', { name: 'View Plans' })).toBeInTheDocument();
    expect(screen.getByText('Batch import failed')).toBeInTheDocument();
  });

  it('below the Publisher plan, says what batch import does and offers the plans instead of the form', () => {
    renderWithProviders(withOffers(<BatchImportTab access="locked" onImported={() => {}} />));
    expect(screen.getByRole('heading', { name: 'Import many books in one go' })).toBeInTheDocument();
    expect(screen.getByText('Up to 20 URLs at once')).toBeInTheDocument();
    const offer = screen.getByRole('note', { name: 'Upgrade offer' });
    expect(offer).toHaveTextContent('Batch import is part of the Publisher plan');
    expect(offer).toHaveAttribute('data-feature', 'batch');
    expect(within(offer).getByRole('button', { name: 'View Plans' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import All' })).not.toBeInTheDocument();
  });

  it('waits for the plan before showing either', () => {
    renderWithProviders(withOffers(<BatchImportTab access="checking" onImported={() => {}} />));
    expect(screen.getByRole('status')).toHaveTextContent('Checking your plan...');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
