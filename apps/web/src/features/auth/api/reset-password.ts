import { useMutation } from '@tanstack/react-query';
import type { MessageBody, ResetPasswordBody } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndLocalSession } from '../hooks/use-end-local-session.ts';

/** POST /api/auth/reset-password: sets a new password with the token of the e-mailed link. */
export function resetPassword(body: ResetPasswordBody): Promise<MessageBody> {
  return apiRequest<MessageBody>('POST', '/api/auth/reset-password', body);
}

/**
 * Resets the password. The server ends every session of the user on success, so a session kept in this browser
 * is forgotten too: the next page is the login.
 */
export function useResetPassword() {
  const endLocalSession = useEndLocalSession();
  return useMutation({ mutationFn: resetPassword, onSuccess: () => endLocalSession() });
}
