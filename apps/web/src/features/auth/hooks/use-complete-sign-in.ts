import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { AuthResponse } from '@quire/contracts';
import { storeSession } from '../../../lib/auth-storage.ts';
import { authKeys } from '../api/auth-keys.ts';

/** Delay before leaving the login or register page (accounts spec section 4: about 100 ms). */
export const SIGN_IN_REDIRECT_DELAY_MS = 100;

/**
 * After a successful login or registration: store the token and user, refresh the current-user data,
 * then go to / after about 100 ms.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useCallback(
    async (response: AuthResponse) => {
      storeSession(response.token, response.user);
      queryClient.setQueryData(authKeys.user(), response.user);
      void queryClient.invalidateQueries({ queryKey: authKeys.user() });
      setTimeout(() => navigate('/'), SIGN_IN_REDIRECT_DELAY_MS);
    },
    [queryClient, navigate],
  );
}
