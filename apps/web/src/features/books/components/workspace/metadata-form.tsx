import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Wand2 } from 'lucide-react';
import { GENRES, PUBLICATION_YEAR_MAX, PUBLICATION_YEAR_MIN, type Book, METADATA_LANGUAGES } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Input, NativeSelect, Textarea } from '../../../../components/ui/input.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../../lib/errors.ts';
import { useFormatBook } from '../../api/format-book.ts';
import { useStyleGuides } from '../../api/list-style-guides.ts';
import { useTemplates } from '../../api/list-templates.ts';
import {
  EDITION_FIELDS,
  LANGUAGE_LABELS,
  MetadataFormSchema,
  PAPER_FIELDS,
  metadataDefaults,
  toFormatBody,
  type MetadataFormValues,
} from '../../lib/metadata-form.ts';
import { ChipInput } from './chip-input.tsx';

function genreLabel(genre: string): string {
  return genre.charAt(0).toUpperCase() + genre.slice(1);
}

/**
 * The name of the layout Format Book keeps (the book's own, chosen in Template Formatting or Advanced Custom), or
 * Amazon KDP 6x9 for a book without one; whether it is an academic style guide (the paper fields then open).
 */
function useKeptLayout(layoutId: string | null): { name: string; academic: boolean } {
  const templates = useTemplates();
  const guides = useStyleGuides();
  const id = layoutId ?? 'kdp-6x9';
  const guide = guides.data?.find((g) => g.id === id);
  if (guide) return { name: guide.name, academic: guide.category === 'academic' };
  const template = templates.data?.find((t) => t.id === id);
  return { name: template?.name ?? (id === 'kdp-6x9' ? 'Amazon KDP 6x9' : 'the layout you chose'), academic: false };
}

/** The student-paper fields: label, placeholder, hint. */
const PAPER_FIELD_TEXT = {
  affiliation: { label: 'Affiliation', placeholder: 'Department of History, Northfield University' },
  course: { label: 'Course', placeholder: 'HIST 301: The Early Modern World' },
  instructor: { label: 'Instructor', placeholder: 'Dr. Amal Reyes' },
  dueDate: { label: 'Due date', placeholder: 'October 12, 2026' },
} as const;

/** The title-page fields: label, placeholder. */
const EDITION_FIELD_TEXT = {
  subtitle: { label: 'Subtitle', placeholder: 'or, The Modern Prometheus' },
  translator: { label: 'Translator', placeholder: 'Louise and Aylmer Maude' },
  editor: { label: 'Editor', placeholder: 'H. H. Milman' },
  publisher: { label: 'Publisher', placeholder: 'Northfield Press' },
  edition: { label: 'Edition', placeholder: 'Second Edition' },
} as const;

/**
 * Basic Metadata: genre and metadata, the title-page details, then Format Book. The details stay editable once the
 * book is formatted (by this form, a template or custom settings): 'Book Formatted' (workspace spec section 4)
 * until a detail is changed, then Format Book sets the book again with the new details.
 */
export function MetadataForm({ book, onFormatted }: { book: Book; onFormatted: () => void }) {
  const formatBook = useFormatBook();
  const formatted = Boolean(book.formattedText);
  const form = useForm<MetadataFormValues>({
    resolver: zodResolver(MetadataFormSchema),
    defaultValues: metadataDefaults(book),
  });
  const { errors, isDirty } = form.formState;
  const pending = formatBook.isPending;
  const upToDate = formatted && !isDirty;
  const layout = useKeptLayout(book.layoutId);

  // The form stays mounted while the book changes under it (a template applied, metadata found at import): show
  // the book's details as they now are, unless the user has started editing them.
  const savedDetails = JSON.stringify(metadataDefaults(book));
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(JSON.parse(savedDetails) as MetadataFormValues);
  }, [savedDetails, form]);

  const onSubmit = form.handleSubmit((values) => {
    formatBook.mutate(
      { id: book.id, body: toFormatBody(values) },
      {
        onSuccess: () => {
          // What was sent is now the book's: the button reads 'Book Formatted' again.
          form.reset(values);
          toast({ variant: 'success', title: 'Book formatted successfully' });
          onFormatted();
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Formatting failed',
            description: getErrorMessage(error, 'Failed to format book'),
          }),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <fieldset disabled={pending} className="grid gap-5 md:grid-cols-2">
        <legend className="sr-only">Book details</legend>
        <Field label="Genre" error={errors.genre?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('genre')}>
              <option value="">Select a genre</option>
              {GENRES.map((genre) => (
                <option key={genre} value={genre}>
                  {genreLabel(genre)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Language">
          {(control) => (
            <NativeSelect {...control} {...form.register('language')}>
              {METADATA_LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {LANGUAGE_LABELS[language]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Paper" hint="For the paperback: cream is a little thicker, so the spine is wider.">
          {(control) => (
            <NativeSelect {...control} {...form.register('paperType')}>
              <option value="white">White</option>
              <option value="cream">Cream</option>
            </NativeSelect>
          )}
        </Field>
        <Field
          label="Description"
          className="md:col-span-2"
          hint="What the book is about, as a store shows it. At least 10 characters."
          error={errors.description?.message}
        >
          {(control) => <Textarea {...control} rows={4} {...form.register('description')} />}
        </Field>
        <Controller
          control={form.control}
          name="keywords"
          render={({ field }) => (
            <ChipInput
              label="Keywords"
              itemName="keyword"
              value={field.value}
              onChange={field.onChange}
              placeholder="e.g. regency romance"
              hint="Words readers search for. Press Enter to add."
              disabled={pending}
            />
          )}
        />
        <Controller
          control={form.control}
          name="categories"
          render={({ field }) => (
            <ChipInput
              label="Categories"
              itemName="category"
              value={field.value}
              onChange={field.onChange}
              placeholder="e.g. Fiction / Classics"
              hint="Store categories. Press Enter to add."
              disabled={pending}
            />
          )}
        />
        <Field label="Publication year" optional error={errors.publicationYear?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={PUBLICATION_YEAR_MIN}
              max={PUBLICATION_YEAR_MAX}
              step={1}
              placeholder="1813"
              {...form.register('publicationYear')}
            />
          )}
        </Field>
        <Field label="ISBN" optional error={errors.isbn?.message}>
          {(control) => <Input {...control} placeholder="978-0-123456-78-9" {...form.register('isbn')} />}
        </Field>
      </fieldset>
      <fieldset disabled={pending} className="grid gap-5 border-t border-line pt-5 md:grid-cols-2">
        <legend className="float-left mb-1 w-full md:col-span-2">
          <span className="block text-sm font-semibold text-ink">Title page details</span>
          <span className="mt-1 block text-sm font-normal text-muted">
            Printed on the title and copyright pages and in the e-book’s metadata. Filled from the source’s own title
            page when it has one; leave a field empty to print nothing.
          </span>
        </legend>
        {EDITION_FIELDS.map((field) => (
          <Field key={field} label={EDITION_FIELD_TEXT[field].label} optional error={errors[field]?.message}>
            {(control) => <Input {...control} placeholder={EDITION_FIELD_TEXT[field].placeholder} {...form.register(field)} />}
          </Field>
        ))}
      </fieldset>
      <details open={layout.academic || undefined} className="group rounded-lg border border-line bg-paper/60 px-4 py-3">
        <summary className="cursor-pointer text-sm font-semibold text-ink select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent">
          Student paper details <span className="font-normal text-muted">(optional)</span>
        </summary>
        <p className="mt-2 text-sm text-muted">
          Printed on the title page of the APA, Chicago and Harvard layouts and in MLA’s heading block. Leave them empty
          for a book.
        </p>
        <fieldset disabled={pending} className="mt-4 grid gap-5 md:grid-cols-2">
          <legend className="sr-only">Student paper details</legend>
          {PAPER_FIELDS.map((field) => (
            <Field key={field} label={PAPER_FIELD_TEXT[field].label} optional error={errors[field]?.message}>
              {(control) => <Input {...control} placeholder={PAPER_FIELD_TEXT[field].placeholder} {...form.register(field)} />}
            </Field>
          ))}
        </fieldset>
      </details>
      <div className="flex flex-col gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          {upToDate
            ? 'This book is formatted with these details. Change one to format it again.'
            : `Formatting sets the book in ${layout.name} with these details.`}
        </p>
        <Button type="submit" size="lg" variant={upToDate ? 'secondary' : 'primary'} disabled={pending || upToDate}>
          {pending ? <Spinner /> : upToDate ? <Check aria-hidden="true" /> : <Wand2 aria-hidden="true" />}
          {pending ? 'Formatting Book...' : upToDate ? 'Book Formatted' : 'Format Book'}
        </Button>
      </div>
    </form>
  );
}
