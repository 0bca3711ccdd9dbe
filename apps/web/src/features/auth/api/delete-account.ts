import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '@quire/contracts';
import { useLocation } from 'wouter';
import { toast } from '../../../components/ui/use-toast.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useEndLocalSession } from '../hooks/use-end-local-session.ts';

/** DELETE /api/user: deletes the account and everything of it, confirmed by the password (204). */
export async function deleteAccount(body: DeleteAccountBody): Promise<void> {
  await apiFetch('DELETE', '/api/user', body);
}

/**
 * Deletes the account: on success this browser forgets the session and goes to / with a notice (here rather than
 * in the caller, because the account page unmounts as soon as nobody is signed in).
 */
export function useDeleteAccount() {
  const endLocalSession = useEndLocalSession();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      // Leave the signed-in page first, so that it does not send the visitor to /login on the way.
      navigate('/');
      endLocalSession();
      toast({ variant: 'success', title: 'Account deleted', description: 'Your account and everything in it have been removed.' });
    },
  });
}
