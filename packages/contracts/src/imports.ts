import { z } from 'zod';

/** Upload limit (accounts spec section 9): files under 10 MB. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Text limit (accounts spec section 9): text under 5 MB (UTF-8 bytes after decoding). */
export const MAX_TEXT_BYTES = 5 * 1024 * 1024;

/** POST /api/import JSON body (accounts spec section 5: 'Please enter a valid URL'). */
export const ImportUrlBodySchema = z.object({
  url: z
    .string({ error: 'Please enter a valid URL' })
    .trim()
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
