import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import {
  COLLECTION_MAX_URLS,
  COLLECTION_MIN_URLS,
  ImportCollectionBodySchema,
  type ImportCollectionBody,
  type ImportCollectionResponse,
} from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { IMPORT_REQUEST_KEY } from './import-jobs.ts';

const contract = ImportCollectionBodySchema.shape;

/**
 * The Collection form (accounts spec section 5, "Collection"). The fields are the contract's
 * `ImportCollectionBodySchema`, except the URL list: the form keeps each URL in an object (`{ value }`,
 * what react-hook-form's field arrays need) and shows 'Please enter a valid URL' under a bad entry, as the
 * spec says the import panel does ('Each URL must be valid' is the API's wording). The list bounds and
 * their messages ('At least 2 URLs required', 'Maximum 10 books allowed') are the contract's.
 */
export const CollectionFormSchema = z.object({
  urls: z
    .array(
      z.object({
        value: z
          .string()
          .trim()
          .pipe(z.url({ protocol: /^https?$/, error: 'Please enter a valid URL' })),
      }),
    )
    .min(COLLECTION_MIN_URLS, { error: 'At least 2 URLs required' })
    .max(COLLECTION_MAX_URLS, { error: 'Maximum 10 books allowed' }),
  collectionTitle: contract.collectionTitle,
  /** Always a string in the form; blank means "detect the author" and is left out of the request. */
  collectionAuthor: z.string().trim(),
  combineMethod: contract.combineMethod.unwrap(),
});
/** What the form holds while the user types. */
export type CollectionFormInput = z.input<typeof CollectionFormSchema>;
/** What the form hands over once valid (URLs and title trimmed). */
export type CollectionFormValues = z.output<typeof CollectionFormSchema>;

/**
 * The request body of a valid form: URLs as plain strings in the order listed, a blank author left out
 * (the server then uses the texts' common author, or 'Various').
 * @returns a body that `ImportCollectionBodySchema` accepts.
 */
export function toImportCollectionBody(values: CollectionFormValues): ImportCollectionBody {
  return {
    urls: values.urls.map((u) => u.value),
    collectionTitle: values.collectionTitle,
    ...(values.collectionAuthor ? { collectionAuthor: values.collectionAuthor } : {}),
    combineMethod: values.combineMethod,
  };
}

/**
 * POST /api/books/import-multiple: imports 2 to 10 URLs as the parts of one book.
 * @returns the new book (`{ id, title }`), how many URLs were imported, and the URLs that failed with the
 *   reason (`failedImports`, empty when all succeeded; an older server may leave it out, read as empty).
 * @throws Error("<status>: <body>") from the request helper; 422 'Failed to import any books' when none worked.
 */
export async function importCollection(body: ImportCollectionBody): Promise<ImportCollectionResponse> {
  const result = await apiRequest<Partial<ImportCollectionResponse> & Pick<ImportCollectionResponse, 'book' | 'successfulImports'>>(
    'POST',
    '/api/books/import-multiple',
    body,
  );
  return { ...result, failedImports: result.failedImports ?? [] };
}

/** Mutation of {@link importCollection}. */
export function useImportCollection() {
  return useMutation({ mutationKey: IMPORT_REQUEST_KEY, mutationFn: importCollection });
}
