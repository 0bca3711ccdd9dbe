import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import type { AuthResponse } from '@quire/contracts';
import { storeSession } from '../../../lib/auth-storage.ts';
import { RETURN_PARAM, safeReturnPath } from '../../../lib/return-path.ts';
import { authKeys } from '../api/auth-keys.ts';

/** Delay before leaving the login or register page (accounts spec section 4: about 100 ms). */
export const SIGN_IN_REDIRECT_DELAY_MS = 100;

/**
 * After a successful login or registration: store the token and user, refresh the current-user data,
 * then after about 100 ms go to the page the visitor was sent away from (the `next` parameter of the address,
 * `lib/return-path.ts`), else to /.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const returnPath = safeReturnPath(new URLSearchParams(useSearch()).get(RETURN_PARAM));
  return useCallback(
    async (response: AuthResponse) => {
      storeSession(response.token, response.user);
      queryClient.setQueryData(authKeys.user(), response.user);
      void queryClient.invalidateQueries({ queryKey: authKeys.user() });
      setTimeout(() => navigate(returnPath), SIGN_IN_REDIRECT_DELAY_MS);
    },
    [queryClient, navigate, returnPath],
  );
}
