import { useMutation } from '@tanstack/react-query';
import { ClientSecretSchema, type ClientSecret } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * What a payment page sets up: one document or the thesis package for a book, a Standard or Premium subscription,
 * or the Publisher Plan.
 */
export type PaymentRequest =
  | { kind: 'document' | 'thesis'; bookId: string }
  | { kind: 'subscription'; plan: 'standard' | 'premium' }
  | { kind: 'publisher' };

/**
 * Sets up a payment at the server and answers the client secret Stripe's Payment Element confirms:
 * POST /api/create-payment-intent { type, bookId }, POST /api/get-or-create-subscription { plan }, or
 * POST /api/create-publisher-subscription {}. The amount is the server's, from the catalogue.
 * @throws Error("<status>: <body>") from the request helper, or a parse error.
 */
export async function createPayment(request: PaymentRequest): Promise<ClientSecret> {
  let body: unknown;
  switch (request.kind) {
    case 'document':
    case 'thesis':
      body = await apiRequest<unknown>('POST', '/api/create-payment-intent', { type: request.kind, bookId: request.bookId });
      break;
    case 'subscription':
      body = await apiRequest<unknown>('POST', '/api/get-or-create-subscription', { plan: request.plan });
      break;
    case 'publisher':
      body = await apiRequest<unknown>('POST', '/api/create-publisher-subscription', {});
      break;
  }
  return ClientSecretSchema.parse(body);
}

/** Mutation of {@link createPayment}. */
export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}

/** Whether a payment is for one book (a document or the thesis package) rather than a plan. */
export function isBookPayment(request: PaymentRequest): request is Extract<PaymentRequest, { bookId: string }> {
  return request.kind === 'document' || request.kind === 'thesis';
}
