import { useMutation } from '@tanstack/react-query';
import { MessageBodySchema, type MessageBody, type NewsletterSubscribeBody } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/newsletter/subscribe: mails a confirmation link (double opt-in); the same answer for any address.
 * @throws Error("<status>: <body>") from the request helper (400 for a bad address, 429 when asked too often).
 */
export async function subscribeToNewsletter(body: NewsletterSubscribeBody): Promise<MessageBody> {
  return MessageBodySchema.parse(await apiRequest<unknown>('POST', '/api/newsletter/subscribe', body));
}

/**
 * POST /api/newsletter/confirm or /api/newsletter/unsubscribe with a mailed link's token.
 * @throws Error("400: ...") for a link that is unknown, used or expired.
 */
export async function followNewsletterLink(action: 'confirm' | 'unsubscribe', token: string): Promise<MessageBody> {
  return MessageBodySchema.parse(await apiRequest<unknown>('POST', `/api/newsletter/${action}`, { token }));
}

/** Mutation of {@link subscribeToNewsletter}. */
export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
