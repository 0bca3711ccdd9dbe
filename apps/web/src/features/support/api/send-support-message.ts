import { useMutation } from '@tanstack/react-query';
import { SupportMessageCreatedSchema, type SupportMessageBody, type SupportMessageCreated } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/support/messages: stores the message and mails it to the team (issue 13).
 * @throws Error("<status>: <body>") from the request helper (400 with the field's message, 429 when too many were sent).
 */
export async function sendSupportMessage(body: SupportMessageBody): Promise<SupportMessageCreated> {
  return SupportMessageCreatedSchema.parse(await apiRequest<unknown>('POST', '/api/support/messages', body));
}

/** Mutation of {@link sendSupportMessage}; the form shows the sent view on success. */
export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage });
}
