import { useState, type ComponentProps, type DragEvent, type ReactNode, type Ref } from 'react';
import { FileText, Upload, X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { formatFileSize } from '../../lib/file-size.ts';
import { Button } from './button.tsx';

/**
 * A dashed area to drop a file on or click to choose one: a `<label>` around a visually hidden file input, so the
 * keyboard reaches the input and the focus ring shows on the area. `onFile` gets the file chosen or dropped (the
 * first one); with `onFiles`, the input takes several and `onFiles` gets them all (`onFile` is then not called).
 * `inputProps` go to the input (accept, aria-*); `hintId` names the hint for `aria-describedby`.
 */
export function FileDropZone({
  inputId,
  inputRef,
  prompt,
  hint,
  hintId,
  onFile,
  onFiles,
  disabled = false,
  className,
  inputProps,
}: {
  inputId: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The main line, e.g. `Drop a file here, or choose one`. */
  prompt: ReactNode;
  /** The kinds and size accepted. */
  hint: ReactNode;
  hintId: string;
  onFile: (file: File | null) => void;
  onFiles?: (files: File[]) => void;
  disabled?: boolean;
  className?: string;
  inputProps?: Omit<ComponentProps<'input'>, 'type' | 'id' | 'ref' | 'onChange' | 'disabled' | 'className'>;
}) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (onFiles) {
      if (event.dataTransfer.files.length > 0) onFiles([...event.dataTransfer.files]);
      return;
    }
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    <label
      htmlFor={inputId}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed text-center transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
        dragging ? 'border-accent bg-accent-soft/60' : 'border-line-strong bg-paper/60 hover:border-accent/50 hover:bg-accent-soft/30',
        disabled && 'pointer-events-none opacity-60',
        className,
      )}
    >
      <Upload aria-hidden="true" className="size-6 text-accent" />
      <span className="text-sm font-medium text-ink">{prompt}</span>
      <span id={hintId} className="max-w-md text-xs text-balance text-muted">
        {hint}
      </span>
      <input
        {...inputProps}
        ref={inputRef}
        id={inputId}
        type="file"
        className="sr-only"
        disabled={disabled}
        multiple={onFiles !== undefined}
        onChange={(event) => (onFiles ? onFiles([...(event.target.files ?? [])]) : onFile(event.target.files?.[0] ?? null))}
      />
    </label>
  );
}

/** The file chosen in a {@link FileDropZone}: its name and size, and a button that removes it. */
export function ChosenFile({ file, onRemove, disabled = false, className }: { file: File; onRemove: () => void; disabled?: boolean; className?: string }) {
  return (
    <div className={cn('flex min-w-0 flex-1 items-center gap-3', className)}>
      <FileText aria-hidden="true" className="size-5 shrink-0 text-muted" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-ink">{file.name}</p>
        <p className="text-xs text-muted">{formatFileSize(file.size)}</p>
      </div>
      <Button variant="ghost" size="icon" className="size-8" aria-label="Remove selected file" disabled={disabled} onClick={onRemove}>
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
