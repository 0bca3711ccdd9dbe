import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apaGuide, builtInTemplates, cleanedBook } from '../../../../testing/format-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { MetadataForm } from './metadata-form.tsx';

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
});
