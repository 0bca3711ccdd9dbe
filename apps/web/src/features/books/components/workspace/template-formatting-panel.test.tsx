import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Book, FormattingSettings, PreviewBody, StyleGuideTemplate, TemplateListItem } from '@quire/contracts';
import { cleanedBook, previewAnswer } from '../../../../testing/format-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { TemplateFormattingPanel } from './template-formatting-panel.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

const book: Book = { ...cleanedBook, genre: null };

/** The server's font labels (engine `describeFont`) for the fonts these guides ask for. */
const FONT_LABEL: Record<string, string> = {
  'Times New Roman': 'Times New Roman (set in Tinos, metric-compatible)',
  Garamond: 'Garamond (set in EB Garamond, a similar design)',
};

function guide(id: string, name: string, category: 'academic' | 'publishing', family: string): StyleGuideTemplate {
  return {
    fontLabel: FONT_LABEL[family] ?? family,
    id,
    name,
    styleGuide: name.split(' ')[0]!,
    category,
    isBuiltIn: true,
    requirements: {
      margins: { top: 1, bottom: 1, left: 1, right: 1 },
      font: { family, size: 12, lineHeight: 2 },
      spacing: { paragraph: 0, line: 2 },
      headers: { style: 'bold', numbering: false },
      citations: { style: name, inText: '(Author, Year)', bibliography: 'References' },
      pageNumbers: { position: 'top-right', format: 'arabic' },
      titlePage: true,
      tableOfContents: false,
      abstract: category === 'academic',
      acknowledgments: false,
      appendices: false,
    },
  };
}
const guides = [
  guide('apa-7', 'APA 7th Edition', 'academic', 'Times New Roman'),
  guide('mla-9', 'MLA 9th Edition', 'academic', 'Times New Roman'),
  guide('kdp-fiction', 'Amazon KDP Fiction', 'publishing', 'Garamond'),
];
const settings: FormattingSettings = {
  fontSize: 11,
  lineHeight: 1.4,
  fontFamily: 'serif',
  marginTop: 0.75,
  marginBottom: 0.75,
  marginLeft: 0.875,
  marginRight: 0.625,
  pageSize: 'custom',
  trimSize: '6x9',
  chapterBreakType: 'page-break',
  chapterTitleFormat: 'centered',
  chapterNumberStyle: 'roman',
  paragraphIndent: 0.25,
  paragraphSpacing: 0,
  dropCapital: true,
  justifyText: true,
  quoteIndent: 0.5,
  dialogueFormat: 'standard',
  emphasisStyle: 'italic',
  includeHeaders: true,
  includeFooters: false,
  includePageNumbers: true,
  pageNumberPosition: 'bottom-center',
};
const templates: TemplateListItem[] = [
  { id: 'classic-literature', name: 'Classic Literature', description: 'Ornaments and small caps for the classics', genre: 'literature', settings, isBuiltIn: true, fontLabel: 'Garamond (set in EB Garamond, a similar design)' },
  { id: 'modern-fiction', name: 'Modern Fiction', description: 'Clean and airy', genre: 'general', settings, isBuiltIn: true, fontLabel: 'Minion Pro (set in Crimson Pro, a similar design)' },
];

const uploadedGuide: StyleGuideTemplate = {
  ...guide('c5e1a2b3-4444-4c2b-9a0e-5d1c2b3a4f5e', 'Graduate Thesis Guidelines', 'academic', 'Times New Roman'),
  isBuiltIn: false,
  university: 'University of Leeds',
  originalFileName: 'thesis.pdf',
  findings: { found: ['Font: Times New Roman, 12 pt'], defaulted: [] },
};

function answer(formatted: (body: unknown) => Response = (body) => jsonResponse(200, { ...book, status: 'ready', layoutId: (body as { templateId: string }).templateId })) {
  fetchMock.mockImplementation(async (url, init) => {
    if (url === '/api/style-guides' && init.method === 'GET') return jsonResponse(200, guides);
    if (url === '/api/templates') return jsonResponse(200, templates);
    if (url === '/api/books/b1/format-template' && init.method === 'POST') return formatted(JSON.parse(String(init.body)));
    if (url === '/api/books/b1/preview') return jsonResponse(200, previewAnswer(JSON.parse(String(init.body)) as PreviewBody));
    if (url === '/api/style-guides' && init.method === 'POST') return jsonResponse(201, uploadedGuide);
    return jsonResponse(404, { message: 'Not found' });
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

// Testing Library's default normaliser turns the non-breaking space before "pt" into a plain space.
describe('TemplateFormattingPanel', () => {
  it('lists the academic guides first, the publishing guides and templates on the Publishing tab, naming the font used', async () => {
    answer();
    const user = userEvent.setup();
    renderWithProviders(<TemplateFormattingPanel book={book} onFormatted={() => {}} onNext={() => {}} />);
    const academic = await screen.findByRole('list', { name: 'Academic style guides' });
    expect(within(academic).getAllByRole('listitem')).toHaveLength(2);
    expect(within(academic).getAllByText('Times New Roman (set in Tinos, metric-compatible), 12 pt')).toHaveLength(2);
    expect(screen.queryByText('Classic Literature')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Publishing' }));
    const publishing = screen.getByRole('list', { name: 'Publishing style guides' });
    expect(within(publishing).getByText('Amazon KDP Fiction')).toBeInTheDocument();
    expect(within(publishing).getByText('Garamond (set in EB Garamond, a similar design), 12 pt')).toBeInTheDocument();
    const bookTemplates = screen.getByRole('list', { name: 'Book templates' });
    expect(within(bookTemplates).getByText('Garamond (set in EB Garamond, a similar design), 11 pt')).toBeInTheDocument();
    expect(within(bookTemplates).getByText('Minion Pro (set in Crimson Pro, a similar design), 11 pt')).toBeInTheDocument();
    expect(screen.queryByText('APA 7th Edition')).not.toBeInTheDocument();
  });

  it('filters by name and description, case-insensitively, and says when nothing matches', async () => {
    answer();
    const user = userEvent.setup();
    renderWithProviders(<TemplateFormattingPanel book={book} onFormatted={() => {}} onNext={() => {}} />);
    await screen.findByText('APA 7th Edition');
    await user.type(screen.getByRole('searchbox', { name: 'Search templates' }), 'mla');
    expect(screen.queryByText('APA 7th Edition')).not.toBeInTheDocument();
    expect(screen.getByText('MLA 9th Edition')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Publishing' }));
    expect(screen.getByText('No templates match “mla”.')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search templates' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search templates' }), 'AIRY');
    expect(screen.getByText('Modern Fiction')).toBeInTheDocument();
    expect(screen.queryByText('Classic Literature')).not.toBeInTheDocument();
    expect(screen.queryByText('Amazon KDP Fiction')).not.toBeInTheDocument();
  });

  it('applies the selected template by its id, then says so and moves on', async () => {
    answer();
    const onFormatted = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<TemplateFormattingPanel book={book} onFormatted={onFormatted} onNext={() => {}} />);
    await screen.findByText('APA 7th Edition');
    expect(screen.getByRole('button', { name: /Apply Template/ })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Publishing' }));
    await user.click(screen.getByRole('button', { name: /Classic Literature/ }));
    expect(screen.getByRole('button', { name: /Classic Literature/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: /Apply Template/ }));
    expect(await screen.findByText('Document formatted successfully')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/books/b1/format-template');
    expect(JSON.parse(String(call?.[1].body))).toEqual({ templateId: 'classic-literature' });
    expect(onFormatted).toHaveBeenCalledTimes(1);
  });

  it('says "Formatting failed" with the server message when applying fails', async () => {
    answer(() => jsonResponse(404, { message: 'Template not found' }));
    const onFormatted = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<TemplateFormattingPanel book={book} onFormatted={onFormatted} onNext={() => {}} />);
    await user.click(await screen.findByRole('button', { name: /APA 7th Edition/ }));
    await user.click(screen.getByRole('button', { name: /Apply Template/ }));
    expect(await screen.findByText('Formatting failed')).toBeInTheDocument();
    expect(screen.getByText('Template not found')).toBeInTheDocument();
    expect(onFormatted).not.toHaveBeenCalled();
  });

  it('marks the layout the book is set in as applied and preselects it', async () => {
    answer();
    renderWithProviders(<TemplateFormattingPanel book={{ ...book, layoutId: 'mla-9', status: 'ready' }} onFormatted={() => {}} onNext={() => {}} />);
    const mla = await screen.findByRole('button', { name: /MLA 9th Edition/ });
    expect(within(mla).getByText('Applied')).toBeInTheDocument();
    expect(mla).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('button', { name: /APA 7th Edition/ })).queryByText('Applied')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Apply Template/ })).toBeEnabled();
  });

  it('shows an error with a retry when the templates cannot be loaded', async () => {
    fetchMock.mockImplementation(async (url) =>
      url === '/api/templates' ? jsonResponse(500, { message: 'Database unavailable' }) : jsonResponse(200, guides),
    );
    renderWithProviders(<TemplateFormattingPanel book={book} onFormatted={() => {}} onNext={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /Apply Template/ })).toBeDisabled());
  });

  it('shows the opening pages of the selected layout, and follows a new selection', async () => {
    answer();
    const user = userEvent.setup();
    renderWithProviders(<TemplateFormattingPanel book={book} onFormatted={() => {}} onNext={() => {}} />);
    expect(await screen.findByText('Select a template to see your book’s opening pages set in it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /MLA 9th Edition/ }));
    expect(await screen.findByRole('heading', { name: 'Preview: MLA 9th Edition' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Rendered pages' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Publishing' }));
    await user.click(screen.getByRole('button', { name: /Modern Fiction/ }));
    expect(await screen.findByRole('heading', { name: 'Preview: Modern Fiction' })).toBeInTheDocument();
    await waitFor(() => {
      const bodies = fetchMock.mock.calls.filter(([url]) => url === '/api/books/b1/preview').map(([, init]) => JSON.parse(String(init.body)) as PreviewBody);
      expect(bodies).toEqual([
        { layoutId: 'mla-9', scope: 'opening' },
        { layoutId: 'modern-fiction', scope: 'opening' },
      ]);
    });
  });

  it('adds an uploaded style guide to the Academic list with its university, selected', async () => {
    answer();
    const user = userEvent.setup();
    renderWithProviders(<TemplateFormattingPanel book={book} onFormatted={() => {}} onNext={() => {}} />);
    await screen.findByText('APA 7th Edition');
    await user.click(screen.getByRole('tab', { name: 'Publishing' }));
    await user.click(screen.getByRole('button', { name: 'Upload Style Guide' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByLabelText('Style guide document'), new File(['%PDF'], 'thesis.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload Style Guide' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    const academic = screen.getByRole('list', { name: 'Academic style guides' });
    const card = within(academic).getByRole('button', { name: /Graduate Thesis Guidelines/ });
    expect(within(card).getByText('Uploaded · University of Leeds')).toBeInTheDocument();
    expect(card).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /Apply Template/ })).toBeEnabled();
  });
});
