import { z } from 'zod';

/** Every error answer of the API: `{ message }`, a sentence a person understands. */
export const ErrorBodySchema = z.object({
  message: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Generic success answer without data (e.g. logout). */
export const MessageBodySchema = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBodySchema>;
