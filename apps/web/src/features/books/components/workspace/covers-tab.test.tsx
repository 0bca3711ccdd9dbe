import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Book, Cover, CoverCreateBody, CoverOptions } from '@quire/contracts';
import { aiModelCover, coverOptions, jpegResponse, makeCover, patternCover } from '../../../../testing/cover-fixtures.ts';
import { cleanedBook } from '../../../../testing/format-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { UpgradeOfferProvider } from '../../../../components/upgrade-offer-slot.tsx';
import { CoversTab } from './covers-tab.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

const book: Book = { ...cleanedBook, formattedText: cleanedBook.cleanedText, status: 'ready' };

type Api = {
  covers: Cover[];
  options?: CoverOptions;
  /** The answer to POST /covers; default: a new chosen cover of the asked template or style. */
  create?: (body: CoverCreateBody) => Response | Promise<Response>;
  upload?: () => Response;
};

/** A fake covers API over `api.covers`, kept in step with what the server would do. */
function serve(api: Api) {
  fetchMock.mockImplementation(async (url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/books/b1/covers' && method === 'GET') return jsonResponse(200, api.covers);
    if (url === '/api/books/b1/cover-options') return jsonResponse(200, api.options ?? coverOptions());
    if (url === '/api/books/b1/covers' && method === 'POST') {
      const body = JSON.parse(String(init.body)) as CoverCreateBody;
      if (api.create) return api.create(body);
      const made =
        body.coverType === 'text-only'
          ? makeCover({ template: body.template, chosen: true })
          : patternCover({ style: body.style, chosen: true });
      api.covers = [made, ...api.covers.map((c) => ({ ...c, chosen: false }))];
      return jsonResponse(201, made);
    }
    if (url === '/api/books/b1/covers/artwork') return api.upload?.() ?? jsonResponse(500, { message: 'no upload answer' });
    const one = /^\/api\/books\/b1\/covers\/([\w-]+)$/.exec(url);
    if (one && method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as { chosen?: boolean };
      const cover = api.covers.find((c) => c.id === one[1])!;
      const updated = { ...cover, ...(body.chosen ? { chosen: true } : {}), updatedAt: '2025-03-06T00:00:00.000Z' };
      api.covers = api.covers.map((c) => (c.id === updated.id ? updated : body.chosen ? { ...c, chosen: false } : c));
      return jsonResponse(200, updated);
    }
    if (one && method === 'DELETE') {
      const gone = api.covers.find((c) => c.id === one[1]);
      api.covers = api.covers.filter((c) => c.id !== one[1]);
      if (gone?.chosen && api.covers[0]) api.covers[0] = { ...api.covers[0], chosen: true };
      return new Response(null, { status: 204 });
    }
    if (/\/(ebook|wrap)\.jpg/.test(url)) return jpegResponse();
    return jsonResponse(404, { message: 'Not found' });
  });
}

function calls(method: string, url: string) {
  return fetchMock.mock.calls.filter(([u, init]) => u === url && (init.method ?? 'GET') === method);
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('CoversTab', () => {
  it('offers four text templates and four AI styles, each with a line about it and a Generate button', async () => {
    serve({ covers: [] });
    renderWithProviders(<CoversTab book={book} onSkip={() => {}} />);
    const templates = screen.getByRole('list', { name: 'Text templates' });
    expect(within(templates).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Elegant', 'Bold', 'Academic', 'Classic']);
    expect(within(templates).getAllByRole('button', { name: /^Generate .* template cover$/ })).toHaveLength(4);
    const styles = screen.getByRole('list', { name: 'AI styles' });
    expect(within(styles).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Classic', 'Modern', 'Minimalist', 'Vintage']);
    expect(within(styles).getAllByRole('button', { name: /^Generate .* style cover$/ })).toHaveLength(4);
    for (const item of within(templates).getAllByRole('listitem')) expect(item.querySelector('p')?.textContent).toMatch(/\w+.*\./);
    expect(await screen.findByText('No covers yet')).toBeInTheDocument();
  });

  it('skips covers with a notice and moves on', async () => {
    serve({ covers: [] });
    const onSkip = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<CoversTab book={book} onSkip={onSkip} />);
    await user.click(screen.getByRole('button', { name: /Skip covers/ }));
    expect(await screen.findByText('Covers skipped')).toBeInTheDocument();
    expect(onSkip).toHaveBeenCalledOnce();
  });

  it('generates a text cover: pending label while it renders, then the notice and the new book cover in the gallery', async () => {
    const api: Api = { covers: [] };
    let release: () => void = () => {};
    const made = makeCover({ id: 'new1', template: 'bold', chosen: true });
    api.create = () =>
      new Promise((resolve) => {
        release = () => {
          api.covers = [made];
          resolve(jsonResponse(201, made));
        };
      });
    serve(api);
    const user = userEvent.setup();
    renderWithProviders(<CoversTab book={book} onSkip={() => {}} />);
    await screen.findByText('No covers yet');

    await user.click(screen.getByRole('button', { name: 'Generate Bold template cover' }));
    const pending = await screen.findByRole('button', { name: 'Generating the Bold template cover' });
    expect(pending).toBeDisabled();
    expect(pending).toHaveTextContent('Generating...');
    expect(screen.getByRole('button', { name: 'Generate Elegant template cover' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Generate Vintage style cover' })).toBeDisabled();
    expect(screen.getByText('Generating the Bold template cover. This takes a few seconds.')).toBeInTheDocument();
    expect(JSON.parse(String(calls('POST', '/api/books/b1/covers')[0]?.[1].body))).toEqual({ coverType: 'text-only', template: 'bold' });

    release();
    expect(await screen.findByText('Cover generated successfully')).toBeInTheDocument();
    const gallery = screen.getByRole('list', { name: 'Covers' });
    const card = within(gallery).getByRole('listitem');
    expect(within(card).getByText('Book cover')).toBeInTheDocument();
    expect(within(card).getByText('Text only')).toBeInTheDocument();
    expect(within(card).getByText('Bold template')).toBeInTheDocument();
    expect(await within(card).findByRole('img', { name: 'Cover of Pride and Prejudice' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    // The image came with the bearer token, as a blob.
    const imageCall = fetchMock.mock.calls.find(([u]) => u === '/api/books/b1/covers/new1/ebook.jpg');
    expect(imageCall).toBeDefined();
    expect(screen.getByRole('button', { name: 'Generate Bold template cover' })).toBeEnabled();
    // The new cover is open in the editor.
    expect(screen.getByRole('heading', { name: 'Edit cover: Bold template' })).toBeInTheDocument();
  });

  it('says "Cover generation failed" with the server message, or the fallback', async () => {
    const api: Api = { covers: [], create: () => jsonResponse(504, { message: 'The image model did not answer in time.' }) };
    serve(api);
    const user = userEvent.setup();
    renderWithProviders(<CoversTab book={book} onSkip={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Generate Modern style cover' }));
    expect(await screen.findByText('Cover generation failed')).toBeInTheDocument();
    expect(screen.getByText('The image model did not answer in time.')).toBeInTheDocument();
    expect(JSON.parse(String(calls('POST', '/api/books/b1/covers')[0]?.[1].body))).toEqual({ coverType: 'ai', style: 'modern' });

    api.create = () => new Response('', { status: 500, statusText: '' });
    await user.click(screen.getByRole('button', { name: 'Generate Elegant template cover' }));
    expect(await screen.findByText('Failed to generate cover')).toBeInTheDocument();
    expect(screen.getByText('Cover generation failed')).toBeInTheDocument();
    expect(screen.getByText('No covers yet')).toBeInTheDocument();
  });

  it("shows the page's upgrade offer above the AI styles when an AI cover is refused for the plan, besides the notice", async () => {
    const message = 'AI covers are in the Premium and Publisher plans.';
    serve({ covers: [], create: () => jsonResponse(403, { message, upgrade: { reason: 'feature', feature: 'ai-cover', plans: ['premium', 'publisher'], documentPurchase: false } }) });
    const user = userEvent.setup();
    renderWithProviders(
      <UpgradeOfferProvider render={(offer) => <p role="alert">Offer: {offer.message}</p>}>
        <CoversTab book={book} onSkip={() => {}} />
      </UpgradeOfferProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Generate Modern style cover' }));
    expect(await screen.findByText('Cover generation failed')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(`Offer: ${message}`);
  });

  it('says plainly that the AI styles are drawn by Quire, not an AI model, when none is configured', async () => {
    serve({ covers: [patternCover({ chosen: true })] });
    renderWithProviders(<CoversTab book={book} onSkip={() => {}} />);
    expect(
      await screen.findByText(/No AI image model is configured: these styles are drawn by Quire's own pattern renderer, not by an AI model\./),
    ).toBeInTheDocument();
    const card = within(await screen.findByRole('list', { name: 'Covers' })).getByRole('listitem');
    expect(within(card).getByText('Pattern by Quire')).toBeInTheDocument();
    expect(within(card).getByText('Vintage style')).toBeInTheDocument();
  });

  it('names the image model when one is configured, and marks its covers as AI-generated artwork', async () => {
    serve({ covers: [aiModelCover({ chosen: true })], options: coverOptions({ aiModel: 'gpt-image-1' }) });
    renderWithProviders(<CoversTab book={book} onSkip={() => {}} />);
    expect(await screen.findByText(/made by the AI image model/)).toHaveTextContent('gpt-image-1');
    expect(screen.queryByText(/No AI image model is configured/)).not.toBeInTheDocument();
    const card = within(await screen.findByRole('list', { name: 'Covers' })).getByRole('listitem');
    expect(within(card).getByText('AI-generated artwork')).toBeInTheDocument();
    expect(screen.getByText(/answer Yes/)).toBeInTheDocument();
  });

  it('makes another cover the book cover', async () => {
    const first = makeCover({ id: 'c-new', template: 'classic', chosen: true, createdAt: '2025-03-06T10:00:00.000Z' });
    const second = makeCover({ id: 'c-old', template: 'academic', chosen: false });
    serve({ covers: [first, second] });
    const user = userEvent.setup();
    renderWithProviders(<CoversTab book={book} onSkip={() => {}} />);
    const gallery = await screen.findByRole('list', { name: 'Covers' });
    const [newCard, oldCard] = within(gallery).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(newCard).getByText('Book cover')).toBeInTheDocument();
    expect(within(newCard).queryByRole('button', { name: 'Use as book cover' })).not.toBeInTheDocument();

    await user.click(within(oldCard).getByRole('button', { name: 'Use as book cover' }));
    expect(await screen.findByText('Book cover chosen')).toBeInTheDocument();
    expect(JSON.parse(String(calls('PATCH', '/api/books/b1/covers/c-old')[0]?.[1].body))).toEqual({ chosen: true });
    await waitFor(() => expect(within(oldCard).getByText('Book cover')).toBeInTheDocument());
    expect(within(newCard).queryByText('Book cover')).not.toBeInTheDocument();
    expect(within(newCard).getByRole('button', { name: 'Use as book cover' })).toBeInTheDocument();
  });

  it('deletes a cover after confirmation; cancelling keeps it', async () => {
    const chosen = makeCover({ id: 'c-a', template: 'bold', chosen: true, createdAt: '2025-03-06T10:00:00.000Z' });
    const other = makeCover({ id: 'c-b', template: 'elegant' });
    serve({ covers: [chosen, other] });
    const user = userEvent.setup();
    renderWithProviders(<CoversTab book={book} onSkip={() => {}} />);
    const gallery = await screen.findByRole('list', { name: 'Covers' });
    const card = within(gallery).getAllByRole('listitem')[0]!;

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this cover?' });
    expect(within(dialog).getByText(/your newest other cover takes its place/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep cover' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls('DELETE', '/api/books/b1/covers/c-a')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete this cover?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete cover' }));
    expect(await screen.findByText('Cover deleted')).toBeInTheDocument();
    expect(calls('DELETE', '/api/books/b1/covers/c-a')).toHaveLength(1);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Covers' })).getAllByRole('listitem')).toHaveLength(1));
    // The server made the one left the book cover; the list was asked again.
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Covers' })).getByText('Book cover')).toBeInTheDocument());
  });

  it('shows the pixels the artwork needs, and the server refusal inline and in a notice', async () => {
    serve({
      covers: [],
      upload: () => jsonResponse(422, { message: 'This image is 800 x 1200 px; a 6 x 9 in front needs at least 1875 x 2775 px for 300 dpi.' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CoversTab book={book} onSkip={() => {}} />);
    expect(await screen.findByText('at least 1,875 x 2,775 px for 300 dpi at this trim')).toBeInTheDocument();

    const input = screen.getByLabelText('Front artwork image');
    await user.upload(input, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'small.jpg', { type: 'image/jpeg' }));
    await user.selectOptions(screen.getByLabelText('Set the words in'), 'bold');
    await user.click(screen.getByRole('button', { name: 'Upload artwork' }));

    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getAllByText(/needs at least 1875 x 2775 px for 300 dpi/)).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('Upload failed. This image is 800 x 1200 px');
    const [, init] = calls('POST', '/api/books/b1/covers/artwork')[0]!;
    const form = init.body as FormData;
    expect(form.get('template')).toBe('bold');
    expect((form.get('file') as File).name).toBe('small.jpg');
  });

  it('refuses a file that is not a JPEG or PNG before sending it', async () => {
    serve({ covers: [] });
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<CoversTab book={book} onSkip={() => {}} />);
    await user.upload(screen.getByLabelText('Front artwork image'), new File(['GIF89a'], 'art.gif', { type: 'image/gif' }));
    expect(screen.getByText('Please choose a JPEG or PNG image.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload artwork' })).toBeDisabled();
  });

  it('shows an error with a retry when the covers cannot be loaded', async () => {
    let fail = true;
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/books/b1/covers') return fail ? jsonResponse(500, { message: 'The database is resting' }) : jsonResponse(200, []);
      if (url === '/api/books/b1/cover-options') return jsonResponse(200, coverOptions());
      return jsonResponse(404, { message: 'Not found' });
    });
    const user = userEvent.setup();
    renderWithProviders(<CoversTab book={book} onSkip={() => {}} />);
    expect(await screen.findByText('Your covers could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('The database is resting')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No covers yet')).toBeInTheDocument();
  });
});
