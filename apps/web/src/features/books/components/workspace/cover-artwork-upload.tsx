import { useId, useRef, useState } from 'react';
import { Ruler, Upload } from 'lucide-react';
import { COVER_TEMPLATES, type CoverOptions, type CoverTemplate } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { FieldError } from '../../../../components/ui/field.tsx';
import { ChosenFile, FileDropZone } from '../../../../components/ui/file-drop-zone.tsx';
import { NativeSelect } from '../../../../components/ui/input.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { COVER_ARTWORK_ACCEPT, artworkSizeHint, coverArtworkProblem } from '../../lib/cover-artwork-rules.ts';
import { templateName } from '../../lib/cover-catalogue.ts';
import { inches } from '../../lib/wrap-guides.ts';

/** The pixels the front artwork needs, said before the upload (from cover-options `artworkMinPx`). */
function SizeRequirement({ options, loading }: { options: CoverOptions | undefined; loading: boolean }) {
  if (loading) return <Skeleton className="h-5 w-72 max-w-full" />;
  const hint = artworkSizeHint(options?.artworkMinPx);
  const trim = options?.geometry ? ` (${inches(options.geometry.trimWidthIn)} x ${inches(options.geometry.trimHeightIn)} in, with bleed)` : '';
  return (
    <p className="flex items-start gap-2 text-sm text-ink-soft">
      <Ruler aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
      <span>
        {hint ? (
          <>
            Your image needs <span className="font-semibold text-ink">{hint}</span>
            {trim}, so that it prints sharp.
          </>
        ) : (
          'Your image needs about 300 dpi at the printed size of the front, so that it prints sharp.'
        )}
      </span>
    </p>
  );
}

/**
 * Covers tab → your own artwork: a JPEG or PNG for the front and the template the words are set in. The pixels
 * needed are shown first; a refusal from the server (422: too few pixels, naming the pixels needed) is shown inline
 * as well as in the notice the tab raises.
 */
export function CoverArtworkUpload({
  options,
  optionsLoading,
  uploading,
  disabled,
  error,
  onUpload,
  onChange,
}: {
  options: CoverOptions | undefined;
  optionsLoading: boolean;
  uploading: boolean;
  disabled: boolean;
  /** The server's refusal of the last upload, shown under the form. */
  error: string | null;
  /** Uploads; resolves true when the cover was made (the form then empties). */
  onUpload: (file: File, template: CoverTemplate) => Promise<boolean>;
  /** The user changed the file: a previous refusal no longer applies. */
  onChange: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [template, setTemplate] = useState<CoverTemplate>('classic');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  const errorId = useId();
  const templateId = useId();
  const problem = file ? coverArtworkProblem(file) : null;

  const choose = (next: File | null) => {
    setFile(next);
    onChange();
    if (!next && inputRef.current) inputRef.current.value = '';
  };
  const submit = async () => {
    if (!file || problem) return;
    if (await onUpload(file, template)) choose(null);
  };

  const describedBy = [hintId, problem ? problemId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <section aria-labelledby="cover-upload-title" className="flex flex-col gap-4">
      <div>
        <h3 id="cover-upload-title" className="font-display text-lg font-semibold">
          Your own artwork
        </h3>
        <p className="mt-1 text-sm text-ink-soft">
          Upload a picture for the front. Quire sets your title and name over it in the template you pick, and builds
          the spine and back.
        </p>
      </div>
      <SizeRequirement options={options} loading={optionsLoading} />
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset disabled={disabled} className="grid gap-4 md:grid-cols-[minmax(0,1fr)_15rem]">
          <legend className="sr-only">Front artwork</legend>
          <div className="flex flex-col gap-3">
            <FileDropZone
              inputId={inputId}
              inputRef={inputRef}
              className="px-5 py-6"
              onFile={choose}
              disabled={disabled}
              prompt={
                <>
                  Drop an image here, or <span className="text-accent-ink underline underline-offset-4">choose a file</span>
                </>
              }
              hint="JPEG or PNG, smaller than 20MB"
              hintId={hintId}
              inputProps={{
                accept: COVER_ARTWORK_ACCEPT,
                'aria-label': 'Front artwork image',
                'aria-describedby': describedBy,
                'aria-invalid': problem || error ? true : undefined,
              }}
            />
            {file && <ChosenFile file={file} disabled={disabled} className="rounded-lg border border-line bg-surface px-3 py-2" onRemove={() => choose(null)} />}
            {problem && <FieldError id={problemId}>{problem}</FieldError>}
          </div>
          <div className="flex flex-col gap-3 md:justify-end">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={templateId}>Set the words in</Label>
              <NativeSelect id={templateId} value={template} onChange={(e) => setTemplate(e.target.value as CoverTemplate)}>
                {COVER_TEMPLATES.map((t) => (
                  <option key={t} value={t}>
                    {templateName(t)} template
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button type="submit" disabled={!file || problem !== null || disabled}>
              {uploading ? <Spinner /> : <Upload aria-hidden="true" />}
              {uploading ? 'Uploading...' : 'Upload artwork'}
            </Button>
          </div>
        </fieldset>
        <p role="status" aria-live="polite" className="sr-only">
          {uploading ? 'Making a cover around your artwork. This takes a few seconds.' : ''}
        </p>
        {error && (
          <p id={errorId} role="alert" className="rounded-lg border border-destructive/40 bg-destructive-soft px-3 py-2.5 text-sm text-destructive">
            <span className="font-semibold">Upload failed.</span> {error}
          </p>
        )}
      </form>
    </section>
  );
}
