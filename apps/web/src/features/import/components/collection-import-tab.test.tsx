import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImportCollectionBodySchema } from '@quire/contracts';
import { jsonResponse, renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { CollectionImportTab } from './collection-import-tab.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function urlInputs() {
  return within(screen.getByTestId('collection-urls')).getAllByRole('textbox');
}

describe('CollectionImportTab', () => {
  it('starts with 2 URL entries whose remove controls are disabled', () => {
    renderWithProviders(<CollectionImportTab onImported={() => {}} />);
    expect(urlInputs()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Remove URL 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove URL 2' })).toBeDisabled();
  });

  it('enables remove above 2 entries and disables Add URL at 10', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CollectionImportTab onImported={() => {}} />);
    const add = screen.getByRole('button', { name: 'Add URL' });
    await user.click(add);
    expect(urlInputs()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Remove URL 1' })).toBeEnabled();

    for (let i = 0; i < 7; i++) await user.click(add);
    expect(urlInputs()).toHaveLength(10);
    expect(add).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove URL 10' }));
    expect(urlInputs()).toHaveLength(9);
    expect(add).toBeEnabled();
  });

  it('removes the chosen entry, keeping the others', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CollectionImportTab onImported={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Add URL' }));
    const [first, second, third] = urlInputs();
    await user.type(first!, 'https://a.example/1.txt');
    await user.type(second!, 'https://a.example/2.txt');
    await user.type(third!, 'https://a.example/3.txt');
    await user.click(screen.getByRole('button', { name: 'Remove URL 2' }));
    expect(urlInputs().map((i) => (i as HTMLInputElement).value)).toEqual([
      'https://a.example/1.txt',
      'https://a.example/3.txt',
    ]);
    expect(screen.getByRole('button', { name: 'Remove URL 1' })).toBeDisabled();
  });

  it('shows the validation messages and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CollectionImportTab onImported={() => {}} />);
    await user.type(urlInputs()[0]!, 'not a url');
    await user.click(screen.getByRole('button', { name: 'Create Collection' }));
    expect(await screen.findAllByText('Please enter a valid URL')).toHaveLength(2);
    expect(screen.getByText('Collection title is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the collection, leaving out a blank author, and reports the new book', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(201, { book: { id: 'c1', title: 'Two Tales' }, successfulImports: 2, failedImports: [] }),
    );
    const onImported = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<CollectionImportTab onImported={onImported} />);
    const [first, second] = urlInputs();
    await user.type(first!, ' https://a.example/1.txt ');
    await user.type(second!, 'https://a.example/2.txt');
    await user.type(screen.getByLabelText('Collection title'), 'Two Tales');
    await user.click(screen.getByLabelText(/By author/));
    await user.click(screen.getByRole('button', { name: 'Create Collection' }));

    await waitFor(() => expect(onImported).toHaveBeenCalledWith({ id: 'c1', title: 'Two Tales' }, []));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/books/import-multiple');
    expect(init.method).toBe('POST');
    const sent = JSON.parse(String(init.body)) as unknown;
    expect(sent).toEqual({
      urls: ['https://a.example/1.txt', 'https://a.example/2.txt'],
      collectionTitle: 'Two Tales',
      combineMethod: 'by_author',
    });
    // What the form sends is what the server's contract accepts.
    expect(ImportCollectionBodySchema.safeParse(sent).success).toBe(true);
    expect(await screen.findByText('Collection created successfully')).toBeInTheDocument();
    expect(screen.getByText('2 books combined into “Two Tales”.')).toBeInTheDocument();
  });

  it('sends the author when given and the default combine method, and names the URLs that failed', async () => {
    const failedImports = [{ url: 'https://a.example/3.txt', message: 'The address answered 404 Not Found' }];
    fetchMock.mockResolvedValue(
      jsonResponse(201, { book: { id: 'c2', title: 'Three Tales' }, successfulImports: 2, failedImports }),
    );
    const onImported = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<CollectionImportTab onImported={onImported} />);
    await user.click(screen.getByRole('button', { name: 'Add URL' }));
    const inputs = urlInputs();
    for (const [i, input] of inputs.entries()) await user.type(input, `https://a.example/${i + 1}.txt`);
    await user.type(screen.getByLabelText('Collection title'), 'Three Tales');
    await user.type(screen.getByLabelText(/Collection author/), '  Various Hands ');
    await user.click(screen.getByRole('button', { name: 'Create Collection' }));

    await waitFor(() => expect(onImported).toHaveBeenCalledWith({ id: 'c2', title: 'Three Tales' }, failedImports));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({
      urls: ['https://a.example/1.txt', 'https://a.example/2.txt', 'https://a.example/3.txt'],
      collectionTitle: 'Three Tales',
      collectionAuthor: 'Various Hands',
      combineMethod: 'sequential',
    });
    expect(await screen.findByText('Collection created successfully')).toBeInTheDocument();
    expect(
      screen.getByText('2 books combined into “Three Tales”. Not imported: https://a.example/3.txt.'),
    ).toBeInTheDocument();
  });

  it('shows the pending label while the collection is being created', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderWithProviders(<CollectionImportTab onImported={() => {}} />);
    const [first, second] = urlInputs();
    await user.type(first!, 'https://a.example/1.txt');
    await user.type(second!, 'https://a.example/2.txt');
    await user.type(screen.getByLabelText('Collection title'), 'Two Tales');
    await user.click(screen.getByRole('button', { name: 'Create Collection' }));
    expect(await screen.findByRole('button', { name: 'Creating Collection...' })).toBeDisabled();
    answer(jsonResponse(201, { book: { id: 'c1', title: 'Two Tales' }, successfulImports: 2, failedImports: [] }));
    expect(await screen.findByText('Collection created successfully')).toBeInTheDocument();
  });

  it('shows "Multi-import failed" with the catalogue text when the server refuses', async () => {
    fetchMock.mockResolvedValue(jsonResponse(422, { message: 'Failed to import any books' }));
    const user = userEvent.setup();
    renderWithProviders(<CollectionImportTab onImported={() => {}} />);
    const [first, second] = urlInputs();
    await user.type(first!, 'https://a.example/1.txt');
    await user.type(second!, 'https://a.example/2.txt');
    await user.type(screen.getByLabelText('Collection title'), 'Two Tales');
    await user.click(screen.getByRole('button', { name: 'Create Collection' }));
    expect(await screen.findByText('Multi-import failed')).toBeInTheDocument();
    expect(
      screen.getByText('Could not import any books. Please check that all URLs are correct and publicly accessible.'),
    ).toBeInTheDocument();
  });
});
