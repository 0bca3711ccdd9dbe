import { useMutation } from '@tanstack/react-query';
import type { MessageBody } from '@quire/contracts';
import { useLocation } from 'wouter';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndLocalSession } from '../hooks/use-end-local-session.ts';

/** POST /api/auth/logout: ends the session on the server. */
export function logout(): Promise<MessageBody> {
  return apiRequest<MessageBody>('POST', '/api/auth/logout');
}

/**
 * Logout (accounts spec section 4): forget the token and user, clear cached data and go to /login;
 * the same happens when the call fails.
 */
export function useLogout() {
  const endLocalSession = useEndLocalSession();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      endLocalSession();
      navigate('/login');
    },
  });
}
