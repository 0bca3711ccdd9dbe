import { z } from 'zod';
import { FormattingSettingsSchema } from './layout.ts';
import { PaperTypeSchema } from './covers.ts';
import { LayoutReportSchema } from './layout-report.ts';
import { DiagnosticSchema } from './diagnostics.ts';
import { StructureSummarySchema } from './structure-summary.ts';
import {
  DESCRIPTION_MAX_CHARS,
  ID_MAX_CHARS,
  ISBN_MAX_CHARS,
  METADATA_TERM_MAX_CHARS,
  SAVE_TEXT_MAX_CHARS,
} from './limits.ts';

/** Metadata languages of the workspace spec (section 3). */
export const METADATA_LANGUAGES = ['en', 'fr', 'de', 'es', 'it'] as const;

/** Book status (workspace spec section 4): `imported` until formatted, then `ready`. */
export const BookStatusSchema = z.enum(['imported', 'ready']);
export type BookStatus = z.infer<typeof BookStatusSchema>;

/**
 * Where a book came from: a URL, an uploaded file, a collection of several URLs, or the passages of an extraction
 * (a book compiled on the Extract tab).
 */
export const SOURCE_TYPES = ['url', 'upload', 'collection', 'extraction'] as const;
export const SourceTypeSchema = z.enum(SOURCE_TYPES);
export type SourceType = z.infer<typeof SourceTypeSchema>;

/**
 * A student paper's title-page elements besides title and author (APA 7th ed. 2.3: affiliation, course, instructor,
 * due date; MLA Handbook 9th ed. 1.3: the heading block), printed by the academic layouts only; each optional,
 * at most 200 characters, printed as typed.
 */
export const PaperDetailsSchema = z.object({
  affiliation: z.string().trim().max(200, { error: 'Affiliation must be at most 200 characters' }).optional(),
  course: z.string().trim().max(200, { error: 'Course must be at most 200 characters' }).optional(),
  instructor: z.string().trim().max(200, { error: 'Instructor must be at most 200 characters' }).optional(),
  dueDate: z.string().trim().max(200, { error: 'Due date must be at most 200 characters' }).optional(),
});
export type PaperDetails = z.infer<typeof PaperDetailsSchema>;

/**
 * What a book's own title page says besides title and author, printed on Quire's title and copyright pages and
 * written to the EPUB package document: found by cleanup in the source's title page, editable in Basic Metadata.
 * Each optional, at most 200 characters, as typed (`subtitle`: "or, The Modern Prometheus"; `translator`:
 * "Louise and Aylmer Maude"; `editor`: "H. H. Milman"; `publisher`: the publisher of this edition; `edition`:
 * "Second Edition").
 */
export const EditionDetailsSchema = z.object({
  subtitle: z.string().trim().max(200, { error: 'Subtitle must be at most 200 characters' }).optional(),
  translator: z.string().trim().max(200, { error: 'Translator must be at most 200 characters' }).optional(),
  editor: z.string().trim().max(200, { error: 'Editor must be at most 200 characters' }).optional(),
  publisher: z.string().trim().max(200, { error: 'Publisher must be at most 200 characters' }).optional(),
  edition: z.string().trim().max(200, { error: 'Edition must be at most 200 characters' }).optional(),
});
export type EditionDetails = z.infer<typeof EditionDetailsSchema>;

/**
 * What cleanup read from the source about the edition and that the Format form does not edit: what the editor did
 * (`editor`, `annotator` "With notes by", `compiler`), the other contributors' credits, where the text comes from (`Text from Project Gutenberg eBook
 * #84`), and whether the text is in the public domain (the copyright page then says so).
 */
export const SourceDetailsSchema = z.object({
  editorRole: z.enum(['editor', 'annotator', 'compiler']).optional(),
  sourceCredit: z.string().trim().max(400).optional(),
  publicDomain: z.boolean().optional(),
  /** Other contributors as the source's title page credits them (`Illustrations by Hugh Thomson`). */
  credits: z.array(z.string().trim().max(200)).max(20).optional(),
});
export type SourceDetails = z.infer<typeof SourceDetailsSchema>;

/** Book metadata (accounts spec section 3 "book metadata"; workspace spec section 3 and 5). */
export const BookMetadataSchema = EditionDetailsSchema.extend(SourceDetailsSchema.shape).extend({
  description: z.string().optional(),
  categories: z.array(z.string()).default([]),
  keywords: z.array(z.string()).default([]),
  language: z.string().default('en'),
  publicationYear: z.number().int().optional(),
  isbn: z.string().optional(),
  /** Student paper elements for the academic layouts (not in the spec's list; added for APA/MLA title pages). */
  paper: PaperDetailsSchema.optional(),
  /** The paperback's paper (KDP: white or cream), for its spine width and page limit; absent: white. */
  paperType: PaperTypeSchema.optional(),
});
export type BookMetadata = z.infer<typeof BookMetadataSchema>;

/** One line of the cleanup report: what a pass did, e.g. `{ id: 'boilerplate', label: 'Lines of boilerplate removed', count: 312 }`. */
export const CleanReportItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  count: z.number().int(),
});


/**
 * What cleanup did, shown in the Clean tab; `diagnostics` what the import could not keep or had to change (a
 * missing image, a LaTeX command left out), absent on books imported before they were kept; `structure` what
 * Quire found in the text and where its structure looks unreliable, absent on books cleaned before it was kept.
 */
export const CleanReportSchema = z.object({
  passes: z.array(CleanReportItemSchema),
  chaptersFound: z.number().int(),
  partsFound: z.number().int(),
  wordCount: z.number().int(),
  diagnostics: z.array(DiagnosticSchema).optional(),
  structure: StructureSummarySchema.optional(),
});
export type CleanReport = z.infer<typeof CleanReportSchema>;

/** A book in full, as GET /api/books/:id answers (workspace spec section 3). */
export const BookSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  sourceUrl: z.string().nullable(),
  sourceType: z.string(),
  originalText: z.string(),
  cleanedText: z.string().nullable(),
  formattedText: z.string().nullable(),
  cleanReport: CleanReportSchema.nullable(),
  metadata: BookMetadataSchema,
  genre: z.string().nullable(),
  /** Layout chosen at Format time (`kdp-6x9`), null before. */
  layoutId: z.string().nullable(),
  /** Settings the user customised over that layout (Advanced Custom); null or absent: the layout's own. */
  layoutSettings: FormattingSettingsSchema.nullish(),
  /** Page count and KDP adjustments of the last format (null or absent before it). */
  layoutReport: LayoutReportSchema.nullish(),
  status: BookStatusSchema,
  wordCount: z.number().int(),
  isFreeTrial: z.boolean(),
  wasTruncated: z.boolean(),
  /**
   * Words of the whole text when a free-trial book's working text was cut to TRIAL_WORD_LIMIT (`wasTruncated`);
   * null otherwise. The cut words are kept and come back when the document is paid for or a plan starts.
   */
  originalWordCount: z.number().int().nonnegative().nullable(),
  createdAt: z.string(),
});
export type Book = z.infer<typeof BookSchema>;

/** A book in the list of GET /api/books (no texts). */
export const BookSummarySchema = BookSchema.pick({
  id: true,
  title: true,
  author: true,
  status: true,
  wordCount: true,
  createdAt: true,
});
export type BookSummary = z.infer<typeof BookSummarySchema>;

export const BookListSchema = z.array(BookSummarySchema);

/** Path parameter `:id` of every book route. */
export const BookIdParamsSchema = z.object({ id: z.string().min(1).max(ID_MAX_CHARS) });

/**
 * POST /api/books/:id/save-text body. Max 5 MB of text (accounts spec section 9): the server measures the UTF-8
 * bytes (413); the schema bounds the characters by what the route's body limit lets through ({@link SAVE_TEXT_MAX_CHARS}).
 */
export const SaveTextBodySchema = z.object({
  text: z
    .string()
    .min(1, { error: 'The text cannot be empty' })
    .max(SAVE_TEXT_MAX_CHARS, { error: 'The text is too large. Text must be less than 5MB.' }),
});
export type SaveTextBody = z.infer<typeof SaveTextBodySchema>;

/** The highest publication year the form accepts (workspace spec section 5: max 2024). */
export const PUBLICATION_YEAR_MAX = 2024;
export const PUBLICATION_YEAR_MIN = 1000;

/**
 * POST /api/books/:id/format body: genre and metadata (workspace spec section 5, "Basic metadata";
 * accounts spec section 5, "Book details form").
 */
export const FormatBodySchema = z.object({
  genre: z
    .string({ error: 'Please select a genre' })
    .min(1, { error: 'Please select a genre' })
    .max(ID_MAX_CHARS, { error: `Genre must be at most ${ID_MAX_CHARS} characters` }),
  metadata: z.object({
    description: z
      .string({ error: 'Description must be at least 10 characters' })
      .min(10, { error: 'Description must be at least 10 characters' })
      .max(DESCRIPTION_MAX_CHARS, { error: `Description must be at most ${DESCRIPTION_MAX_CHARS.toLocaleString('en-US')} characters` }),
    categories: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(METADATA_TERM_MAX_CHARS, { error: `Each category must be at most ${METADATA_TERM_MAX_CHARS} characters` }),
      )
      .default([]),
    keywords: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(METADATA_TERM_MAX_CHARS, { error: `Each keyword must be at most ${METADATA_TERM_MAX_CHARS} characters` }),
      )
      .default([]),
    language: z.enum(METADATA_LANGUAGES).default('en'),
    publicationYear: z
      .number()
      .int()
      .min(PUBLICATION_YEAR_MIN, { error: `Publication year must be ${PUBLICATION_YEAR_MIN} or later` })
      .max(PUBLICATION_YEAR_MAX, { error: `Publication year must be ${PUBLICATION_YEAR_MAX} or earlier` })
      .optional(),
    isbn: z
      .string()
      .trim()
      .max(ISBN_MAX_CHARS, { error: 'ISBN must look like 978-0-123456-78-9' })
      .regex(/^(97[89][- ]?)?\d{1,5}[- ]?\d{1,7}[- ]?\d{1,7}[- ]?[\dX]$/, {
        error: 'ISBN must look like 978-0-123456-78-9',
      })
      .optional()
      .or(z.literal('')),
    paper: PaperDetailsSchema.optional(),
    paperType: PaperTypeSchema.optional(),
  }).extend(EditionDetailsSchema.shape),
  /**
   * Layout to format with (a template or style-guide id). Absent: the book keeps the layout (and custom settings)
   * it has, or gets Amazon KDP 6x9 when it has none.
   */
  layoutId: z.string().min(1).max(ID_MAX_CHARS).optional(),
});
export type FormatBody = z.input<typeof FormatBodySchema>;
