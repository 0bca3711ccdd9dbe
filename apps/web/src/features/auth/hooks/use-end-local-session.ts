import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { clearSession } from '../../../lib/auth-storage.ts';
import { authKeys } from '../api/auth-keys.ts';

/**
 * Signs this browser out without asking the server (accounts spec section 4, logout): forgets the token and
 * user and clears cached data, leaving "nobody signed in" as the current user so signed-in pages redirect at once.
 * Used after logout, after the server ended every session (sign out everywhere, password reset) and after the
 * account was deleted, when the stored token no longer opens anything.
 */
export function useEndLocalSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearSession();
    queryClient.clear();
    queryClient.setQueryData(authKeys.user(), null);
  }, [queryClient]);
}
