import { useId, useState, type ReactNode } from 'react';
import {
  ArrowRight,
  BookImage,
  CircleCheck,
  Download,
  FileCode2,
  FileImage,
  FileText,
  BookOpen,
  Printer,
  Tablet,
  TriangleAlert,
} from 'lucide-react';
import { coverFileName, exportFileName, type Book, type Cover, type ExportFormat, type JobExport } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';
import { UpgradeOfferSlot } from '../../../../components/upgrade-offer-slot.tsx';
import { getErrorMessage, getUpgradeOffer } from '../../../../lib/errors.ts';
import { formatFileSize } from '../../../../lib/file-size.ts';
import { formatJobs, useBookJobs, usePendingExportFormats, type BookJobs } from '../../api/book-jobs.ts';
import { useDownloadCoverFile, type CoverFileKind } from '../../api/cover-files.ts';
import { DiagnosticList } from './diagnostic-list.tsx';
import { useDownloadJobExport, useExportBook } from '../../api/export-book.ts';
import { chosenCover, useCovers } from '../../api/list-covers.ts';
import { coverKindLabel } from '../../lib/cover-catalogue.ts';
import { CoverImage } from './cover-image.tsx';
import { JobProgress } from '../../../../components/job-progress.tsx';
import { LayoutReportLine } from './layout-report-notice.tsx';

type ExportOption = {
  format: ExportFormat;
  label: string;
  /** Word used in the failure notice: '<HTML|PDF|EPUB|Word> export failed' (workspace spec section 8). */
  noticeName: 'HTML' | 'PDF' | 'EPUB' | 'Word';
  /** What the file is called in 'Your <fileWord> is ready.' */
  fileWord: string;
  description: string;
  icon: typeof Download;
};

/** The export formats the tab offers, in the order shown, with their file types and what each is for. */
export const EXPORT_OPTIONS: readonly ExportOption[] = [
  {
    format: 'pdf',
    label: 'Print PDF',
    noticeName: 'PDF',
    fileWord: 'PDF',
    description: 'The paperback interior for Amazon KDP at your layout’s trim size, fonts embedded.',
    icon: Printer,
  },
  {
    format: 'epub',
    label: 'EPUB',
    noticeName: 'EPUB',
    fileWord: 'EPUB',
    description: 'An EPUB 3 e-book for Kindle, Apple Books, Kobo and other stores.',
    icon: Tablet,
  },
  {
    format: 'docx',
    label: 'Word',
    noticeName: 'Word',
    fileWord: 'Word file',
    description: 'An editable .docx with heading and body styles, for editors.',
    icon: FileText,
  },
  {
    format: 'html',
    label: 'Print-ready HTML',
    noticeName: 'HTML',
    fileWord: 'HTML for print',
    description: 'One HTML file laid out for print.',
    icon: FileCode2,
  },
  {
    format: 'epub-html',
    label: 'EPUB-ready HTML',
    noticeName: 'HTML',
    fileWord: 'HTML for e-books',
    description: 'One HTML file structured for e-book conversion tools.',
    icon: BookOpen,
  },
];

/** An export refused for the user's plan, kept to show its upgrade offer above the list. */
type Refusal = { error: unknown; fallback: string };

/** The file of an export the page found running (after a reload), now ready, with a way to download it. */
function FinishedExport({ file, option }: { file: JobExport; option: ExportOption }) {
  const download = useDownloadJobExport();
  const start = () =>
    download.mutate(file, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: `${option.noticeName} download failed`,
          description: getErrorMessage(error, 'Failed to download the file'),
        }),
    });
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-accent-soft/60 px-3 py-2 text-sm text-accent-ink">
      <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 flex-1">
        Your {option.fileWord} is ready. <span className="text-muted">({formatFileSize(file.byteSize)})</span>
      </span>
      <Button
        variant="secondary"
        size="sm"
        onClick={start}
        disabled={download.isPending}
        aria-label={download.isPending ? `Downloading the finished ${option.label}` : `Download the finished ${option.label}`}
      >
        {download.isPending ? <Spinner /> : <Download aria-hidden="true" />}
        {download.isPending ? 'Downloading...' : 'Download'}
      </Button>
    </div>
  );
}

/**
 * What a format's row shows of its export jobs: the bar of the one queued or running, and, for one the page found
 * running rather than started (see `JobReporter`), its file once ready or the reason it failed. The end of an export
 * this page started is told by its request, as before: the file saved at once, or a notice.
 */
function ExportJobStatus({ jobs, option, headingId }: { jobs: BookJobs | undefined; option: ExportOption; headingId: string }) {
  const { active, ended } = formatJobs(jobs, option.format);
  const file = ended?.state === 'completed' ? ended.export : null;
  // The newest file made in this format, whoever asked for it: what its writer could not keep.
  const lastMade = jobs?.jobs.find((job) => job.kind === 'export' && job.format === option.format && job.state === 'completed' && job.export);
  return (
    <>
      {active && <JobProgress job={active} labelledBy={headingId} />}
      {!active && lastMade?.export?.diagnostics && (
        <DiagnosticList
          className="mt-3"
          diagnostics={lastMade.export.diagnostics}
          title={`Notes on the last ${option.noticeName} file made`}
          headingLevel="h4"
        />
      )}
      {/* Kept in the page while empty, so that the news is read out when it comes. */}
      <div role="status" className="empty:hidden">
        {file && <FinishedExport file={file} option={option} />}
      </div>
      {ended?.state === 'failed' && (
        <p role="alert" className="mt-3 flex items-start gap-2 rounded-lg bg-destructive-soft px-3 py-2 text-sm text-destructive">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-medium">{option.noticeName} export failed.</span> {ended.error ?? 'The file could not be made.'}
          </span>
        </p>
      )}
    </>
  );
}

function ExportRow({ book, option, hasCover, jobs, requested, onRefusal }: {
  book: Book;
  option: ExportOption;
  hasCover: boolean;
  /** The book's jobs (undefined until known, or when they could not be read: the row then shows none). */
  jobs: BookJobs | undefined;
  /** Whether an export request of this format waits, maybe sent before the tab was shown again. */
  requested: boolean;
  /** An export refused for the user's plan (402/403 with an upgrade offer), or null once one succeeds. */
  onRefusal: (refusal: Refusal | null) => void;
}) {
  const exportBook = useExportBook();
  const headingId = useId();
  const fileName = exportFileName(book.title, option.format);
  const download = () => {
    exportBook.mutate(
      { id: book.id, title: book.title, format: option.format },
      {
        onSuccess: () => onRefusal(null),
        onError: (error) => {
          const fallback = `Failed to export ${option.format}`;
          toast({ variant: 'destructive', title: `${option.noticeName} export failed`, description: getErrorMessage(error, fallback) });
          if (getUpgradeOffer(error)) onRefusal({ error, fallback });
        },
      },
    );
  };
  return (
    <DownloadRow
      icon={option.icon}
      label={option.label}
      description={
        option.description +
        (option.format === 'epub' ? (hasCover ? ' It carries your chosen cover.' : ' No cover is chosen, so it has none.') : '')
      }
      fileName={fileName}
      pending={exportBook.isPending || requested}
      onDownload={download}
      headingId={headingId}
    >
      <ExportJobStatus jobs={jobs} option={option} headingId={headingId} />
    </DownloadRow>
  );
}

/**
 * One file to download: its icon, name, what it is for, the file name it is saved under, and its button; `children`
 * (an export's progress) go under the file name.
 */
function DownloadRow(props: {
  icon: typeof Download;
  label: string;
  description: string;
  fileName: string;
  pending: boolean;
  onDownload: () => void;
  headingId?: string;
  children?: ReactNode;
}) {
  const { icon: Icon, label, description, fileName, pending, onDownload, headingId, children } = props;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:px-5">
      <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center sm:gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-paper-deep text-ink-soft">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-semibold text-ink">
            {label}
          </h3>
          <p className="text-sm text-muted">{description}</p>
          <p className="mt-1 truncate font-mono text-xs text-muted" title={fileName}>
            {fileName}
          </p>
          {children}
        </div>
      </div>
      <Button
        variant="secondary"
        onClick={onDownload}
        disabled={pending}
        aria-label={pending ? `Preparing ${label}` : `Download ${label}`}
        className="sm:min-w-36"
      >
        {pending ? <Spinner /> : <Download aria-hidden="true" />}
        {pending ? 'Preparing...' : 'Download'}
      </Button>
    </li>
  );
}

type CoverOption = { kind: CoverFileKind; label: string; description: string };

/** The cover files a user can download, with their sizes in pixels or inches (KDP cover specifications). */
export const COVER_DOWNLOADS: readonly CoverOption[] = [
  { kind: 'ebook', label: 'E-book cover (JPEG)', description: '1600 x 2560 px, for the Kindle e-book and the other stores.' },
  {
    kind: 'paperback',
    label: 'Paperback cover (PDF)',
    description: 'The full wrap (back, spine and front, with bleed), sized from your current page count, for the KDP paperback.',
  },
];

function CoverRow({ book, cover, option }: { book: Book; cover: Cover; option: CoverOption }) {
  const download = useDownloadCoverFile();
  const fileName = coverFileName(book.title, option.kind);
  const start = () =>
    download.mutate(
      { cover, title: book.title, kind: option.kind },
      {
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Cover download failed', description: getErrorMessage(error, 'Failed to download the cover') }),
      },
    );
  return (
    <DownloadRow
      icon={option.kind === 'ebook' ? FileImage : BookImage}
      label={option.label}
      description={option.description}
      fileName={fileName}
      pending={download.isPending}
      onDownload={start}
    />
  );
}

/** The cover files of the book's chosen cover, or a way to the Covers tab when it has none. */
function CoverFiles({ book, cover, onOpenCovers }: { book: Book; cover: Cover | null; onOpenCovers?: (() => void) | undefined }) {
  return (
    <section aria-labelledby="export-covers-title" className="rounded-xl border border-line bg-surface shadow-card">
      <div className="flex items-start gap-4 border-b border-line p-5 sm:p-6">
        {cover && (
          <div className="w-14 shrink-0 sm:w-16">
            <CoverImage cover={cover} />
          </div>
        )}
        <div className="min-w-0">
          <h2 id="export-covers-title" className="font-display text-xl font-semibold">
            Cover files
          </h2>
          {cover ? (
            <p className="mt-1 text-sm text-ink-soft">
              Your chosen cover ({coverKindLabel(cover)}). The EPUB carries it as its cover image; upload these files
              with your book on KDP.
            </p>
          ) : (
            <div className="mt-1 flex flex-col items-start gap-3">
              <p className="text-sm text-ink-soft">
                No cover is chosen, so the EPUB has no cover image. Make one on the Covers tab to download the e-book
                and paperback cover files here.
              </p>
              {onOpenCovers && (
                <Button variant="secondary" size="sm" onClick={onOpenCovers}>
                  Go to Covers <ArrowRight aria-hidden="true" />
                </Button>
              )}
            </div>
          )}
        </div>
      </div>
      {cover && (
        <ul className="divide-y divide-line">
          {COVER_DOWNLOADS.map((option) => (
            <CoverRow key={option.kind} book={book} cover={cover} option={option} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Export tab: five downloads, each with its own pending state and, while its job runs on the server, a progress bar
 * (stage and percentage), and the chosen cover's files. An export refused for the user's plan also shows the way up
 * (the page's upgrade offer) above the list, besides its failure notice. After a reload, an export the old page was
 * waiting for shows its bar again, then offers its file or says why it failed.
 */
export function ExportTab({ book, onOpenCovers }: { book: Book; onOpenCovers?: () => void }) {
  const covers = useCovers(book.id);
  const jobs = useBookJobs(book.id);
  const requested = usePendingExportFormats(book.id);
  const cover = chosenCover(covers.data);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="export-title" className="rounded-xl border border-line bg-surface shadow-card">
        <div className="border-b border-line p-5 sm:p-6">
          <h2 id="export-title" className="font-display text-xl font-semibold">
            Export Files
          </h2>
          <p className="mt-1.5 text-sm text-ink-soft">
            Download the files to upload to your publishing platform. A long book's PDF can take a minute to set.
          </p>
          {book.layoutReport && <LayoutReportLine report={book.layoutReport} />}
        </div>
        {refusal && (
          <div className="border-b border-line p-5 empty:hidden sm:px-6">
            <UpgradeOfferSlot error={refusal.error} fallback={refusal.fallback} bookId={book.id} onDismiss={() => setRefusal(null)} />
          </div>
        )}
        <ul className="divide-y divide-line">
          {EXPORT_OPTIONS.map((option) => (
            <ExportRow
              key={option.format}
              book={book}
              option={option}
              hasCover={cover !== null}
              jobs={jobs.data}
              requested={requested.includes(option.format)}
              onRefusal={setRefusal}
            />
          ))}
        </ul>
      </section>
      {!covers.isPending && !covers.isError && <CoverFiles book={book} cover={cover} onOpenCovers={onOpenCovers} />}
    </div>
  );
}
