import { z } from 'zod';
import { UpgradeOfferSchema } from './billing.ts';

/** Every error answer of the API: `{ message }`, a sentence a person understands. */
export const ErrorBodySchema = z.object({
  message: z.string(),
  /**
   * With a 402 or 403 refused for the user's plan: the way up (billing.ts UpgradeOfferSchema), which the web shows
   * as an upgrade offer.
   */
  upgrade: UpgradeOfferSchema.optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Generic success answer without data (e.g. logout). */
export const MessageBodySchema = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBodySchema>;
