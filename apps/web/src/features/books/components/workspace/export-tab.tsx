import { Download, FileCode2, FileText, BookOpen, Printer, Tablet } from 'lucide-react';
import { exportFileName, type Book, type ExportFormat } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../../lib/errors.ts';
import { useExportBook } from '../../api/export-book.ts';
import { LayoutReportLine } from './layout-report-notice.tsx';

type ExportOption = {
  format: ExportFormat;
  label: string;
  /** Word used in the failure notice: '<HTML|PDF|EPUB|Word> export failed' (workspace spec section 8). */
  noticeName: 'HTML' | 'PDF' | 'EPUB' | 'Word';
  description: string;
  icon: typeof Download;
};

export const EXPORT_OPTIONS: readonly ExportOption[] = [
  {
    format: 'pdf',
    label: 'Print PDF',
    noticeName: 'PDF',
    description: 'The paperback interior for Amazon KDP at your layout’s trim size, fonts embedded.',
    icon: Printer,
  },
  {
    format: 'epub',
    label: 'EPUB',
    noticeName: 'EPUB',
    description: 'An EPUB 3 e-book for Kindle, Apple Books, Kobo and other stores.',
    icon: Tablet,
  },
  {
    format: 'docx',
    label: 'Word',
    noticeName: 'Word',
    description: 'An editable .docx with heading and body styles, for editors.',
    icon: FileText,
  },
  {
    format: 'html',
    label: 'Print-ready HTML',
    noticeName: 'HTML',
    description: 'One HTML file laid out for print.',
    icon: FileCode2,
  },
  {
    format: 'epub-html',
    label: 'EPUB-ready HTML',
    noticeName: 'HTML',
    description: 'One HTML file structured for e-book conversion tools.',
    icon: BookOpen,
  },
];

function ExportRow({ book, option }: { book: Book; option: ExportOption }) {
  const exportBook = useExportBook();
  const fileName = exportFileName(book.title, option.format);
  const download = () => {
    exportBook.mutate(
      { id: book.id, title: book.title, format: option.format },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: `${option.noticeName} export failed`,
            description: getErrorMessage(error, `Failed to export ${option.format}`),
          }),
      },
    );
  };
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:px-5">
      <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center sm:gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-paper-deep text-ink-soft">
          <option.icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-ink">{option.label}</h3>
          <p className="text-sm text-muted">{option.description}</p>
          <p className="mt-1 truncate font-mono text-xs text-muted" title={fileName}>
            {fileName}
          </p>
        </div>
      </div>
      <Button
        variant="secondary"
        onClick={download}
        disabled={exportBook.isPending}
        aria-label={exportBook.isPending ? `Preparing ${option.label}` : `Download ${option.label}`}
        className="sm:min-w-36"
      >
        {exportBook.isPending ? <Spinner /> : <Download aria-hidden="true" />}
        {exportBook.isPending ? 'Preparing...' : 'Download'}
      </Button>
    </li>
  );
}

/** Export tab: five downloads, each with its own pending state. */
export function ExportTab({ book }: { book: Book }) {
  return (
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
      <ul className="divide-y divide-line">
        {EXPORT_OPTIONS.map((option) => (
          <ExportRow key={option.format} book={book} option={option} />
        ))}
      </ul>
    </section>
  );
}
