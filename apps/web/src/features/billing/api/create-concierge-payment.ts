import { useMutation } from '@tanstack/react-query';
import { ClientSecretSchema, type ClientSecret, type ConciergeInquiry } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/create-concierge-payment { projectData } (accounts spec section 7; signed-in users only): sets up the
 * Academic Concierge payment and answers the client secret, with the catalogue's amount and description.
 * @throws Error("<status>: <body>") from the request helper (401 signed out, 503 payments not configured), or a parse
 *   error.
 */
export async function createConciergePayment(projectData: ConciergeInquiry): Promise<ClientSecret> {
  return ClientSecretSchema.parse(await apiRequest<unknown>('POST', '/api/create-concierge-payment', { projectData }));
}

/** Mutation of {@link createConciergePayment}. */
export function useCreateConciergePayment() {
  return useMutation({ mutationFn: createConciergePayment });
}
