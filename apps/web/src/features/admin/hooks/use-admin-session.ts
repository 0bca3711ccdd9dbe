import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminSession } from '@quire/contracts';
import { adminKeys } from '../api/admin-keys.ts';

/** Said on the gate when the server ends the session under the dashboard (it expired). */
export const SESSION_ENDED_NOTICE = 'Your admin session has ended. Enter the password again.';

/**
 * The admin page's locked/unlocked state (accounts spec section 4). The session lives in component state only, never
 * in storage, so a reload locks the page again. Locking forgets the session and the figures it loaded; `notice` says
 * why, when it was not the admin's own doing.
 */
export function useAdminSession() {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<AdminSession | null>(null);
  const [notice, setNotice] = useState<string | undefined>(undefined);

  const unlock = useCallback((next: AdminSession) => {
    setNotice(undefined);
    setSession(next);
  }, []);

  const lock = useCallback(
    (reason?: string) => {
      setSession(null);
      setNotice(reason);
      queryClient.removeQueries({ queryKey: adminKeys.all });
    },
    [queryClient],
  );

  const endSession = useCallback(() => lock(SESSION_ENDED_NOTICE), [lock]);

  return { session, notice, unlock, lock, endSession };
}
