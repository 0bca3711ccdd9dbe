import { useEffect, useId, useRef } from 'react';
import { FolderArchive } from 'lucide-react';
import type { BookSummary, ExportFormat } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { IndeterminateBar } from '../../../components/ui/indeterminate-bar.tsx';
import { NativeSelect } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatElapsed, useElapsedSeconds } from '../../../lib/use-elapsed-seconds.ts';
import { canExportSelection, selectionHint, ZIP_FORMATS } from '../lib/zip-selection.ts';

type BookSelectionBarProps = {
  /** How many books the list shows. */
  total: number;
  /** The chosen books, in list order. */
  selected: readonly Pick<BookSummary, 'title' | 'status'>[];
  onSelectAll: (all: boolean) => void;
  format: ExportFormat;
  onFormatChange: (format: ExportFormat) => void;
  /** True while the ZIP is being made. */
  pending: boolean;
  onExport: () => void;
};

/** What a long ZIP is doing: the books and format, and how long it has taken (the server sends nothing sooner). */
function PreparingLine({ count, format }: { count: number; format: ExportFormat }) {
  const elapsed = useElapsedSeconds(true);
  const label = ZIP_FORMATS.find((f) => f.format === format)?.label ?? format;
  const slow = format === 'pdf' && count > 1;
  return (
    <div role="status" className="flex flex-col gap-1.5">
      <p className="flex items-baseline justify-between gap-3 text-xs text-ink-soft">
        <span>
          Preparing a ZIP of {count} {label} {count === 1 ? 'file' : 'files'}.{' '}
          {slow ? 'Each PDF is set in turn, so this can take a few minutes.' : 'This can take a minute.'} Keep this page open.
        </span>
        <span aria-hidden="true" className="shrink-0 font-medium tabular-nums">
          {formatElapsed(elapsed)}
        </span>
      </p>
      <IndeterminateBar />
    </div>
  );
}

/**
 * The bar of the book list's select mode (Publisher plan): 'Select all', 'N selected', the format and 'Export as
 * ZIP', with what stands in the way of the export, or its progress while the server makes the ZIP. It stays at the
 * bottom of the screen while the list scrolls.
 */
export function BookSelectionBar({ total, selected, onSelectAll, format, onFormatChange, pending, onExport }: BookSelectionBarProps) {
  const formatId = useId();
  const allRef = useRef<HTMLInputElement>(null);
  const count = selected.length;
  const all = total > 0 && count === total;
  const some = count > 0 && !all;
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = some;
  }, [some]);
  const hint = pending ? null : selectionHint(selected);

  return (
    <div
      role="region"
      aria-label="Selected books"
      className="sticky bottom-3 z-20 mt-4 rounded-xl border border-line-strong bg-surface/95 p-3 shadow-lift backdrop-blur supports-[backdrop-filter]:bg-surface/85 sm:bottom-4 sm:p-4"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex items-center justify-between gap-4 sm:justify-start">
          <label className="flex cursor-pointer items-center gap-2 text-sm font-medium text-ink has-[:disabled]:cursor-not-allowed">
            <input
              ref={allRef}
              type="checkbox"
              checked={all}
              disabled={pending || total === 0}
              onChange={(event) => onSelectAll(event.target.checked)}
              className="size-4 cursor-pointer accent-accent disabled:cursor-not-allowed"
            />
            Select all
          </label>
          <span className="text-sm text-muted tabular-nums" aria-live="polite">
            {count} selected
          </span>
        </div>
        <div className="flex items-center gap-2 sm:ml-auto">
          <Label htmlFor={formatId} className="sr-only md:not-sr-only md:mr-1 md:text-muted">
            Format
          </Label>
          <div className="min-w-0 flex-1 sm:w-44 sm:flex-none">
            <NativeSelect
              id={formatId}
              value={format}
              disabled={pending}
              onChange={(event) => onFormatChange(event.target.value as ExportFormat)}
            >
              {ZIP_FORMATS.map((option) => (
                <option key={option.format} value={option.format}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button onClick={onExport} disabled={pending || !canExportSelection(count)}>
            {pending ? <Spinner /> : <FolderArchive aria-hidden="true" />}
            {pending ? 'Preparing ZIP...' : 'Export as ZIP'}
          </Button>
        </div>
      </div>
      {pending && (
        <div className="mt-3 border-t border-line pt-2.5">
          <PreparingLine count={count} format={format} />
        </div>
      )}
      {hint && (
        <p
          className={cn(
            'mt-3 border-t border-line pt-2.5 text-xs',
            hint.tone === 'error' ? 'font-medium text-destructive' : hint.tone === 'warning' ? 'text-warning' : 'text-muted',
          )}
        >
          {hint.text}
        </p>
      )}
    </div>
  );
}
