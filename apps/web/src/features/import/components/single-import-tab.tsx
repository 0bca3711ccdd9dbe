import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ClipboardPaste, Link2 } from 'lucide-react';
import { ImportUrlBodySchema, type ImportResponse } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { ChosenFile, FileDropZone } from '../../../components/ui/file-drop-zone.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useImportBookFromFile, useImportBookFromUrl } from '../api/import-book.ts';
import { singleImportErrorMessage } from '../lib/import-errors.ts';
import { UPLOAD_ACCEPT, UPLOAD_KINDS_HINT, uploadSetProblem } from '../lib/upload-rules.ts';

export const SIZE_HINT = 'Files must be smaller than 10MB and contain less than 5MB of text.';

type SingleImportTabProps = { onImported: (book: ImportResponse) => void };

/** Single Book tab: a public text URL, or an uploaded file of any supported type (see `upload-rules.ts`). */
export function SingleImportTab({ onImported }: SingleImportTabProps) {
  const urlId = useId();
  const fileInputId = useId();
  const hintId = useId();
  const fileHintId = useId();
  const fileErrorId = useId();
  const urlErrorId = useId();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const fileError = files.length > 0 ? uploadSetProblem(files) : null;

  const urlImport = useImportBookFromUrl();
  const fileImport = useImportBookFromFile();
  const busy = urlImport.isPending || fileImport.isPending || urlImport.isSuccess || fileImport.isSuccess;

  const form = useForm<{ url: string }>({
    resolver: zodResolver(ImportUrlBodySchema),
    defaultValues: { url: '' },
  });
  const urlError = form.formState.errors.url?.message;

  const handleSuccess = (book: ImportResponse) => {
    toast({ variant: 'success', title: 'Book imported successfully', description: `“${book.title}” by ${book.author}` });
    onImported(book);
  };
  const handleError = (error: unknown) => {
    toast({ variant: 'destructive', title: 'Import failed', description: singleImportErrorMessage(error) });
  };

  const onSubmitUrl = form.handleSubmit((values) => {
    urlImport.mutate(values, { onSuccess: handleSuccess, onError: handleError });
  });

  const pasteFromClipboard = async () => {
    try {
      if (!navigator.clipboard?.readText) throw new Error('Clipboard unavailable');
      const text = (await navigator.clipboard.readText()).trim();
      form.setValue('url', text, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
      form.setFocus('url');
    } catch {
      toast({ variant: 'destructive', title: 'Paste failed', description: 'Unable to access clipboard' });
    }
  };

  const importFile = () => {
    if (files.length === 0 || fileError) return;
    fileImport.mutate(files.length === 1 ? files[0]! : files, { onSuccess: handleSuccess, onError: handleError });
  };
  const removeFile = (index: number) => {
    setFiles((chosen) => chosen.filter((_, i) => i !== index));
    if (fileInputRef.current) fileInputRef.current.value = '';
  };


  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={onSubmitUrl} noValidate className="flex flex-col gap-2">
        <Label htmlFor={urlId}>Book URL</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="relative flex-1">
            <Link2 aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
            <Input
              id={urlId}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://www.gutenberg.org/cache/epub/1342/pg1342.txt"
              className="pl-9"
              aria-invalid={urlError ? true : undefined}
              aria-describedby={[hintId, urlError ? urlErrorId : ''].filter(Boolean).join(' ')}
              disabled={busy}
              {...form.register('url')}
            />
          </div>
          <Button variant="secondary" onClick={pasteFromClipboard} disabled={busy} aria-label="Paste URL from clipboard">
            <ClipboardPaste aria-hidden="true" />
            Paste
          </Button>
        </div>
        {urlError && <FieldError id={urlErrorId}>{urlError}</FieldError>}
        <p id={hintId} className="text-[0.8125rem] text-muted">
          {SIZE_HINT}
        </p>
        <Button type="submit" size="lg" className="mt-2 w-full sm:w-auto sm:self-start" disabled={busy}>
          {urlImport.isPending && <Spinner />}
          {urlImport.isPending ? 'Importing Book...' : 'Import Book'}
        </Button>
      </form>

      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-muted uppercase" role="separator">
        <span className="h-px flex-1 bg-line" />
        or upload a file
        <span className="h-px flex-1 bg-line" />
      </div>

      <div className="flex flex-col gap-3">
        <FileDropZone
          inputId={fileInputId}
          inputRef={fileInputRef}
          className="px-6 py-8"
          disabled={busy}
          onFile={(file) => setFiles(file ? [file] : [])}
          onFiles={setFiles}
          prompt={
            <>
              Drop a file here, or <span className="text-accent-ink underline underline-offset-4">choose one</span>
            </>
          }
          hint={`${UPLOAD_KINDS_HINT}, smaller than 10MB`}
          hintId={fileHintId}
          inputProps={{ accept: UPLOAD_ACCEPT, 'aria-describedby': `${fileHintId} ${hintId}` }}
        />
        {files.length > 0 && (
          <div className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-3 sm:flex-row sm:items-center">
            <ul aria-label="Chosen files" className="flex min-w-0 flex-1 flex-col gap-2">
              {files.map((chosen, i) => (
                <li key={`${chosen.name}-${i}`} className="flex min-w-0">
                  <ChosenFile file={chosen} disabled={busy} onRemove={() => removeFile(i)} />
                </li>
              ))}
            </ul>
            <Button onClick={importFile} disabled={busy || fileError !== null} aria-describedby={fileError ? fileErrorId : undefined}>
              {fileImport.isPending && <Spinner />}
              {fileImport.isPending ? 'Importing Book...' : files.length > 1 ? 'Import Files' : 'Import File'}
            </Button>
          </div>
        )}
        {fileError && <FieldError id={fileErrorId}>{fileError}</FieldError>}
      </div>
    </div>
  );
}
