import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** Collection limits (accounts spec section 9): 2 to 10 URLs. */
export const COLLECTION_MIN_URLS = 2;
export const COLLECTION_MAX_URLS = 10;

export const COMBINE_METHODS = ['sequential', 'by_author', 'by_title'] as const;
export type CombineMethod = (typeof COMBINE_METHODS)[number];

/** POST /api/books/import-multiple body (accounts spec sections 3 and 5). */
export type ImportCollectionBody = {
  urls: string[];
  collectionTitle: string;
  /** Blank means: detect the author. */
  collectionAuthor?: string;
  combineMethod: CombineMethod;
};

/** POST /api/books/import-multiple answer: the combined book and how many imports succeeded. */
export type ImportCollectionResponse = {
  book: { id: string; title: string };
  successfulImports: number;
};

/** The collection form, with the spec's messages (accounts spec section 5). */
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
  collectionTitle: z.string().trim().min(1, { error: 'Collection title is required' }),
  collectionAuthor: z.string().trim(),
  combineMethod: z.enum(COMBINE_METHODS),
});
export type CollectionFormInput = z.input<typeof CollectionFormSchema>;
export type CollectionFormValues = z.output<typeof CollectionFormSchema>;

export function toImportCollectionBody(values: CollectionFormValues): ImportCollectionBody {
  return {
    urls: values.urls.map((u) => u.value),
    collectionTitle: values.collectionTitle,
    ...(values.collectionAuthor ? { collectionAuthor: values.collectionAuthor } : {}),
    combineMethod: values.combineMethod,
  };
}

export function importCollection(body: ImportCollectionBody): Promise<ImportCollectionResponse> {
  return apiRequest<ImportCollectionResponse>('POST', '/api/books/import-multiple', body);
}

export function useImportCollection() {
  return useMutation({ mutationFn: importCollection });
}
