import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { COLLECTION_MAX_URLS, COLLECTION_MIN_URLS, type CombineMethod, type ImportCollectionResponse } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FieldError } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { cn } from '../../../lib/cn.ts';
import {
  CollectionFormSchema,
  toImportCollectionBody,
  useImportCollection,
  type CollectionFormInput,
  type CollectionFormValues,
} from '../api/import-collection.ts';
import { collectionSuccessDescription } from '../lib/collection-notice.ts';
import { collectionImportErrorMessage } from '../lib/import-errors.ts';

const COMBINE_OPTIONS: { value: CombineMethod; label: string; description: string }[] = [
  { value: 'sequential', label: 'In list order', description: 'Books follow one another as listed.' },
  { value: 'by_author', label: 'By author', description: 'Books are grouped by author.' },
  { value: 'by_title', label: 'By title', description: 'Books are sorted by title.' },
];

type CollectionImportTabProps = {
  /** Called with the new book, and the URLs that could not be imported (empty when all were). */
  onImported: (book: { id: string; title: string }, failedImports: ImportCollectionResponse['failedImports']) => void;
};

/** Collection tab: 2 to 10 URLs combined into one book (accounts spec section 2). */
export function CollectionImportTab({ onImported }: CollectionImportTabProps) {
  const collectionImport = useImportCollection();
  const busy = collectionImport.isPending || collectionImport.isSuccess;
  const form = useForm<CollectionFormInput, unknown, CollectionFormValues>({
    resolver: zodResolver(CollectionFormSchema),
    defaultValues: {
      urls: [{ value: '' }, { value: '' }],
      collectionTitle: '',
      collectionAuthor: '',
      combineMethod: 'sequential',
    },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'urls' });
  const { errors } = form.formState;
  const atMax = fields.length >= COLLECTION_MAX_URLS;
  const atMin = fields.length <= COLLECTION_MIN_URLS;

  const onSubmit = form.handleSubmit((values) => {
    collectionImport.mutate(toImportCollectionBody(values), {
      onSuccess: (result) => {
        toast({ variant: 'success', title: 'Collection created successfully', description: collectionSuccessDescription(result) });
        onImported(result.book, result.failedImports);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Multi-import failed', description: collectionImportErrorMessage(error) }),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-2" disabled={busy}>
        <legend className="mb-2 flex w-full items-baseline justify-between text-sm font-medium text-ink">
          <span>Book URLs</span>
          <span className="text-xs font-normal text-muted" aria-live="polite">
            {fields.length} of {COLLECTION_MAX_URLS}
          </span>
        </legend>
        <ol className="flex max-h-72 flex-col gap-2 overflow-y-auto pr-1" data-testid="collection-urls">
          {fields.map((field, index) => {
            const error = errors.urls?.[index]?.value?.message;
            const errorId = `collection-url-${field.id}-error`;
            return (
              <li key={field.id} className="flex flex-col gap-1">
                <div className="flex items-center gap-2">
                  <span aria-hidden="true" className="w-5 shrink-0 text-right text-sm text-muted tabular-nums">
                    {index + 1}.
                  </span>
                  <Input
                    type="url"
                    inputMode="url"
                    placeholder="https://www.gutenberg.org/cache/epub/…"
                    aria-label={`Book URL ${index + 1}`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    {...form.register(`urls.${index}.value`)}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove URL ${index + 1}`}
                    disabled={atMin}
                    onClick={() => remove(index)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                {error && (
                  <div className="pl-7">
                    <FieldError id={errorId}>{error}</FieldError>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
        {errors.urls?.root?.message && <FieldError>{errors.urls.root.message}</FieldError>}
        {errors.urls?.message && <FieldError>{errors.urls.message}</FieldError>}
        <Button
          variant="secondary"
          size="sm"
          className="mt-1 self-start"
          disabled={atMax}
          onClick={() => append({ value: '' }, { shouldFocus: true })}
        >
          <Plus aria-hidden="true" />
          Add URL
        </Button>
        {atMax && <p className="text-xs text-muted">A collection holds at most 10 books.</p>}
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Collection title" error={errors.collectionTitle?.message}>
          {(control) => (
            <Input {...control} placeholder="e.g. The Brontë Sisters" disabled={busy} {...form.register('collectionTitle')} />
          )}
        </Field>
        <Field label="Collection author" optional hint="Leave blank to detect the author automatically.">
          {(control) => <Input {...control} disabled={busy} {...form.register('collectionAuthor')} />}
        </Field>
      </div>

      <fieldset disabled={busy}>
        <legend className="mb-2 text-sm font-medium text-ink">Combine method</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {COMBINE_OPTIONS.map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border border-line-strong bg-surface p-3 transition-colors hover:border-accent/50',
                'has-[:checked]:border-accent has-[:checked]:bg-accent-soft/50',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
              )}
            >
              <input
                type="radio"
                value={option.value}
                className="mt-0.5 size-4 accent-[var(--color-accent)]"
                {...form.register('combineMethod')}
              />
              <span className="flex flex-col">
                <span className="text-sm font-medium text-ink">{option.label}</span>
                <span className="text-xs text-muted">{option.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <Button type="submit" size="lg" className="w-full sm:w-auto sm:self-start" disabled={busy}>
        {collectionImport.isPending && <Spinner />}
        {collectionImport.isPending ? 'Creating Collection...' : 'Create Collection'}
      </Button>
    </form>
  );
}
