import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Book, CompileBody, Extraction } from '@quire/contracts';
import { christmasSections, makeExtraction, passageText } from '../../../../testing/extraction-fixtures.ts';
import { cleanedBook } from '../../../../testing/format-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { ExtractTab } from './extract-tab.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const book: Book = cleanedBook;

type Api = {
  extractions: Extraction[];
  /** The answer to GET /extractions; default: the list. */
  list?: () => Response | Promise<Response>;
  /** The answer to POST /extract; default: a new extraction `x-new` of the topic with the three passages. */
  extract?: (topic: string) => Response | Promise<Response>;
  /** The answer to POST .../book; default: 201 with the new book `b2`. */
  compile?: (body: CompileBody) => Response | Promise<Response>;
  /** The answer to GET .../passages/:id; default: the passage in full. */
  passage?: (passageId: string, widen: boolean) => Response | Promise<Response>;
};

/** A fake extractions API over `api.extractions`, kept in step with what the server would do. */
function serve(api: Api) {
  fetchMock.mockImplementation(async (url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/books/b1/extractions' && method === 'GET') return api.list ? api.list() : jsonResponse(200, api.extractions);
    if (url === '/api/books/b1/extract' && method === 'POST') {
      const { topic } = JSON.parse(String(init.body)) as { topic: string };
      if (api.extract) return api.extract(topic);
      // As the server does: a topic searched again (in any case) is the same extraction, dated now.
      const same = api.extractions.find((e) => e.topic.toLowerCase() === topic.toLowerCase());
      const made = makeExtraction({ id: same?.id ?? 'x-new', topic, createdAt: '2025-03-07T10:00:00.000Z' });
      api.extractions = [made, ...api.extractions.filter((e) => e.id !== made.id)];
      return jsonResponse(201, made);
    }
    const passage = /^\/api\/books\/b1\/extractions\/([\w-]+)\/passages\/([^?]+)\?widen=(true|false)$/.exec(url);
    if (passage && method === 'GET') {
      const passageId = decodeURIComponent(passage[2]!);
      const widen = passage[3] === 'true';
      return api.passage ? api.passage(passageId, widen) : jsonResponse(200, passageText(passageId, widen));
    }
    const compile = /^\/api\/books\/b1\/extractions\/([\w-]+)\/book$/.exec(url);
    if (compile && method === 'POST') {
      const body = JSON.parse(String(init.body)) as CompileBody;
      if (api.compile) return api.compile(body);
      const extraction = { ...api.extractions.find((e) => e.id === compile[1])!, compiledTitle: body.title, compiledBookId: 'b2' };
      return jsonResponse(201, { extraction, bookId: 'b2' });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

function calls(method: string, url: string | RegExp) {
  return fetchMock.mock.calls.filter(([u, init]) => (typeof url === 'string' ? u === url : url.test(u)) && (init.method ?? 'GET') === method);
}

function bodyOf(method: string, url: string | RegExp, index = 0): unknown {
  return JSON.parse(String(calls(method, url)[index]?.[1].body));
}

/** Renders the tab and waits for the previous extractions to load. */
async function renderTab(api: Api) {
  serve(api);
  const user = userEvent.setup();
  const view = renderWithProviders(<ExtractTab book={book} />, { path: '/book/b1' });
  await screen.findByRole('heading', { name: 'Previous extractions' });
  await waitFor(() => expect(screen.queryByLabelText('Loading your previous extractions')).not.toBeInTheDocument());
  return { user, ...view };
}

/** Runs the typed topic and waits for its results. */
async function extract(user: ReturnType<typeof userEvent.setup>, topic: string) {
  await user.type(screen.getByRole('searchbox', { name: 'Topic' }), topic);
  await user.click(screen.getByRole('button', { name: 'Extract' }));
  return screen.findByRole('list', { name: `Passages on “${topic}”` });
}

/** The button of a previous extraction in the history list. */
function historyItem(topic: string) {
  return within(screen.getByRole('list', { name: 'Previous extractions' })).getByRole('button', { name: new RegExp(`^${topic}`) });
}

function passageTitles(list: HTMLElement) {
  return within(list)
    .getAllByRole('heading', { level: 4 })
    .map((h) => h.textContent);
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('ExtractTab topic', () => {
  it('keeps Extract disabled while the topic is empty, and says why when Enter is pressed in the empty field', async () => {
    const { user } = await renderTab({ extractions: [] });
    const button = screen.getByRole('button', { name: 'Extract' });
    expect(button).toBeDisabled();
    const field = screen.getByRole('searchbox', { name: 'Topic' });
    await user.type(field, '   ');
    expect(button).toBeDisabled();

    await user.type(field, '{Enter}');
    expect(await screen.findByText('Topic required')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a topic to search for');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls('POST', '/api/books/b1/extract')).toHaveLength(0);

    await user.type(field, 'grace');
    expect(button).toBeEnabled();
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('offers the ten suggested topics; a chip fills the topic and searches for it', async () => {
    const { user } = await renderTab({ extractions: [] });
    const chips = within(screen.getByRole('list', { name: 'Suggested topics' })).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['Christmas', 'Easter', 'Prayer', 'Faith', 'Salvation', 'Grace', 'Love', 'Hope', 'Redemption', 'Forgiveness']);

    await user.click(screen.getByRole('button', { name: 'Prayer' }));
    expect(screen.getByRole('searchbox', { name: 'Topic' })).toHaveValue('Prayer');
    await screen.findByRole('list', { name: 'Passages on “Prayer”' });
    expect(bodyOf('POST', '/api/books/b1/extract')).toEqual({ topic: 'Prayer' });
    expect(screen.getByRole('button', { name: 'Prayer' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the pending label and cannot be sent twice; then the notice with the number of sections', async () => {
    let release: () => void = () => {};
    const api: Api = {
      extractions: [],
      extract: (topic) =>
        new Promise((resolve) => {
          release = () => resolve(jsonResponse(201, makeExtraction({ topic })));
        }),
    };
    const { user } = await renderTab(api);
    await user.type(screen.getByRole('searchbox', { name: 'Topic' }), 'Christmas{Enter}');
    const pending = await screen.findByRole('button', { name: 'Extracting...' });
    expect(pending).toBeDisabled();
    expect(screen.getByText(/Searching the book for “Christmas”/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Easter' })).toBeDisabled();
    await user.type(screen.getByRole('searchbox', { name: 'Topic' }), '{Enter}');
    expect(calls('POST', '/api/books/b1/extract')).toHaveLength(1);

    release();
    expect(await screen.findByText('Content extracted successfully')).toBeInTheDocument();
    expect(screen.getByText('Found 3 relevant sections.')).toBeInTheDocument();
    expect(screen.getByText('3 relevant sections found for “Christmas”.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Extract' })).toBeEnabled();
  });

  it('says "Extraction failed" with the server message, or the fallback', async () => {
    const api: Api = { extractions: [], extract: () => jsonResponse(400, { message: 'A topic must be at most 80 characters' }) };
    const { user } = await renderTab(api);
    await user.type(screen.getByRole('searchbox', { name: 'Topic' }), 'grace{Enter}');
    expect(await screen.findByText('Extraction failed')).toBeInTheDocument();
    expect(screen.getByText('A topic must be at most 80 characters')).toBeInTheDocument();

    api.extract = () => new Response('', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Extract' }));
    expect(await screen.findByText('Failed to extract content')).toBeInTheDocument();
  });
});

describe('ExtractTab results', () => {
  it('shows the summary and each passage: its source, relevance, themes and the matched words marked', async () => {
    const { user } = await renderTab({ extractions: [] });
    const list = await extract(user, 'Christmas');
    expect(screen.getByRole('heading', { name: 'Passages on “Christmas”' })).toBeInTheDocument();
    expect(screen.getByText('3 sections found').parentElement).toHaveTextContent('3 sections found · average relevance 68%');
    expect(screen.getByText('Also searched:').parentElement).toHaveTextContent('Also searched: Nativity, Bethlehem, Yuletide');
    expect(screen.getByText('Giving')).toBeInTheDocument();

    expect(passageTitles(list)).toEqual(['1.Keeping Christmas', '2.A Christmas Prayer', '3.The Shepherds']);
    const prayer = within(list).getAllByRole('listitem')[1]!;
    expect(within(prayer).getByRole('meter', { name: 'Relevance' })).toHaveAttribute('aria-valuetext', '74%, strong match');
    expect(within(prayer).getByText('74%')).toBeInTheDocument();
    expect(within(prayer).getByText('Excerpt')).toBeInTheDocument();
    expect(within(prayer).getByText(/Section 12 of 28/)).toHaveTextContent(
      'From “Christmas Sermons” · Part II. Sermons · Section 12 of 28 · at 41% of the book · by Henry van Dyke · 1,240 words',
    );
    expect(within(prayer).getByText('Joy')).toBeInTheDocument();
    const marked = prayer.querySelectorAll('mark');
    expect([...marked].map((m) => m.textContent)).toEqual(['Nativity', 'Christmas']);
    expect(prayer.querySelector('blockquote')).toHaveTextContent('Let us pray that the strength of the Nativity be our strength, and the joy of Christmas our joy.');

    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Whole section')).toBeInTheDocument();
    expect(within(first).getByRole('meter', { name: 'Relevance' })).toHaveAttribute('aria-valuetext', '91%, strong match');
    expect(within(list).getAllByRole('listitem')[2]!.querySelector('[role="meter"]')).toHaveAttribute('aria-valuetext', '38%, passing mention');
  });

  it('keeps a preview’s markup as text', async () => {
    const preview = '<img src=x onerror="alert(1)"> Christmas';
    const section = { ...christmasSections[0]!, contentPreview: preview, highlights: [{ start: 31, end: 40 }] };
    const { user } = await renderTab({ extractions: [], extract: (topic) => jsonResponse(201, makeExtraction({ topic, sections: [section] })) });
    const list = await extract(user, 'Christmas');
    expect(list.querySelector('img')).toBeNull();
    expect(list.querySelector('blockquote')).toHaveTextContent(preview);
    expect(list.querySelector('mark')).toHaveTextContent('Christmas');
  });

  it('says plainly when no passage was found, with what to try', async () => {
    const { user } = await renderTab({ extractions: [], extract: (topic) => jsonResponse(201, makeExtraction({ topic, sections: [] })) });
    await user.type(screen.getByRole('searchbox', { name: 'Topic' }), 'Submarines{Enter}');
    expect(await screen.findByText('No passages about “Submarines” were found')).toBeInTheDocument();
    expect(screen.getByText(/Try a related or broader word, or one of the suggested topics/)).toBeInTheDocument();
    expect(screen.getByText('No relevant sections were found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create a book/ })).not.toBeInTheDocument();
  });
});

describe('ExtractTab compile', () => {
  it('posts the chosen passages in the user’s order, then opens the new book', async () => {
    const { user, location } = await renderTab({ extractions: [] });
    const list = await extract(user, 'Christmas');
    expect(screen.getByText(/passages chosen/).textContent).toBe('3 of 3 passages chosen');

    await user.click(screen.getByRole('checkbox', { name: 'Include “Keeping Christmas” in the book' }));
    expect(screen.getByText(/passages chosen/).textContent).toBe('2 of 3 passages chosen');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Left out of the book');

    const up = screen.getByRole('button', { name: 'Move “The Shepherds” up' });
    await user.click(up);
    expect(passageTitles(list)).toEqual(['1.Keeping Christmas', '2.The Shepherds', '3.A Christmas Prayer']);
    expect(screen.getByRole('button', { name: 'Move “The Shepherds” up' })).toHaveFocus();
    expect(screen.getByText('“The Shepherds” moved to position 2 of 3.')).toBeInTheDocument();
    // From the keyboard: Enter on the focused button moves it again, to the top, where the focus goes to "down".
    await user.keyboard('{Enter}');
    expect(passageTitles(list)).toEqual(['1.The Shepherds', '2.Keeping Christmas', '3.A Christmas Prayer']);
    expect(screen.getByRole('button', { name: 'Move “The Shepherds” up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move “The Shepherds” down' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Create a book from these passages' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a book from these passages' });
    expect(within(dialog).getByRole('textbox', { name: 'Title of the new book' })).toHaveValue('Christmas: Passages from Pride and Prejudice');
    expect(within(dialog).getByText(/A new book of 2 passages on “Christmas”/)).toBeInTheDocument();
    expect(within(within(dialog).getByRole('list', { name: 'Passages of the new book' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '1.The Shepherds',
      '2.A Christmas Prayer',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Create book' }));

    await waitFor(() => expect(location.history?.at(-1)).toBe('/book/b2'));
    expect(bodyOf('POST', '/api/books/b1/extractions/x-new/book')).toEqual({
      title: 'Christmas: Passages from Pride and Prejudice',
      passages: [
        { passageId: 's20', widen: false },
        { passageId: 's12:40-58', widen: false },
      ],
    });
    expect(await screen.findByText('Book created')).toBeInTheDocument();
    expect(screen.getByText('“Christmas: Passages from Pride and Prejudice” gathers 2 passages. Clean and format it like any other book.')).toBeInTheDocument();
  });

  it('shows "Creating..." while the book is made, and checks the title', async () => {
    let release: () => void = () => {};
    const api: Api = {
      extractions: [makeExtraction()],
      compile: (body) =>
        new Promise((resolve) => {
          release = () => resolve(jsonResponse(201, { extraction: { ...makeExtraction(), compiledTitle: body.title, compiledBookId: 'b2' }, bookId: 'b2' }));
        }),
    };
    const { user, location } = await renderTab(api);
    await user.click(historyItem('Christmas'));
    await user.click(await screen.findByRole('button', { name: 'Create a book from these passages' }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByRole('textbox', { name: 'Title of the new book' });
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Create book' }));
    expect(within(dialog).getByText('The new book needs a title')).toBeInTheDocument();
    expect(calls('POST', /\/book$/)).toHaveLength(0);

    await user.type(title, 'Christmas Sermons');
    await user.click(within(dialog).getByRole('button', { name: 'Create book' }));
    expect(await within(dialog).findByRole('button', { name: 'Creating...' })).toBeDisabled();
    release();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/book/b2'));
    expect((bodyOf('POST', /\/book$/) as CompileBody).title).toBe('Christmas Sermons');
  });

  it('cannot make a book of no passage', async () => {
    const { user } = await renderTab({ extractions: [makeExtraction()] });
    await user.click(historyItem('Christmas'));
    for (const title of ['Keeping Christmas', 'A Christmas Prayer', 'The Shepherds'])
      await user.click(await screen.findByRole('checkbox', { name: `Include “${title}” in the book` }));
    expect(screen.getByRole('button', { name: 'Create a book from these passages' })).toBeDisabled();
    expect(screen.getByText(/tick at least one to make a book/)).toBeInTheDocument();
  });

  it('shows a 409 in the dialog and offers to run the extraction again', async () => {
    const api: Api = {
      extractions: [makeExtraction()],
      compile: () => jsonResponse(409, { message: 'The book’s text has changed since this extraction. Run it again.' }),
    };
    const { user } = await renderTab(api);
    await user.click(historyItem('Christmas'));
    await user.click(await screen.findByRole('button', { name: 'Create a book from these passages' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create book' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The book’s text has changed since this extraction. Run it again.');
    await user.click(within(dialog).getByRole('button', { name: 'Run the extraction again' }));
    await waitFor(() => expect(calls('POST', '/api/books/b1/extract')).toHaveLength(1));
    expect(bodyOf('POST', '/api/books/b1/extract')).toEqual({ topic: 'Christmas' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ExtractTab reader', () => {
  it('reads a passage in full; an excerpt can be widened to its section, which the book then takes', async () => {
    let releaseWide: () => void = () => {};
    const api: Api = {
      extractions: [makeExtraction()],
      passage: (passageId, widen) =>
        widen
          ? new Promise((resolve) => {
              releaseWide = () => resolve(jsonResponse(200, passageText(passageId, true)));
            })
          : jsonResponse(200, passageText(passageId)),
    };
    const { user } = await renderTab(api);
    await user.click(historyItem('Christmas'));
    const list = await screen.findByRole('list', { name: 'Passages on “Christmas”' });
    const prayer = within(list).getAllByRole('listitem')[1]!;
    await user.click(within(prayer).getByRole('button', { name: 'Read passage' }));

    const dialog = await screen.findByRole('dialog', { name: 'A Christmas Prayer' });
    const text = await within(dialog).findByRole('article');
    expect(text.querySelectorAll('p')).toHaveLength(2);
    expect(text).toHaveTextContent('and the joy of Christmas our joy.');
    expect(within(dialog).getByText(/Part II\. Sermons · Section 12 of 28 · at 41% of the book · by Henry van Dyke · 24 words/)).toBeInTheDocument();
    expect(calls('GET', '/api/books/b1/extractions/x1/passages/s12%3A40-58?widen=false')).toHaveLength(1);

    const toggle = within(dialog).getByRole('switch', { name: 'Show whole section' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    expect(await within(dialog).findByText('Loading the passage...')).toBeInTheDocument();
    releaseWide();
    expect(await within(dialog).findByRole('heading', { name: 'Christmas Sermons' })).toBeInTheDocument();
    expect(within(dialog).getByText('The book will take the whole of “Christmas Sermons”, not only this excerpt.')).toBeInTheDocument();
    expect(within(dialog).getByRole('article')).toHaveTextContent('The whole sermon begins here.');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(within(prayer).getByText('Whole section in the book')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create a book from these passages' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Create book' }));
    await waitFor(() => expect(calls('POST', /\/book$/)).toHaveLength(1));
    expect((bodyOf('POST', /\/book$/) as CompileBody).passages).toEqual([
      { passageId: 's3', widen: false },
      { passageId: 's12:40-58', widen: true },
      { passageId: 's20', widen: false },
    ]);
  });

  it('offers no widening for a whole section, and says when the text changed since', async () => {
    const api: Api = {
      extractions: [makeExtraction()],
      passage: () => jsonResponse(409, { message: 'The book’s text has changed since this extraction.' }),
    };
    const { user } = await renderTab(api);
    await user.click(historyItem('Christmas'));
    const list = await screen.findByRole('list', { name: 'Passages on “Christmas”' });
    await user.click(within(within(list).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Read passage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keeping Christmas' });
    expect(within(dialog).queryByRole('switch')).not.toBeInTheDocument();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The book’s text has changed since this extraction. Run the extraction again');
    // The list is asked again, and now marks the extraction.
    await waitFor(() => expect(calls('GET', '/api/books/b1/extractions').length).toBeGreaterThan(1));
  });
});

describe('ExtractTab previous extractions', () => {
  it('lists a topic searched again once, at the top', async () => {
    const api: Api = {
      extractions: [
        makeExtraction({ id: 'x2', topic: 'Grace', sections: christmasSections.slice(0, 1), createdAt: '2025-03-07T08:15:00.000Z' }),
        makeExtraction({ id: 'x1' }),
      ],
    };
    const { user } = await renderTab(api);
    await extract(user, 'christmas');
    const items = within(screen.getByRole('list', { name: 'Previous extractions' })).getAllByRole('button');
    expect(items.map((b) => b.textContent?.split(/\d/)[0])).toEqual(['christmasShown', 'Grace']);
  });

  it('lists them with their topic, date, sections and relevance, and shows one when clicked', async () => {
    const api: Api = {
      extractions: [
        makeExtraction({ id: 'x2', topic: 'Grace', sections: christmasSections.slice(0, 1), createdAt: '2025-03-07T08:15:00.000Z' }),
        makeExtraction({ id: 'x1' }),
        makeExtraction({ id: 'x0', topic: 'Submarines', sections: [] }),
      ],
    };
    const { user } = await renderTab(api);
    const history = screen.getByRole('list', { name: 'Previous extractions' });
    const items = within(history).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual([
      'Grace7 Mar 2025, 08:151 section · average relevance 91%',
      'Christmas6 Mar 2025, 09:303 sections · average relevance 68%',
      'Submarines6 Mar 2025, 09:300 sections',
    ]);
    expect(screen.queryByRole('heading', { name: /Passages on/ })).not.toBeInTheDocument();

    await user.click(items[1]!);
    const heading = await screen.findByRole('heading', { name: 'Passages on “Christmas”' });
    // Focus moves in the next animation frame, after the results are laid out.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(items[1]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Christmas' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls('POST', '/api/books/b1/extract')).toHaveLength(0);

    // Choices made on one extraction are kept while another is looked at.
    await user.click(screen.getByRole('checkbox', { name: 'Include “The Shepherds” in the book' }));
    await user.click(items[2]!);
    expect(await screen.findByText('No passages about “Submarines” were found')).toBeInTheDocument();
    await user.click(items[1]!);
    expect(await screen.findByRole('checkbox', { name: 'Include “The Shepherds” in the book' })).not.toBeChecked();
  });

  it('lists the six newest, and the others on demand', async () => {
    const extractions = Array.from({ length: 8 }, (_, i) => makeExtraction({ id: `x${i}`, topic: `Topic ${i}` }));
    const { user } = await renderTab({ extractions });
    const history = screen.getByRole('list', { name: 'Previous extractions' });
    expect(within(history).getAllByRole('button', { name: /^Topic/ })).toHaveLength(6);
    await user.click(within(history).getByRole('button', { name: 'Show all 8' }));
    expect(within(history).getAllByRole('button', { name: /^Topic/ })).toHaveLength(8);
  });

  it('says when the text changed since, offers to run it again, and links the book made from one', async () => {
    const api: Api = {
      extractions: [makeExtraction({ id: 'x1', textChanged: true, compiledTitle: 'Christmas Sermons', compiledBookId: 'b7' })],
    };
    const { user } = await renderTab(api);
    const history = screen.getByRole('list', { name: 'Previous extractions' });
    expect(within(history).getByText('Text changed since')).toBeInTheDocument();
    expect(within(history).getByRole('link', { name: 'Open “Christmas Sermons”' })).toHaveAttribute('href', '/book/b7');

    await user.click(within(history).getByRole('button', { name: /^Christmas/ }));
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('The book’s text has changed since this extraction.');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Read passage' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create a book/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Christmas Sermons' })).toHaveAttribute('href', '/book/b7');

    await user.click(within(note).getByRole('button', { name: 'Run again' }));
    expect(await screen.findByText('Content extracted successfully')).toBeInTheDocument();
    expect(bodyOf('POST', '/api/books/b1/extract')).toEqual({ topic: 'Christmas' });
    expect(screen.getByRole('searchbox', { name: 'Topic' })).toHaveValue('Christmas');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('shows the empty state, and a failed load with a retry', async () => {
    let fail = true;
    const api: Api = { extractions: [], list: () => (fail ? jsonResponse(500, { message: 'Database unavailable' }) : jsonResponse(200, [])) };
    serve(api);
    const user = userEvent.setup();
    renderWithProviders(<ExtractTab book={book} />);
    expect(screen.getByLabelText('Loading your previous extractions')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your previous extractions could not be loaded. Database unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No extractions yet')).toBeInTheDocument();
  });
});
