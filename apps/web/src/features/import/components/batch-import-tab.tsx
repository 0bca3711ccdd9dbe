import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BookCopy, FolderArchive, ListPlus } from 'lucide-react';
import { BATCH_IMPORT_MAX_URLS, type BatchImportResponse } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { IndeterminateBar } from '../../../components/ui/indeterminate-bar.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { FeatureOfferSlot, UpgradeOfferSlot } from '../../../components/upgrade-offer-slot.tsx';
import { cn } from '../../../lib/cn.ts';
import { getErrorMessage, getErrorStatus, getUpgradeOffer } from '../../../lib/errors.ts';
import type { FeatureAccess } from '../../../lib/plan-features.ts';
import { formatElapsed, useElapsedSeconds } from '../../../lib/use-elapsed-seconds.ts';
import { BatchFormSchema, batchLines, useImportBatch, type BatchFormInput, type BatchFormValues } from '../api/import-batch.ts';
import { failuresOfEmptyBatch, type FailedImport } from '../lib/batch-failures.ts';
import { batchImportErrorMessage } from '../lib/import-errors.ts';
import { BatchImportResults, booksImportedLine, NoneImportedNotice } from './batch-import-results.tsx';

/** What the Batch tab does, shown to everyone (a user below the Publisher plan sees it beside the way up). */
const BATCH_POINTS = [
  { icon: ListPlus, title: `Up to ${BATCH_IMPORT_MAX_URLS} URLs at once`, text: 'Paste the addresses one per line.' },
  { icon: BookCopy, title: 'One book each', text: 'Nothing is combined: every address becomes its own book.' },
  { icon: FolderArchive, title: 'Export as one ZIP', text: 'Download many of your books in one format, in one file.' },
] as const;

/** The upgrade offer's words in the Batch tab of a user below the Publisher plan. */
export const BATCH_LOCKED_MESSAGE = 'Batch import is part of the Publisher plan, with the export of many books as one ZIP.';

function BatchPoints() {
  return (
    <ul className="grid gap-2 sm:grid-cols-3">
      {BATCH_POINTS.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-3 rounded-lg border border-line bg-paper/60 p-3 sm:flex-col sm:gap-2">
          <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent sm:mt-0" />
          <span className="flex flex-col">
            <span className="text-sm font-medium text-ink">{title}</span>
            <span className="text-xs text-muted">{text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A user below the Publisher plan: what batch import does, and the way up instead of the form. */
function BatchLocked() {
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h3 className="font-display text-lg font-semibold">Import many books in one go</h3>
        <p className="mt-1 text-sm text-ink-soft">
          Paste a list of public text addresses and each one becomes a book of its own, ready to clean, format and
          export. Addresses that fail are listed with the reason while the others still import.
        </p>
      </div>
      <BatchPoints />
      <FeatureOfferSlot feature="batch" message={BATCH_LOCKED_MESSAGE}>
        <p className="text-sm text-ink-soft">{BATCH_LOCKED_MESSAGE}</p>
      </FeatureOfferSlot>
    </div>
  );
}

/** A batch in which none of the URLs could be imported: each with its reason when the server's message says them. */
type NoneImported = { failures: FailedImport[] | null; message: string };

function BatchImportForm({ onImported }: { onImported: (result: BatchImportResponse) => void }) {
  const urlsId = useId();
  const hintId = useId();
  const errorId = useId();
  const batchImport = useImportBatch();
  const [result, setResult] = useState<BatchImportResponse | null>(null);
  const [noneImported, setNoneImported] = useState<NoneImported | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const focusAfterResult = useRef(false);
  const form = useForm<BatchFormInput, unknown, BatchFormValues>({
    resolver: zodResolver(BatchFormSchema),
    defaultValues: { urls: '' },
  });
  const count = batchLines(form.watch('urls')).length;
  const overLimit = count > BATCH_IMPORT_MAX_URLS;
  const pending = batchImport.isPending;
  const elapsed = useElapsedSeconds(pending);
  const urlsError = form.formState.errors.urls?.message;

  const onSubmit = form.handleSubmit((values) => {
    setNoneImported(null);
    setRefusal(null);
    batchImport.mutate(
      { urls: values.urls },
      {
        onSuccess: (answer) => {
          const failed = answer.failedImports.length;
          toast({
            variant: 'success',
            title: 'Books imported successfully',
            description: `${booksImportedLine(answer.books.length)}${failed > 0 ? `; ${failed} ${failed === 1 ? 'URL' : 'URLs'} failed` : ''}.`,
          });
          setResult(answer);
          onImported(answer);
        },
        onError: (error, body) => {
          toast({ variant: 'destructive', title: 'Batch import failed', description: batchImportErrorMessage(error) });
          if (getUpgradeOffer(error)) {
            setRefusal(error);
          } else if (getErrorStatus(error) === 422) {
            const message = getErrorMessage(error, 'Failed to import any books.');
            setNoneImported({ failures: failuresOfEmptyBatch(message, body.urls), message });
          }
        },
      },
    );
  });

  const startOver = (urls: string) => {
    batchImport.reset();
    setResult(null);
    form.reset({ urls });
    focusAfterResult.current = true;
  };
  useEffect(() => {
    // The form comes back in place of the result: put the person in its box.
    if (result || !focusAfterResult.current) return;
    focusAfterResult.current = false;
    form.setFocus('urls');
  }, [result, form]);

  if (result) {
    return (
      <BatchImportResults
        result={result}
        onImportMore={() => startOver('')}
        onEditFailed={() => startOver(result.failedImports.map((f) => f.url).join('\n'))}
      />
    );
  }

  const describedBy = [hintId, urlsError ? errorId : ''].filter(Boolean).join(' ');
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <fieldset disabled={pending} className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor={urlsId}>Book URLs</Label>
          <span className={cn('text-xs tabular-nums', overLimit ? 'font-medium text-destructive' : 'text-muted')} aria-live="polite">
            {count} of {BATCH_IMPORT_MAX_URLS}
          </span>
        </div>
        <Textarea
          id={urlsId}
          rows={8}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          placeholder={'https://www.gutenberg.org/cache/epub/1342/pg1342.txt\nhttps://www.gutenberg.org/cache/epub/84/pg84.txt\n…'}
          // One address a line: on a phone a long one wraps (breaking anywhere) rather than hiding its start; wider
          // screens keep each on its line and scroll sideways.
          className="min-h-44 font-mono text-sm leading-6 break-all whitespace-pre-wrap sm:overflow-x-auto sm:break-normal sm:whitespace-pre"
          aria-invalid={urlsError ? true : undefined}
          aria-describedby={describedBy}
          {...form.register('urls')}
        />
        <p id={hintId} className="text-[0.8125rem] text-muted">
          One public text address per line, up to {BATCH_IMPORT_MAX_URLS}. Each becomes a book of its own; an address
          listed twice is imported once.
        </p>
        {urlsError && <FieldError id={errorId}>{urlsError}</FieldError>}
      </fieldset>

      {refusal !== null && (
        <UpgradeOfferSlot error={refusal} fallback="Failed to import the books" onDismiss={() => setRefusal(null)} />
      )}
      {noneImported && <NoneImportedNotice failures={noneImported.failures} message={noneImported.message} />}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={pending}>
          {pending && <Spinner />}
          {pending ? 'Importing Books...' : 'Import All'}
        </Button>
        {pending && (
          <div role="status" className="flex min-w-0 flex-1 flex-col gap-1.5 text-sm">
            <p className="flex items-baseline justify-between gap-3">
              <span className="font-medium text-ink-soft">
                Importing {count === 1 ? 'the book' : `${count} books, one after another`}
              </span>
              <span aria-hidden="true" className="text-xs text-muted tabular-nums">
                {formatElapsed(elapsed)}
              </span>
            </p>
            <IndeterminateBar />
            <p className="text-xs text-muted">This can take a minute or two. Keep this page open.</p>
          </div>
        )}
      </div>
    </form>
  );
}

type BatchImportTabProps = {
  /** Whether the user's plan has batch import (the Publisher plan, or a server that takes no payments). */
  access: FeatureAccess;
  /** Called with the new books and the URLs that failed, once at least one book was imported. */
  onImported: (result: BatchImportResponse) => void;
};

/**
 * Batch tab (Publisher plan): up to 20 URLs, one per line, each imported as a book of its own; then the books made
 * and the URLs that failed with their reasons. Below the Publisher plan it says what the tab does and offers the way
 * up instead of the form.
 */
export function BatchImportTab({ access, onImported }: BatchImportTabProps) {
  if (access === 'checking') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Spinner /> Checking your plan...
      </p>
    );
  }
  if (access === 'locked') return <BatchLocked />;
  return <BatchImportForm onImported={onImported} />;
}
