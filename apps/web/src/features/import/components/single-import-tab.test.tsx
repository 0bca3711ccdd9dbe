import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_FILE_BYTES, SUPPORTED_UPLOAD_EXTENSIONS } from '@quire/contracts';
import { jsonResponse, renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { SingleImportTab } from './single-import-tab.tsx';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function fileInput(): HTMLInputElement {
  return screen.getByLabelText(/Drop a file here/) as HTMLInputElement;
}

/** A File of `size` bytes without allocating them (the size is all the checks read). */
function fakeFile(name: string, size: number, type = ''): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('SingleImportTab upload', () => {
  it('accepts every supported type and names them in the hint', () => {
    renderWithProviders(<SingleImportTab onImported={() => {}} />);
    expect(fileInput().accept.split(',')).toEqual(expect.arrayContaining([...SUPPORTED_UPLOAD_EXTENSIONS]));
    expect(screen.getByText(/Word \(\.docx\), EPUB or PDF/)).toBeInTheDocument();
    expect(screen.getByText('Files must be smaller than 10MB and contain less than 5MB of text.')).toBeInTheDocument();
  });

  it('uploads a supported file as multipart field "file" and reports the new book', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: 'b9', title: 'Moby Dick', author: 'Herman Melville' }));
    const onImported = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SingleImportTab onImported={onImported} />);
    await user.upload(fileInput(), new File(['PK…'], 'moby-dick.epub', { type: 'application/epub+zip' }));
    await user.click(screen.getByRole('button', { name: 'Import File' }));

    await waitFor(() => expect(onImported).toHaveBeenCalledWith({ id: 'b9', title: 'Moby Dick', author: 'Herman Melville' }));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/import');
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('moby-dick.epub');
    expect(await screen.findByText('Book imported successfully')).toBeInTheDocument();
  });

  it('uploads a Markdown thesis and its figures chosen together as one book, a "file" part each', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: 'b10', title: 'Fuzzy Forests', author: 'D. Kirby' }));
    const onImported = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SingleImportTab onImported={onImported} />);
    await user.upload(fileInput(), [new File(['# Intro'], 'thesis.md', { type: 'text/markdown' }), new File(['png'], 'fig-1.png', { type: 'image/png' })]);
    expect(screen.getByRole('list', { name: 'Chosen files' })).toHaveTextContent(/thesis\.md.*fig-1\.png/);
    await user.click(screen.getByRole('button', { name: 'Import Files' }));

    await waitFor(() => expect(onImported).toHaveBeenCalled());
    const body = fetchMock.mock.calls[0]![1].body as FormData;
    expect(body.getAll('file').map((f) => (f as File).name)).toEqual(['thesis.md', 'fig-1.png']);
  });

  it('refuses files chosen together that hold no Markdown or HTML file', () => {
    renderWithProviders(<SingleImportTab onImported={() => {}} />);
    fireEvent.change(fileInput(), { target: { files: [fakeFile('a.png', 10), fakeFile('b.png', 10)] } });
    expect(screen.getByText(/Files chosen together are one book: include its Markdown/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import Files' })).toBeDisabled();
  });

  it('refuses a file of 10MB or more before sending it', () => {
    renderWithProviders(<SingleImportTab onImported={() => {}} />);
    fireEvent.change(fileInput(), { target: { files: [fakeFile('huge.pdf', MAX_FILE_BYTES + 1, 'application/pdf')] } });
    expect(screen.getByText('The file is too large. Please use files smaller than 10MB.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import File' })).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a dropped file of an unsupported type, naming the supported ones', () => {
    renderWithProviders(<SingleImportTab onImported={() => {}} />);
    const zone = fileInput().closest('label')!;
    fireEvent.drop(zone, { dataTransfer: { files: [fakeFile('thesis.doc', 2000)] } });
    expect(screen.getByText(/^Quire cannot read \.doc files\. Supported types: \.txt, \.md/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import File' })).toBeDisabled();
  });

  it('shows a 422 refusal as the server wrote it', async () => {
    const message = 'This PDF has no text layer (it is a scan). Quire needs a PDF with selectable text.';
    fetchMock.mockResolvedValue(jsonResponse(422, { message }));
    const user = userEvent.setup();
    renderWithProviders(<SingleImportTab onImported={() => {}} />);
    await user.upload(fileInput(), new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Import File' }));
    expect(await screen.findByText('Import failed')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });
});
