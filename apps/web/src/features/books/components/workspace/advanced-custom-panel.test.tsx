import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Book, FormatAdvancedBody, PreviewBody, TemplateListItem } from '@quire/contracts';
import {
  apaGuide,
  apaSettings,
  builtInTemplates,
  cleanedBook,
  customTemplate,
  novelSettings,
  previewAnswer,
} from '../../../../testing/format-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { AdvancedCustomPanel } from './advanced-custom-panel.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

type Overrides = { formatted?: (body: FormatAdvancedBody) => Promise<Response> | Response; saved?: (body: unknown) => Response };

/** The API: lists, preview (APA's settings for `apa-7`, the server's default layout for none), format, save, delete. */
function answer({ formatted, saved }: Overrides = {}) {
  const templates: TemplateListItem[] = [...builtInTemplates, customTemplate];
  fetchMock.mockImplementation(async (url, init) => {
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    if (url === '/api/style-guides') return jsonResponse(200, [apaGuide]);
    if (url === '/api/fonts') {
      return jsonResponse(200, [
        { generic: 'serif', family: 'Tinos', label: 'Times New Roman (set in Tinos, metric-compatible)' },
        { generic: 'sans-serif', family: 'Inter', label: 'Inter' },
        { generic: 'monospace', family: 'JetBrains Mono', label: 'JetBrains Mono' },
      ]);
    }
    if (url === '/api/templates' && init.method === 'GET') return jsonResponse(200, templates);
    if (url === '/api/templates' && init.method === 'POST') {
      if (saved) return saved(body);
      const item = { ...(body as object), id: '0b7c9d2e-2222-4c2b-9a0e-5d1c2b3a4f5e', isBuiltIn: false, fontLabel: customTemplate.fontLabel };
      templates.push(item as TemplateListItem);
      return jsonResponse(201, item);
    }
    if (url.startsWith('/api/templates/') && init.method === 'DELETE') return new Response(null, { status: 204 });
    if (url === '/api/books/b1/preview') {
      const preview = body as PreviewBody;
      return jsonResponse(200, previewAnswer(preview, { settings: preview.layoutId === 'apa-7' ? apaSettings : novelSettings }));
    }
    if (url === '/api/books/b1/format-advanced') {
      if (formatted) return formatted(body as FormatAdvancedBody);
      return jsonResponse(200, { ...cleanedBook, status: 'ready', formattedText: cleanedBook.cleanedText, layoutId: 'classic-literature' });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

function calls(url: string, method = 'POST') {
  return fetchMock.mock.calls.filter(([u, init]) => u === url && init.method === method).map(([, init]) => (init.body ? JSON.parse(String(init.body)) : undefined) as unknown);
}

function renderPanel(book: Book = cleanedBook, onFormatted = vi.fn()) {
  renderWithProviders(<AdvancedCustomPanel book={book} onFormatted={onFormatted} />);
  return onFormatted;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('AdvancedCustomPanel', () => {
  it('says "No template selected" before any call when nothing was picked or changed', async () => {
    answer();
    const user = userEvent.setup();
    const onFormatted = renderPanel();
    await screen.findByRole('list', { name: 'Book templates' });
    await user.click(screen.getByRole('button', { name: 'Apply Custom Formatting' }));
    expect(await screen.findByText('No template selected')).toBeInTheDocument();
    expect(screen.getByText('Please select a template or customize settings first.')).toBeInTheDocument();
    expect(calls('/api/books/b1/format-advanced')).toHaveLength(0);
    expect(onFormatted).not.toHaveBeenCalled();
  });

  it('loads a template, changes the font size with the keyboard, and formats with the template and the new settings', async () => {
    answer();
    const user = userEvent.setup();
    const onFormatted = renderPanel();
    await user.click(await screen.findByRole('button', { name: /Classic Literature/ }));
    expect(screen.getByRole('button', { name: /Classic Literature/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('tab', { name: 'Typography' }));
    const fontSize = screen.getByRole('slider', { name: 'Font size' });
    expect(fontSize).toHaveAttribute('aria-valuenow', '11');
    expect(fontSize).toHaveAttribute('aria-valuemin', '8');
    expect(fontSize).toHaveAttribute('aria-valuemax', '20');
    // The template's own generic names its font; the others the server's defaults.
    expect(screen.getByRole('option', { name: 'Serif — Garamond (set in EB Garamond, a similar design)' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Sans-serif — Inter' })).toBeInTheDocument();
    fontSize.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(fontSize).toHaveAttribute('aria-valuetext', '13 pt');
    expect(screen.getByText(/with your changes/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Apply Custom Formatting' }));
    expect(await screen.findByText('Document formatted successfully')).toBeInTheDocument();
    expect(calls('/api/books/b1/format-advanced')).toEqual([
      { template: { id: 'classic-literature', name: 'Classic Literature', genre: 'literature', settings: { ...novelSettings, fontSize: 13 } } },
    ]);
    expect(onFormatted).toHaveBeenCalledTimes(1);
  });

  it('loads a style guide’s settings from the server and words its margins left/right; a print trim says inside/outside', async () => {
    answer();
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: /APA 7th Edition/ }));
    await waitFor(() => expect(calls('/api/books/b1/preview').at(-1)).toEqual({ layoutId: 'apa-7', scope: 'opening' }));
    await user.click(screen.getByRole('tab', { name: 'Layout' }));
    expect(await screen.findByRole('slider', { name: 'Left margin' })).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByRole('slider', { name: 'Right margin' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Page size' })).toHaveValue('letter');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Page size' }), '6 x 9 in');
    expect(screen.getByRole('slider', { name: 'Inside (gutter) margin' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Outside margin' })).toBeInTheDocument();
    // The preview tab shows the pages of these settings; the style guide's opening pages were already rendered once.
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    await waitFor(() => expect(calls('/api/books/b1/preview').at(-1)).toMatchObject({ layoutId: 'apa-7', settings: { pageSize: 'custom', trimSize: '6x9' } }));
    await user.click(screen.getByRole('button', { name: 'Apply Custom Formatting' }));
    await waitFor(() => expect(calls('/api/books/b1/format-advanced')).toHaveLength(1));
    const sent = calls('/api/books/b1/format-advanced')[0] as FormatAdvancedBody;
    expect(sent.template.id).toBe('apa-7');
    // Style guides have no genre: the book's own is sent.
    expect(sent.template.genre).toBe('literature');
    expect(sent.template.settings).toMatchObject({ pageSize: 'custom', trimSize: '6x9', fontSize: 12, lineHeight: 2 });
  });

  it('shows "Formatting failed" with the server message that names the setting, and the pending label meanwhile', async () => {
    let reject: (r: Response) => void = () => {};
    answer({ formatted: () => new Promise<Response>((resolve) => (reject = resolve)) });
    const user = userEvent.setup();
    const onFormatted = renderPanel();
    await user.click(await screen.findByRole('button', { name: /Modern Fiction/ }));
    await user.click(screen.getByRole('button', { name: 'Apply Custom Formatting' }));
    expect(await screen.findByRole('button', { name: 'Formatting...' })).toBeDisabled();
    reject(jsonResponse(400, { message: 'Line height must be between 1 and 3' }));
    expect(await screen.findByText('Formatting failed')).toBeInTheDocument();
    expect(screen.getByText('Line height must be between 1 and 3')).toBeInTheDocument();
    expect(onFormatted).not.toHaveBeenCalled();
  });

  it('asks for a name before saving a template, and sends nothing', async () => {
    answer();
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: /Modern Fiction/ }));
    await user.type(screen.getByRole('textbox', { name: 'Custom template name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByText('Template name required')).toBeInTheDocument();
    expect(screen.getAllByText('Please enter a name for your custom template.').length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: 'Custom template name' })).toHaveFocus();
    expect(calls('/api/templates')).toHaveLength(0);
  });

  it('saves the settings as a custom template that joins "Your templates", selected', async () => {
    answer();
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: /Modern Fiction/ }));
    await user.type(screen.getByRole('textbox', { name: 'Custom template name' }), 'Airy novels');
    await user.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByText('Template saved')).toBeInTheDocument();
    expect(calls('/api/templates')).toEqual([
      { name: 'Airy novels', description: 'Based on Modern Fiction', genre: 'literature', settings: builtInTemplates[1]!.settings },
    ]);
    const mine = screen.getByRole('list', { name: 'Your templates' });
    expect(within(mine).getByRole('button', { name: /^Airy novels/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Custom template name' })).toHaveValue('');
  });

  it('shows the server message when saving fails', async () => {
    answer({ saved: () => jsonResponse(400, { message: 'Template name must be at most 200 characters' }) });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: /Modern Fiction/ }));
    await user.type(screen.getByRole('textbox', { name: 'Custom template name' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByText('Save failed')).toBeInTheDocument();
    expect(screen.getByText('Template name must be at most 200 characters')).toBeInTheDocument();
  });

  it('deletes a custom template after confirmation', async () => {
    answer();
    const user = userEvent.setup();
    renderPanel();
    const mine = await screen.findByRole('list', { name: 'Your templates' });
    await user.click(within(mine).getByRole('button', { name: 'Delete My paperbacks' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    expect(await screen.findByText('Template deleted')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => url === `/api/templates/${customTemplate.id}` && init.method === 'DELETE')).toBe(true);
    expect(screen.queryByRole('button', { name: /^My paperbacks/ })).not.toBeInTheDocument();
  });

  it('starts from the book’s saved layout and settings: applying at once needs no pick', async () => {
    answer();
    const user = userEvent.setup();
    renderPanel({ ...cleanedBook, layoutId: 'modern-fiction', layoutSettings: { ...novelSettings, fontSize: 9 }, status: 'ready', formattedText: 'x' });
    expect(await screen.findByText(/with your changes/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Typography' }));
    expect(screen.getByRole('slider', { name: 'Font size' })).toHaveAttribute('aria-valuenow', '9');
    await user.click(screen.getByRole('button', { name: 'Apply Custom Formatting' }));
    expect(await screen.findByText('Document formatted successfully')).toBeInTheDocument();
    expect(calls('/api/books/b1/format-advanced')).toEqual([
      { template: { id: 'modern-fiction', name: 'Modern Fiction', genre: 'literature', settings: { ...novelSettings, fontSize: 9 } } },
    ]);
  });
});
