import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '@quire/contracts';
import { useLocation } from 'wouter';
import { apiRequest } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/auth-storage.ts';
import { authKeys } from './auth-keys.ts';

/** POST /api/auth/logout: ends the session on the server. */
export function logout(): Promise<MessageBody> {
  return apiRequest<MessageBody>('POST', '/api/auth/logout');
}

/**
 * Logout (accounts spec section 4): forget the token and user, clear cached data and go to /login;
 * the same happens when the call fails.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession();
      queryClient.clear();
      queryClient.setQueryData(authKeys.user(), null);
      navigate('/login');
    },
  });
}
