import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { PreferencesCard } from './preferences-card.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const stored = { defaultGenre: 'philosophy', preferredCoverStyle: 'minimalist', defaultExportFormat: 'epub', autoCleanImports: true };

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function posts() {
  return fetchMock.mock.calls.filter(([, init]) => init.method === 'POST');
}

async function expand() {
  const user = userEvent.setup();
  renderWithProviders(<PreferencesCard />);
  await user.click(screen.getByRole('button', { name: /Preferences/ }));
  await screen.findByLabelText('Default genre');
  return user;
}

describe('PreferencesCard', () => {
  it('stays collapsed behind a button and loads nothing until expanded', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, stored));
    const user = userEvent.setup();
    renderWithProviders(<PreferencesCard />);
    const opener = screen.getByRole('button', { name: /Preferences/ });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Default genre')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(opener);
    expect(await screen.findByLabelText('Default genre')).toHaveValue('philosophy');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/user/preferences');
    expect(fetchMock.mock.calls[0]![1].method).toBe('GET');
    expect(screen.getByLabelText('Cover style')).toHaveValue('minimalist');
    expect(screen.getByLabelText('Export format')).toHaveValue('epub');
    expect(screen.getByRole('switch', { name: 'Clean imports automatically' })).toBeChecked();
    expect(screen.getByText('Clean the text automatically when a book is imported')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close preferences' }));
    expect(screen.queryByLabelText('Default genre')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Preferences/ })).toHaveFocus();
  });

  it('treats a field the server leaves out as its default (automatic cleanup on)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { defaultGenre: 'literature' }));
    await expand();
    expect(screen.getByLabelText('Default genre')).toHaveValue('literature');
    expect(screen.getByRole('switch', { name: 'Clean imports automatically' })).toBeChecked();
  });

  it('saves the whole preferences object on each change', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init.method === 'POST' ? jsonResponse(200, JSON.parse(String(init.body))) : jsonResponse(200, stored),
    );
    const user = await expand();

    await user.selectOptions(screen.getByLabelText('Default genre'), 'devotional');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]![0]).toBe('/api/user/preferences');
    expect(JSON.parse(String(posts()[0]![1].body))).toEqual({ ...stored, defaultGenre: 'devotional' });
    expect(await screen.findByText('Preferences saved')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Clean imports automatically' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(JSON.parse(String(posts()[1]![1].body))).toEqual({ ...stored, defaultGenre: 'devotional', autoCleanImports: false });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Clean imports automatically' })).not.toBeChecked());
    // Saved values are kept: the GET is not repeated.
    expect(fetchMock.mock.calls.filter(([, init]) => init.method === 'GET')).toHaveLength(1);
  });

  it('shows "Error" with the server message and puts the saved value back when saving fails', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init.method === 'POST' ? jsonResponse(500, { message: 'The database is not answering' }) : jsonResponse(200, stored),
    );
    const user = await expand();
    await user.selectOptions(screen.getByLabelText('Export format'), 'both');
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('The database is not answering')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Export format')).toHaveValue('epub'));
  });

  it('falls back to "Failed to save preferences" when the answer says nothing', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init.method === 'POST' ? new Response('', { status: 502 }) : jsonResponse(200, stored),
    );
    const user = await expand();
    await user.selectOptions(screen.getByLabelText('Cover style'), 'skip');
    expect(await screen.findByText('Failed to save preferences')).toBeInTheDocument();
  });
});
