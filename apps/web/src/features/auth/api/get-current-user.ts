import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { clearSession, getToken } from '../../../lib/auth-storage.ts';
import { getErrorStatus } from '../../../lib/errors.ts';
import { authKeys } from './auth-keys.ts';

/** GET /api/auth/user: the signed-in user, or null when there is no session (a 401 gives no user). */
export async function getCurrentUser(): Promise<User | null> {
  if (!getToken()) return null;
  try {
    return await apiRequest<User>('GET', '/api/auth/user');
  } catch (error) {
    if (getErrorStatus(error) === 401) {
      // The stored token expired or was revoked: forget it.
      clearSession();
      return null;
    }
    throw error;
  }
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: authKeys.user(),
    queryFn: getCurrentUser,
    // Without a stored token the answer is known at once: nobody is signed in.
    initialData: () => (getToken() ? undefined : null),
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/** The name shown for a user: first name, else email, else 'User' (accounts spec section 2). */
export function displayName(user: Pick<User, 'firstName' | 'email'> | null | undefined): string {
  return user?.firstName?.trim() || user?.email?.trim() || 'User';
}
