import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { EMAIL_MAX_CHARS, EMAIL_TOO_LONG_MESSAGE, MessageBodySchema, type MessageBody, type NewsletterLeadBody } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The e-mail rule of the popup's form: trimmed, then a valid address of at most EMAIL_MAX_CHARS characters (the
 * messages match the auth forms).
 */
export const LeadEmailSchema = z
  .string({ error: 'Please enter your email address' })
  .trim()
  .min(1, { error: 'Please enter your email address' })
  .max(EMAIL_MAX_CHARS, { error: EMAIL_TOO_LONG_MESSAGE })
  .pipe(z.email({ error: 'Please enter a valid email address' }));

/**
 * POST /api/newsletter/leads: stores an e-mail address as a newsletter lead (accounts spec section 2, exit-intent
 * popup). Answers 201 `{ message }`.
 * @throws Error("<status>: <body>") from the request helper (a 400 for an address the server refuses).
 */
export async function createLead(body: NewsletterLeadBody): Promise<MessageBody> {
  return MessageBodySchema.parse(await apiRequest<unknown>('POST', '/api/newsletter/leads', body));
}

/**
 * Mutation of {@link createLead}. Nothing is cached or invalidated: a lead is never read back by the web app. The
 * popup ignores failures (the visitor goes on to sign-up either way), so no retry either.
 */
export function useCreateLead() {
  return useMutation({ mutationFn: createLead });
}
