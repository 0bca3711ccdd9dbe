import { z } from 'zod';
import { FULL_NAME_MAX_CHARS, TITLE_MAX_CHARS, URL_MAX_CHARS } from './limits.ts';

/** Upload limit (accounts spec section 9): files under 10 MB. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Text limit (accounts spec section 9): text under 5 MB (UTF-8 bytes after decoding). */
export const MAX_TEXT_BYTES = 5 * 1024 * 1024;

/** POST /api/import JSON body (accounts spec section 5: 'Please enter a valid URL'). */
export const ImportUrlBodySchema = z.object({
  url: z
    .string({ error: 'Please enter a valid URL' })
    .trim()
    .max(URL_MAX_CHARS, { error: `URL must be at most ${URL_MAX_CHARS.toLocaleString('en-US')} characters` })
    .pipe(z.url({ protocol: /^https?$/, error: 'Please enter a valid URL' })),
});
export type ImportUrlBody = z.infer<typeof ImportUrlBodySchema>;

/** POST /api/import answer: the new book's id, title and author (accounts spec section 3). */
export const ImportResponseSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
});
export type ImportResponse = z.infer<typeof ImportResponseSchema>;

/** File types an upload may have (issue: import every source), by extension, for the file picker's `accept`. */
export const SUPPORTED_UPLOAD_EXTENSIONS = ['.txt', '.md', '.markdown', '.html', '.htm', '.xhtml', '.docx', '.epub', '.pdf', '.zip'] as const;

/** How the texts of a collection are ordered (accounts spec section 3 "Collection input"). */
export const COMBINE_METHODS = ['sequential', 'by_author', 'by_title'] as const;
export const CombineMethodSchema = z.enum(COMBINE_METHODS);
export type CombineMethod = z.infer<typeof CombineMethodSchema>;

/** Collection size (accounts spec section 9): 2 to 10 URLs. */
export const COLLECTION_MIN_URLS = 2;
export const COLLECTION_MAX_URLS = 10;

/** POST /api/books/import-multiple body (accounts spec section 5, "Collection"). */
export const ImportCollectionBodySchema = z.object({
  urls: z
    .array(
      z
        .string({ error: 'Each URL must be valid' })
        .trim()
        .max(URL_MAX_CHARS, { error: `Each URL must be at most ${URL_MAX_CHARS.toLocaleString('en-US')} characters` })
        .pipe(z.url({ protocol: /^https?$/, error: 'Each URL must be valid' })),
    )
    .min(COLLECTION_MIN_URLS, { error: 'At least 2 URLs required' })
    .max(COLLECTION_MAX_URLS, { error: 'Maximum 10 books allowed' }),
  collectionTitle: z
    .string({ error: 'Collection title is required' })
    .trim()
    .min(1, { error: 'Collection title is required' })
    .max(TITLE_MAX_CHARS, { error: `Collection title must be at most ${TITLE_MAX_CHARS} characters` }),
  /** Blank means: the common author of the texts, or 'Various'. */
  collectionAuthor: z
    .string()
    .trim()
    .max(FULL_NAME_MAX_CHARS, { error: `Collection author must be at most ${FULL_NAME_MAX_CHARS} characters` })
    .optional(),
  combineMethod: CombineMethodSchema.default('sequential'),
});
export type ImportCollectionBody = z.input<typeof ImportCollectionBodySchema>;

/** One URL of a collection that could not be imported, with the reason a person can act on. */
export const FailedImportSchema = z.object({ url: z.string(), message: z.string() });

/** POST /api/books/import-multiple answer (accounts spec section 3 "Book import responses"). */
export const ImportCollectionResponseSchema = z.object({
  book: z.object({ id: z.string(), title: z.string() }),
  successfulImports: z.number().int(),
  failedImports: z.array(FailedImportSchema),
});
export type ImportCollectionResponse = z.infer<typeof ImportCollectionResponseSchema>;
