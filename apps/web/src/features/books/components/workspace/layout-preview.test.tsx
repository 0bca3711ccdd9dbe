import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PreviewBody } from '@quire/contracts';
import { novelSettings, previewAnswer } from '../../../../testing/format-fixtures.ts';
import { makeJob } from '../../../../testing/job-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { LayoutPreview } from './layout-preview.tsx';

/** The preview with buttons that change the font size, as the Typography sliders do. */
function Harness() {
  const [settings, setSettings] = useState(novelSettings);
  return (
    <>
      {[12, 13, 14].map((fontSize) => (
        <button key={fontSize} type="button" onClick={() => setSettings({ ...novelSettings, fontSize })}>
          {fontSize} pt
        </button>
      ))}
      <LayoutPreview bookId="b1" layoutId="classic-literature" settings={settings} />
    </>
  );
}

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

/** Bodies of the preview calls, in order. */
function previewBodies(): PreviewBody[] {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/books/b1/preview').map(([, init]) => JSON.parse(String(init.body)) as PreviewBody);
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('LayoutPreview', () => {
  it('enlarges a page, turns pages with the arrow keys and buttons, and closes with Escape', async () => {
    fetchMock.mockImplementation(async (_url, init) => jsonResponse(200, previewAnswer(JSON.parse(String(init.body)) as PreviewBody)));
    const user = userEvent.setup();
    renderWithProviders(<LayoutPreview bookId="b1" layoutId="classic-literature" />);
    await user.click(await screen.findByRole('button', { name: 'Enlarge page 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Page 3' });
    expect(within(dialog).getByRole('img', { name: 'Page 3, enlarged' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Page 4' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    expect(await screen.findByRole('dialog', { name: 'Page 3' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus returns to the page that was enlarged.
    expect(screen.getByRole('button', { name: 'Enlarge page 3' })).toHaveFocus();
  });

  it('asks for the opening pages of the layout and shows them as spreads, verso left and recto right, at the trim', async () => {
    fetchMock.mockImplementation(async (_url, init) => jsonResponse(200, previewAnswer(JSON.parse(String(init.body)) as PreviewBody)));
    renderWithProviders(<LayoutPreview bookId="b1" layoutId="classic-literature" heading="Preview: Classic Literature" />);
    const pages = await screen.findByRole('list', { name: 'Rendered pages' });
    expect(previewBodies()).toEqual([{ layoutId: 'classic-literature', scope: 'opening' }]);
    const spreads = within(pages).getAllByRole('listitem');
    expect(spreads.map((s) => s.getAttribute('aria-label'))).toEqual(['Pages 1', 'Pages 2–3', 'Pages 4']);
    const [verso, recto] = within(spreads[1]!).getAllByRole('img');
    expect(verso).toHaveAccessibleName('Page 2 (verso)');
    expect(recto).toHaveAccessibleName('Page 3 (recto)');
    expect(recto).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml;base64,/));
    // The page box has the trim's proportions (5.5 x 8.5 in).
    expect(recto!.parentElement).toHaveStyle({ aspectRatio: '5.5 / 8.5' });
    expect(screen.getByText('Garamond (set in EB Garamond, a similar design)')).toBeInTheDocument();
  });

  it('asks once for a burst of changes, keeping the old pages dimmed until the new ones arrive', async () => {
    let release: () => void = () => {};
    fetchMock.mockImplementation(async (_url, init) => {
      const body = JSON.parse(String(init.body)) as PreviewBody;
      if (body.settings?.fontSize === 14) await new Promise<void>((resolve) => (release = resolve));
      return jsonResponse(200, previewAnswer(body));
    });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await screen.findByRole('list', { name: 'Rendered pages' });
    for (const fontSize of [12, 13, 14]) await user.click(screen.getByRole('button', { name: `${fontSize} pt` }));

    await waitFor(() => expect(previewBodies()).toHaveLength(2));
    expect(previewBodies()[1]?.settings?.fontSize).toBe(14);
    expect(screen.getByRole('status')).toHaveTextContent('Updating preview...');
    expect(screen.getByRole('list', { name: 'Rendered pages' }).parentElement).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(screen.getByRole('list', { name: 'Rendered pages' }).parentElement).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(previewBodies()).toHaveLength(2);
  });

  it('shows the server message when the preview fails, and tries again on demand', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { message: 'Font size must be between 8 and 20 pt' }));
    const user = userEvent.setup();
    renderWithProviders(<LayoutPreview bookId="b1" layoutId="classic-literature" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The preview could not be rendered. Font size must be between 8 and 20 pt');
    fetchMock.mockImplementation(async (_url, init) => jsonResponse(200, previewAnswer(JSON.parse(String(init.body)) as PreviewBody)));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Rendered pages' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the whole book on demand, 12 pages a call, until the last page', async () => {
    fetchMock.mockImplementation(async (_url, init) => jsonResponse(200, previewAnswer(JSON.parse(String(init.body)) as PreviewBody, { totalPages: 21 })));
    const user = userEvent.setup();
    renderWithProviders(<LayoutPreview bookId="b1" layoutId="classic-literature" />);
    await screen.findByRole('list', { name: 'Rendered pages' });
    await user.click(screen.getByRole('button', { name: 'Show the whole book' }));
    expect(await screen.findByText('Showing pages 1–12 of 21.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the next 12 pages' }));
    expect(await screen.findByText('Showing pages 1–21 of 21.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show the next 12 pages' })).not.toBeInTheDocument();
    expect(previewBodies().slice(1)).toEqual([
      { layoutId: 'classic-literature', scope: 'book', fromPage: 1, toPage: 12 },
      { layoutId: 'classic-literature', scope: 'book', fromPage: 13, toPage: 24 },
    ]);
    expect(screen.getAllByRole('img')).toHaveLength(21);
    // Page 12 (verso) and 13 (recto), from two calls, share a spread.
    expect(screen.getByRole('listitem', { name: 'Pages 12–13' })).toBeInTheDocument();
  });

  it('shows the typeset job\'s stage and percentage while the whole book is being set', async () => {
    const job = makeJob({ kind: 'typeset', format: null, stage: 'Setting the pages', percent: 40 });
    let release: () => void = () => undefined;
    const setting = new Promise<void>((resolve) => (release = resolve));
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/books/b1/jobs') return jsonResponse(200, { jobs: [job] });
      const body = JSON.parse(String(init.body)) as PreviewBody;
      if (body.scope === 'book') await setting;
      return jsonResponse(200, previewAnswer(body, { totalPages: 21 }));
    });
    const user = userEvent.setup();
    renderWithProviders(<LayoutPreview bookId="b1" layoutId="classic-literature" />);
    await screen.findByRole('list', { name: 'Rendered pages' });
    await user.click(screen.getByRole('button', { name: 'Show the whole book' }));
    const bar = await screen.findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuetext', 'Setting the pages, 40%');
    expect(screen.getByText('Setting the pages · 40%')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Showing pages 1–12 of 21.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });
});
