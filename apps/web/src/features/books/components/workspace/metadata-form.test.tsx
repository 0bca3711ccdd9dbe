import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apaGuide, builtInTemplates, cleanedBook } from '../../../../testing/format-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { bookKeys } from '../../api/book-keys.ts';
import { useBook } from '../../api/get-book.ts';
import { MetadataForm } from './metadata-form.tsx';

/** The form as the workspace mounts it: on the book of the data cache, which other panels update. */
function CachedBookForm({ onFormatted }: { onFormatted: () => void }) {
  const { data: book } = useBook('b1');
  return book ? <MetadataForm book={book} onFormatted={onFormatted} /> : null;
}

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (url) => {
    if (url === '/api/style-guides') return jsonResponse(200, [apaGuide]);
    if (url === '/api/templates') return jsonResponse(200, builtInTemplates);
    if (url === '/api/books/b1/format') return jsonResponse(200, { ...cleanedBook, status: 'ready', formattedText: cleanedBook.cleanedText, layoutId: 'apa-7' });
    return jsonResponse(404, { message: 'Not found' });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('MetadataForm', () => {
  it('keeps the layout chosen before (named, not sent) and sends the student paper details of an APA paper', async () => {
    const user = userEvent.setup();
    const onFormatted = vi.fn();
    renderWithProviders(<MetadataForm book={{ ...cleanedBook, layoutId: 'apa-7' }} onFormatted={onFormatted} />);
    expect(await screen.findByText(`Formatting sets the book in ${apaGuide.name} with these details.`)).toBeInTheDocument();
    // An academic layout opens the paper details.
    const course = await screen.findByRole('textbox', { name: /Course/ });
    expect(course).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Genre' }), 'general');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'A paper for the course.');
    await user.type(course, 'HIST 301');
    await user.type(screen.getByRole('textbox', { name: /Instructor/ }), 'Dr. Amal Reyes');
    await user.click(screen.getByRole('button', { name: 'Format Book' }));
    await vi.waitFor(() => expect(onFormatted).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/books/b1/format')!;
    const body = JSON.parse(String(init.body)) as { layoutId?: string; metadata: { paper?: object } };
    expect(body).not.toHaveProperty('layoutId');
    expect(body.metadata.paper).toEqual({ course: 'HIST 301', instructor: 'Dr. Amal Reyes' });
  });

  it('keeps the paper details folded away for a book with no layout yet, which gets Amazon KDP 6x9', async () => {
    renderWithProviders(<MetadataForm book={cleanedBook} onFormatted={() => {}} />);
    expect(await screen.findByText('Formatting sets the book in Amazon KDP 6x9 with these details.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Course/ })).not.toBeVisible();
  });

  it('stays editable after a template was applied, and formats again once a detail changes', async () => {
    const user = userEvent.setup();
    const onFormatted = vi.fn();
    // The form is mounted with the cleaned book; Apply Template then answers the book formatted, its metadata empty.
    const { queryClient } = renderWithProviders(<CachedBookForm onFormatted={onFormatted} />, {
      path: '/format/b1',
    });
    act(() => queryClient.setQueryData(bookKeys.detail('b1'), cleanedBook));
    expect(await screen.findByRole('button', { name: 'Format Book' })).toBeEnabled();
    const templated = { ...cleanedBook, status: 'ready' as const, formattedText: cleanedBook.cleanedText, layoutId: 'classic-literature' };
    act(() => queryClient.setQueryData(bookKeys.detail('b1'), templated));
    expect(await screen.findByRole('button', { name: 'Book Formatted' })).toBeDisabled();

    const description = screen.getByRole('textbox', { name: 'Description' });
    expect(description).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Genre' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /Keywords/ })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /Subtitle/ })).toBeEnabled();

    await user.type(description, 'A novel of manners in Regency England.');
    await user.type(screen.getByRole('textbox', { name: /Translator/ }), 'Louise Maude');
    await user.click(screen.getByRole('button', { name: 'Format Book' }));
    await vi.waitFor(() => expect(onFormatted).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/books/b1/format')!;
    expect(JSON.parse(String(init.body))).toMatchObject({
      genre: 'literature',
      metadata: { description: 'A novel of manners in Regency England.', translator: 'Louise Maude' },
    });
    expect(await screen.findByRole('button', { name: 'Book Formatted' })).toBeDisabled();
  });

  it('shows the title-page details the book has, and leaves the blank ones out of the request', async () => {
    const user = userEvent.setup();
    const book = {
      ...cleanedBook,
      metadata: { ...cleanedBook.metadata, description: 'A tale of a created man.', subtitle: 'or, The Modern Prometheus', edition: 'Third Edition' },
    };
    renderWithProviders(<MetadataForm book={book} onFormatted={() => {}} />);
    expect(screen.getByRole('group', { name: /Title page details/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Subtitle/ })).toHaveValue('or, The Modern Prometheus');
    expect(screen.getByRole('textbox', { name: /Edition/ })).toHaveValue('Third Edition');
    await user.clear(screen.getByRole('textbox', { name: /Edition/ }));
    await user.type(screen.getByRole('textbox', { name: /Publisher/ }), '  Northfield Press ');
    await user.click(screen.getByRole('button', { name: 'Format Book' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/books/b1/format')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/books/b1/format')!;
    const { metadata } = JSON.parse(String(init.body)) as { metadata: Record<string, unknown> };
    expect(metadata).toMatchObject({ subtitle: 'or, The Modern Prometheus', publisher: 'Northfield Press' });
    expect(metadata).not.toHaveProperty('edition');
    expect(metadata).not.toHaveProperty('translator');
  });
});

