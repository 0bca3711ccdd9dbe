import { z } from 'zod';
import {
  EditionDetailsSchema,
  FormatBodySchema,
  METADATA_LANGUAGES,
  PaperDetailsSchema,
  PUBLICATION_YEAR_MAX,
  PUBLICATION_YEAR_MIN,
  type Book,
  type FormatBody,
} from '@quire/contracts';

/** The layout a book gets when it has none yet (the server's default, Amazon KDP 6x9). */
export const DEFAULT_LAYOUT_ID = 'kdp-6x9';

/** The student-paper fields of the form (APA 7th ed. 2.3, MLA 9th ed. 1.3), each optional. */
export const PAPER_FIELDS = ['affiliation', 'course', 'instructor', 'dueDate'] as const;
type PaperField = (typeof PAPER_FIELDS)[number];

/**
 * The title-page details of the form (contracts `EditionDetailsSchema`), each optional: printed on the title and
 * copyright pages and written to the EPUB package document; cleanup fills them from the source's own title page.
 */
export const EDITION_FIELDS = ['subtitle', 'translator', 'editor', 'publisher', 'edition'] as const;
type EditionField = (typeof EDITION_FIELDS)[number];

export const LANGUAGE_LABELS: Record<(typeof METADATA_LANGUAGES)[number], string> = {
  en: 'English',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
  it: 'Italian',
};

const metadataShape = FormatBodySchema.shape.metadata.shape;

/**
 * The Basic Metadata form (workspace spec section 5). The year is typed as text in the number input
 * and checked against the contract's bounds; the other rules are the contract's own.
 */
export const MetadataFormSchema = z.object({
  genre: FormatBodySchema.shape.genre,
  description: metadataShape.description,
  keywords: z.array(z.string()),
  categories: z.array(z.string()),
  language: z.enum(METADATA_LANGUAGES),
  /** The paperback's paper: its spine width (the cover's wrap) and page limit follow it. */
  paperType: z.enum(['white', 'cream']),
  publicationYear: z.string().superRefine((value, ctx) => {
    if (value.trim() === '') return;
    const year = Number(value);
    if (!Number.isInteger(year) || year < PUBLICATION_YEAR_MIN) {
      ctx.addIssue({ code: 'custom', message: `Publication year must be ${PUBLICATION_YEAR_MIN} or later` });
    } else if (year > PUBLICATION_YEAR_MAX) {
      ctx.addIssue({ code: 'custom', message: `Publication year must be ${PUBLICATION_YEAR_MAX} or earlier` });
    }
  }),
  isbn: metadataShape.isbn,
  affiliation: PaperDetailsSchema.shape.affiliation,
  course: PaperDetailsSchema.shape.course,
  instructor: PaperDetailsSchema.shape.instructor,
  dueDate: PaperDetailsSchema.shape.dueDate,
  ...EditionDetailsSchema.shape,
});
export type MetadataFormValues = z.input<typeof MetadataFormSchema>;

export function metadataDefaults(book: Pick<Book, 'genre' | 'metadata'>): MetadataFormValues {
  const language = METADATA_LANGUAGES.find((l) => l === book.metadata.language) ?? 'en';
  return {
    genre: book.genre ?? '',
    description: book.metadata.description ?? '',
    keywords: book.metadata.keywords ?? [],
    categories: book.metadata.categories ?? [],
    language,
    paperType: book.metadata.paperType ?? 'white',
    publicationYear: book.metadata.publicationYear ? String(book.metadata.publicationYear) : '',
    isbn: book.metadata.isbn ?? '',
    affiliation: book.metadata.paper?.affiliation ?? '',
    course: book.metadata.paper?.course ?? '',
    instructor: book.metadata.paper?.instructor ?? '',
    dueDate: book.metadata.paper?.dueDate ?? '',
    ...Object.fromEntries(EDITION_FIELDS.map((field) => [field, book.metadata[field] ?? ''])),
  };
}

/**
 * The POST /api/books/:id/format body from the form's values. No layout is named: the server keeps the one chosen
 * in Template Formatting or Advanced Custom (or sets Amazon KDP 6x9 when there is none). Blank optional fields,
 * the student-paper and title-page ones included, are left out (the server then stores none).
 */
export function toFormatBody(values: MetadataFormValues): FormatBody {
  const isbn = values.isbn?.trim();
  const year = values.publicationYear.trim();
  const paper = Object.fromEntries(
    PAPER_FIELDS.map((field): [PaperField, string] => [field, (values[field] ?? '').trim()]).filter(([, value]) => value !== ''),
  );
  const edition = Object.fromEntries(
    EDITION_FIELDS.map((field): [EditionField, string] => [field, (values[field] ?? '').trim()]).filter(([, value]) => value !== ''),
  );
  return {
    genre: values.genre,
    metadata: {
      description: values.description,
      keywords: values.keywords,
      categories: values.categories,
      language: values.language,
      paperType: values.paperType,
      ...(year ? { publicationYear: Number(year) } : {}),
      ...(isbn ? { isbn } : {}),
      ...(Object.keys(paper).length > 0 ? { paper } : {}),
      ...edition,
    },
  };
}
