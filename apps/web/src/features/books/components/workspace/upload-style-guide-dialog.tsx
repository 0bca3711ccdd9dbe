import { useId, useRef, useState } from 'react';
import { CircleCheck, FileUp, Upload } from 'lucide-react';
import type { StyleGuideTemplate } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from '../../../../components/ui/dialog.tsx';
import { Field, FieldError } from '../../../../components/ui/field.tsx';
import { ChosenFile, FileDropZone } from '../../../../components/ui/file-drop-zone.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { UpgradeOfferSlot } from '../../../../components/upgrade-offer-slot.tsx';
import { getErrorMessage } from '../../../../lib/errors.ts';
import { useUploadStyleGuide } from '../../api/upload-style-guide.ts';
import { STYLE_GUIDE_ACCEPT, styleGuideFileProblem } from '../../lib/style-guide-upload-rules.ts';

/** What was read from the guide: each requirement found, and what stays at a default. */
function Findings({ guide }: { guide: StyleGuideTemplate }) {
  const found = guide.findings?.found ?? [];
  const defaulted = guide.findings?.defaulted ?? [];
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-start gap-2 rounded-lg border border-accent/20 bg-accent-soft/50 px-3 py-2.5 text-sm text-ink">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
        <span>
          <span className="font-semibold">{guide.name}</span>
          {guide.university ? ` (${guide.university})` : ''} is in your {guide.category === 'academic' ? 'Academic' : 'Publishing'} list.
        </span>
      </p>
      <section className="flex flex-col gap-1.5">
        <h3 className="text-sm font-semibold text-ink">Found in {guide.originalFileName ?? 'the document'}</h3>
        {found.length > 0 ? (
          <ul aria-label="Requirements found" className="flex list-disc flex-col gap-1 pl-5 text-sm text-ink-soft">
            {found.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No requirements were stated in a way Quire could read.</p>
        )}
      </section>
      {defaulted.length > 0 && (
        <section className="flex flex-col gap-1.5">
          <h3 className="text-sm font-semibold text-ink">Not stated, so kept at the usual default</h3>
          <ul aria-label="Requirements kept at defaults" className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted">
            {defaulted.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * Template Formatting → upload a style guide (workspace spec sections 2 and 5: accepts .pdf, .doc, .docx): the
 * document (picked or dropped), an optional name and university, uploaded as multipart to POST /api/style-guides;
 * then what the server found in it and what it kept at defaults. The new guide joins the style-guide list, and
 * `onUploaded` lets the list select it. A server error is shown with its message; one refused for the user's plan
 * (the upload is a Premium feature) shows the page's upgrade offer instead.
 */
export function UploadStyleGuideDialog({ onUploaded, bookId }: { onUploaded: (guide: StyleGuideTemplate) => void; bookId?: string }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [university, setUniversity] = useState('');
  const [uploaded, setUploaded] = useState<StyleGuideTemplate | null>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const fileInputId = useId();
  const hintId = useId();
  const errorId = useId();
  const upload = useUploadStyleGuide();
  const problem = file ? styleGuideFileProblem(file) : null;
  const serverError = upload.isError ? getErrorMessage(upload.error, 'Failed to upload the style guide') : null;

  const reset = () => {
    setFile(null);
    setName('');
    setUniversity('');
    setUploaded(null);
    upload.reset();
  };
  const onOpenChange = (next: boolean) => {
    if (upload.isPending) return;
    setOpen(next);
    if (!next) reset();
  };
  const choose = (chosen: File | null) => {
    setFile(chosen);
    upload.reset();
  };
  const submit = () => {
    if (!file || problem) return;
    upload.mutate(
      { file, name, university },
      {
        onSuccess: (guide) => {
          setUploaded(guide);
          onUploaded(guide);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <FileUp aria-hidden="true" /> Upload Style Guide
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogTitle>{uploaded ? 'Style guide added' : 'Upload a style guide'}</DialogTitle>
        <DialogDescription>
          {uploaded
            ? 'Here is what Quire read from it. The guide is now selected in the list, where you can preview your book in it and apply it.'
            : 'Your university’s or publisher’s guide as a PDF or Word document. Quire reads its margins, font, spacing, page numbers and the pages it asks for.'}
        </DialogDescription>

        {uploaded ? (
          <Findings guide={uploaded} />
        ) : (
          <form
            id="style-guide-upload"
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <fieldset disabled={upload.isPending} className="flex flex-col gap-4">
              <legend className="sr-only">Style guide</legend>
              <FileDropZone
                inputId={fileInputId}
                inputRef={fileInputRef}
                className="px-5 py-6"
                onFile={choose}
                prompt={
                  <>
                    Drop the guide here, or <span className="text-accent-ink underline underline-offset-4">choose a file</span>
                  </>
                }
                hint="PDF or Word (.pdf, .doc, .docx), smaller than 10MB"
                hintId={hintId}
                inputProps={{
                  accept: STYLE_GUIDE_ACCEPT,
                  'aria-label': 'Style guide document',
                  'aria-describedby': problem ? `${hintId} ${errorId}` : hintId,
                  'aria-invalid': problem ? true : undefined,
                }}
              />
              {file && (
                <ChosenFile
                  file={file}
                  className="rounded-lg border border-line bg-surface px-3 py-2"
                  onRemove={() => {
                    choose(null);
                    if (fileInputRef.current) fileInputRef.current.value = '';
                  }}
                />
              )}
              {problem && <FieldError id={errorId}>{problem}</FieldError>}
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Name" optional>
                  {(control) => <Input {...control} value={name} maxLength={200} placeholder="e.g. Thesis Guidelines 2025" onChange={(e) => setName(e.target.value)} />}
                </Field>
                <Field label="University" optional>
                  {(control) => <Input {...control} value={university} maxLength={200} placeholder="e.g. University of Leeds" onChange={(e) => setUniversity(e.target.value)} />}
                </Field>
              </div>
            </fieldset>
            {serverError && (
              <UpgradeOfferSlot error={upload.error} fallback="Failed to upload the style guide" bookId={bookId}>
                <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive-soft px-3 py-2.5 text-sm text-destructive">
                  <span className="font-semibold">Upload failed.</span> {serverError}
                </p>
              </UpgradeOfferSlot>
            )}
          </form>
        )}

        <DialogFooter>
          {uploaded ? (
            <Button onClick={() => onOpenChange(false)}>Done</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={upload.isPending}>
                Cancel
              </Button>
              <Button type="submit" form="style-guide-upload" disabled={!file || problem !== null || upload.isPending}>
                {upload.isPending ? <Spinner /> : <Upload aria-hidden="true" />}
                {upload.isPending ? 'Reading the guide...' : 'Upload Style Guide'}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
