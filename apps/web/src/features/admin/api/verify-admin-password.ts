import { useMutation } from '@tanstack/react-query';
import { AdminSessionSchema, type AdminPasswordBody, type AdminSession } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { getErrorMessage, getErrorStatus } from '../../../lib/errors.ts';

/** POST /api/admin/verify-password: a short-lived admin session when the password is right. */
export async function verifyAdminPassword(body: AdminPasswordBody): Promise<AdminSession> {
  return AdminSessionSchema.parse(await apiRequest<unknown>('POST', '/api/admin/verify-password', body));
}

/** Verifies the admin password; the page keeps the session it answers in memory only. */
export function useVerifyAdminPassword() {
  return useMutation({ mutationFn: verifyAdminPassword });
}

/**
 * The gate's words for a failed verification (accounts spec section 10): 'Authentication failed' when no answer
 * came (the network, or an answer that is not a session); the server's own message when it is rate-limiting (429)
 * or has admin turned off (503), since those say what to do; 'Invalid password' for any other non-OK answer.
 */
export function verifyErrorMessage(error: unknown): string {
  const status = getErrorStatus(error);
  if (status === null) return 'Authentication failed';
  if (status === 429) return getErrorMessage(error, 'Too many attempts. Please wait a few minutes and try again.');
  if (status === 503) return getErrorMessage(error, 'Admin is not enabled on this server.');
  return 'Invalid password';
}
