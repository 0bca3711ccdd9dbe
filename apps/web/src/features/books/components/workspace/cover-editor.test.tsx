import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cover } from '@quire/contracts';
import { coverOptions, makeCover } from '../../../../testing/cover-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { CoverEditor } from './cover-editor.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const cover: Cover = makeCover({ id: 'c1', chosen: true });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function patchBodies() {
  return fetchMock.mock.calls.filter(([, init]) => init.method === 'PATCH').map(([, init]) => JSON.parse(String(init.body)) as unknown);
}

describe('CoverEditor', () => {
  it('labels the four words with their limits and the colours', () => {
    renderWithProviders(<CoverEditor cover={cover} options={coverOptions()} />);
    expect(screen.getByLabelText('Title')).toHaveValue('Pride and Prejudice');
    expect(screen.getByLabelText('Title')).toHaveAttribute('maxLength', '200');
    expect(screen.getByLabelText(/Subtitle/)).toHaveAttribute('maxLength', '200');
    expect(screen.getByLabelText('Author')).toHaveAttribute('maxLength', '120');
    expect(screen.getByLabelText(/Back-cover text/)).toHaveAttribute('maxLength', '1200');
    expect(screen.getByLabelText(/Back-cover text/)).toHaveAccessibleDescription(/Printed on the back of the paperback\. 19 of 1,200 characters\./);
    expect(screen.getByLabelText('Background')).toHaveValue('#f6f0e1');
    expect(screen.getByRole('button', { name: 'Ivory and ink' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Save cover' })).toBeDisabled();
  });

  it('saves the words and a suggested palette', async () => {
    const saved = { ...cover, text: { ...cover.text, subtitle: 'A Novel' }, palette: { background: '#5a1620', text: '#f7eedb', accent: '#d4af5a' }, updatedAt: '2025-03-07T00:00:00.000Z' };
    fetchMock.mockResolvedValue(jsonResponse(200, saved));
    const user = userEvent.setup();
    renderWithProviders(<CoverEditor cover={cover} options={coverOptions()} />);
    await user.type(screen.getByLabelText(/Subtitle/), 'A Novel');
    await user.click(screen.getByRole('button', { name: 'Oxblood and gold' }));
    expect(screen.getByLabelText('Background')).toHaveValue('#5a1620');
    await user.click(screen.getByRole('button', { name: 'Save cover' }));
    expect(await screen.findByText('Cover saved')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/books/b1/covers/c1');
    expect(patchBodies()[0]).toEqual({
      text: { title: 'Pride and Prejudice', subtitle: 'A Novel', author: 'Jane Austen', blurb: 'A novel of manners.' },
      palette: { background: '#5a1620', text: '#f7eedb', accent: '#d4af5a' },
    });
  });

  it('shows the server message of a 400 and keeps the edits', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderWithProviders(<CoverEditor cover={cover} options={coverOptions()} />);
    const author = screen.getByLabelText('Author');
    await user.clear(author);
    await user.type(author, 'J. Austen');
    await user.click(screen.getByRole('button', { name: 'Save cover' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByText('Drawing the cover again...')).toBeInTheDocument();

    answer(jsonResponse(400, { message: 'Author must be at most 120 characters' }));
    expect(await screen.findByText('Save failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved. Author must be at most 120 characters');
    expect(screen.getByLabelText('Author')).toHaveValue('J. Austen');
    expect(screen.getByRole('button', { name: 'Save cover' })).toBeEnabled();
  });

  it('asks for a title before sending anything', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CoverEditor cover={cover} options={coverOptions()} />);
    await user.clear(screen.getByLabelText('Title'));
    await user.click(screen.getByRole('button', { name: 'Save cover' }));
    expect(screen.getByText('The cover needs a title')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes any colour, and warns when the text would be hard to read', async () => {
    renderWithProviders(<CoverEditor cover={cover} options={coverOptions()} />);
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: '#eeeeee' } });
    await waitFor(() => expect(screen.getByText(/The text may be hard to read on this background/)).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Ivory and ink' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(screen.getByRole('button', { name: /Discard changes/ }));
    expect(screen.getByLabelText('Text')).toHaveValue('#1d1a16');
  });
});
