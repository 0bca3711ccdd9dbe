import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Book, Cover, Job } from '@quire/contracts';
import { jpegResponse, makeCover } from '../../../../testing/cover-fixtures.ts';
import { cleanedBook } from '../../../../testing/format-fixtures.ts';
import { makeJob as makeJobFixture } from '../../../../testing/job-fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { ExportTab } from './export-tab.tsx';
import { stubFetchAndRecordDownloads } from '../../../../testing/downloads.ts';

const { fetchMock, downloads } = stubFetchAndRecordDownloads();
const book: Book = { ...cleanedBook, formattedText: cleanedBook.cleanedText, status: 'ready' };

function serve(covers: Cover[], files: (url: string) => Response = () => jpegResponse()) {
  fetchMock.mockImplementation(async (url) => {
    if (url === '/api/books/b1/covers') return jsonResponse(200, covers);
    if (url === '/api/books/b1/jobs') return jsonResponse(200, { jobs: [] });
    return files(url);
  });
}

describe('ExportTab covers', () => {
  it('offers the chosen cover as an e-book JPEG and a paperback PDF, with the bearer token and their download names', async () => {
    localStorage.setItem('auth_token', 'tok-1');
    serve([makeCover({ id: 'c9', chosen: true }), makeCover({ id: 'c8' })], (url) =>
      url.endsWith('wrap.pdf?download=1') ? new Response('%PDF-1.7', { status: 200 }) : jpegResponse(),
    );
    const user = userEvent.setup();
    renderWithProviders(<ExportTab book={book} />);

    const files = await screen.findByRole('region', { name: 'Cover files' });
    expect(within(files).getByText('Pride_and_Prejudice_Cover_Ebook.jpg')).toBeInTheDocument();
    expect(within(files).getByText('Pride_and_Prejudice_Cover_Paperback.pdf')).toBeInTheDocument();
    expect(within(files).getByText(/The EPUB carries it as its cover image/)).toBeInTheDocument();
    expect(screen.getByText(/It carries your chosen cover\./)).toBeInTheDocument();

    await user.click(within(files).getByRole('button', { name: 'Download E-book cover (JPEG)' }));
    await user.click(within(files).getByRole('button', { name: 'Download Paperback cover (PDF)' }));
    await vi.waitFor(() => expect(downloads()).toEqual(['Pride_and_Prejudice_Cover_Ebook.jpg', 'Pride_and_Prejudice_Cover_Paperback.pdf']));
    const ebook = fetchMock.mock.calls.find(([url]) => url === '/api/books/b1/covers/c9/ebook.jpg?download=1');
    expect((ebook?.[1].headers as Record<string, string>)['Authorization']).toBe('Bearer tok-1');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/books/b1/covers/c9/wrap.pdf?download=1')).toBe(true);
  });

  it('says why a paperback cover cannot be downloaded yet', async () => {
    serve([makeCover({ id: 'c9', chosen: true })], (url) =>
      url.includes('wrap.pdf')
        ? jsonResponse(409, { message: "Format the book first: the paperback cover's spine is sized from its page count." })
        : jpegResponse(),
    );
    const user = userEvent.setup();
    renderWithProviders(<ExportTab book={book} />);
    await user.click(await screen.findByRole('button', { name: 'Download Paperback cover (PDF)' }));
    expect(await screen.findByText('Cover download failed')).toBeInTheDocument();
    expect(screen.getByText(/spine is sized from its page count/)).toBeInTheDocument();
    expect(downloads()).toEqual([]);
  });

  it('without a chosen cover, says the EPUB has none and leads to the Covers tab', async () => {
    serve([]);
    const onOpenCovers = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ExportTab book={book} onOpenCovers={onOpenCovers} />);
    expect(await screen.findByText(/No cover is chosen, so the EPUB has no cover image/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download E-book cover/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Go to Covers/ }));
    expect(onOpenCovers).toHaveBeenCalledOnce();
  });
});

const PDF_JOB_ID = '3f6c1c1e-8f0a-4c3e-9b1a-2d4e5f6a7b8c';
const EXPORT_ID = '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';
const BOOK_UUID = '0b6e7c1a-2d3f-4e5a-9b8c-7d6e5f4a3b2c';

/** An export job of the book, running the PDF at 40% unless told otherwise. */
const makeJob = (overrides: Partial<Job> = {}): Job => makeJobFixture({ id: PDF_JOB_ID, bookId: BOOK_UUID, createdAt: '2025-03-05T10:00:00.000Z', ...overrides });

function completed(job: Job): Job {
  return {
    ...job,
    state: 'completed',
    stage: 'Done',
    percent: 100,
    finishedAt: '2025-03-05T10:01:00.000Z',
    export: {
      exportId: EXPORT_ID,
      format: 'pdf',
      fileName: 'Pride_and_Prejudice_KDP_Print.pdf',
      byteSize: 2_516_582,
      downloadUrl: `/api/books/b1/exports/${EXPORT_ID}/file`,
    },
  };
}

const JOBS_URL = '/api/books/b1/jobs';
const jobCalls = () => fetchMock.mock.calls.filter(([url]) => url === JOBS_URL).length;

/**
 * Answers the jobs list with `answers`, one after the other (the last one again after that), the covers with none,
 * and any other address with `other` (a 404 without it).
 */
function serveJobs(answers: Job[][], other: (url: string, init: RequestInit) => Response | Promise<Response> | undefined = () => undefined) {
  let asked = 0;
  fetchMock.mockImplementation(async (url, init) => {
    if (url === JOBS_URL) {
      const jobs = answers[Math.min(asked, answers.length - 1)] ?? [];
      asked += 1;
      return jsonResponse(200, { jobs });
    }
    if (url === '/api/books/b1/covers') return jsonResponse(200, []);
    return (await other(url, init)) ?? jsonResponse(404, { message: 'Not found' });
  });
}

function rowOf(label: string): HTMLElement {
  const row = screen.getByRole('heading', { name: label }).closest('li');
  if (!row) throw new Error(`No row for ${label}`);
  return row;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ExportTab export jobs', () => {
  it("shows a running export's stage and percentage on its format's row, as a named progress bar", async () => {
    serveJobs([[makeJob(), makeJob({ id: '5d2e1f0a-9b8c-4d7e-a6f5-4e3d2c1b0a99', format: 'epub', state: 'queued', stage: null, percent: 0, attempts: 0 })]]);
    renderWithProviders(<ExportTab book={book} />);

    const bar = await screen.findByRole('progressbar', { name: 'Print PDF' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', 'Typesetting pages, 40%');
    expect(within(rowOf('Print PDF')).getByText('Typesetting pages · 40%')).toBeInTheDocument();

    const waiting = screen.getByRole('progressbar', { name: 'EPUB' });
    expect(waiting).toHaveAttribute('aria-valuenow', '0');
    expect(waiting).toHaveAttribute('aria-valuetext', 'Waiting to start');
    expect(within(rowOf('EPUB')).getByText('Waiting to start')).toBeInTheDocument();

    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
    expect(within(rowOf('Word')).queryByRole('progressbar')).not.toBeInTheDocument();
    // The jobs were not started by this page: its buttons are as ever.
    expect(screen.getByRole('button', { name: 'Download Print PDF' })).toBeEnabled();
  });

  it('offers the file of an export found running once it completes, fetched from its download address, then stops asking', async () => {
    localStorage.setItem('auth_token', 'tok-1');
    const running = makeJob({ stage: 'Writing the file', percent: 80 });
    serveJobs([[running], [completed(running)]], (url) =>
      url === `/api/books/b1/exports/${EXPORT_ID}/file` ? new Response('%PDF-1.7', { status: 200 }) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ExportTab book={book} />);

    expect(await screen.findByRole('progressbar', { name: 'Print PDF' })).toHaveAttribute('aria-valuetext', 'Writing the file, 80%');
    const row = rowOf('Print PDF');
    expect(await within(row).findByText(/Your PDF is ready\./, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(row).getByText('(2.4 MB)')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(downloads()).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Download the finished Print PDF' }));
    await vi.waitFor(() => expect(downloads()).toEqual(['Pride_and_Prejudice_KDP_Print.pdf']));
    const fileCall = fetchMock.mock.calls.find(([url]) => url === `/api/books/b1/exports/${EXPORT_ID}/file`);
    expect(fileCall?.[1].method).toBe('GET');
    expect((fileCall?.[1].headers as Record<string, string>)['Authorization']).toBe('Bearer tok-1');
    expect(fetchMock.mock.calls.some(([, init]) => init.method === 'POST')).toBe(false);

    // Nothing runs any more: the list is not asked again.
    const asked = jobCalls();
    expect(asked).toBe(2);
    await sleep(1300);
    expect(jobCalls()).toBe(asked);
  });

  it('says why an export found running failed, in its row and without a notice', async () => {
    const running = makeJob({ id: '7c6b5a49-3827-4165-9e8d-7c6b5a493827', format: 'docx', stage: 'Writing the document', percent: 10 });
    const failed: Job = { ...running, state: 'failed', error: 'The book has no chapters to export.', finishedAt: '2025-03-05T10:01:00.000Z' };
    serveJobs([[running], [failed]]);
    renderWithProviders(<ExportTab book={book} />);

    expect(await screen.findByRole('progressbar', { name: 'Word' })).toBeInTheDocument();
    const alert = await within(rowOf('Word')).findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('Word export failed. The book has no chapters to export.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText('Word export failed')).not.toBeInTheDocument();
  });

  it('does not poll, nor show the jobs that ended before the page was loaded, when none is active', async () => {
    const old = completed(makeJob());
    const oldFailure = makeJob({ id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', format: 'epub', state: 'failed', error: 'Gone wrong' });
    serveJobs([[old, oldFailure]]);
    renderWithProviders(<ExportTab book={book} />);

    await vi.waitFor(() => expect(jobCalls()).toBe(1));
    await sleep(1300);
    expect(jobCalls()).toBe(1);
    expect(screen.queryByText(/is ready/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("shows the bar of an export this page started, then saves its file once, without offering it again", async () => {
    const running = makeJob({ stage: 'Typesetting pages', percent: 30 });
    let phase: 'before' | 'running' | 'done' = 'before';
    let answerPost: (res: Response) => void = () => {};
    fetchMock.mockImplementation(async (url) => {
      if (url === JOBS_URL) return jsonResponse(200, { jobs: phase === 'before' ? [] : phase === 'running' ? [running] : [completed(running)] });
      if (url === '/api/books/b1/covers') return jsonResponse(200, []);
      if (url === '/api/books/b1/export/pdf') {
        phase = 'running';
        return new Promise<Response>((resolve) => {
          answerPost = resolve;
        });
      }
      return jsonResponse(404, { message: 'Not found' });
    });
    const user = userEvent.setup();
    renderWithProviders(<ExportTab book={book} />);
    await vi.waitFor(() => expect(jobCalls()).toBe(1));

    await user.click(screen.getByRole('button', { name: 'Download Print PDF' }));
    expect(screen.getByRole('button', { name: 'Preparing Print PDF' })).toBeDisabled();
    expect(screen.getByText('Preparing...')).toBeInTheDocument();
    // Polled while the request waits: the job's progress shows under the row.
    const bar = await screen.findByRole('progressbar', { name: 'Print PDF' }, { timeout: 3000 });
    expect(bar).toHaveAttribute('aria-valuenow', '30');

    phase = 'done';
    answerPost(new Response('%PDF-1.7', { status: 200 }));
    await vi.waitFor(() => expect(downloads()).toEqual(['Pride_and_Prejudice_KDP_Print.pdf']));
    await vi.waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Download Print PDF' })).toBeEnabled();
    const asked = jobCalls();
    await sleep(1300);
    expect(jobCalls()).toBe(asked);
    expect(screen.queryByText(/is ready/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download the finished Print PDF' })).not.toBeInTheDocument();
    expect(downloads()).toEqual(['Pride_and_Prejudice_KDP_Print.pdf']);
  });

  it('leaves a found export to a new request of its format: the offer goes away', async () => {
    const running = makeJob();
    serveJobs([[running], [completed(running)]], (url) =>
      url === '/api/books/b1/export/pdf' ? new Response('%PDF-1.7', { status: 200 }) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ExportTab book={book} />);
    expect(await screen.findByText(/Your PDF is ready\./, {}, { timeout: 3000 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download Print PDF' }));
    await vi.waitFor(() => expect(downloads()).toEqual(['Pride_and_Prejudice_KDP_Print.pdf']));
    expect(screen.queryByText(/Your PDF is ready\./)).not.toBeInTheDocument();
  });
});
