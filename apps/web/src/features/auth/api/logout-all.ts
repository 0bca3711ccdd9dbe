import { useMutation } from '@tanstack/react-query';
import type { MessageBody } from '@quire/contracts';
import { useLocation } from 'wouter';
import { toast } from '../../../components/ui/use-toast.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndLocalSession } from '../hooks/use-end-local-session.ts';

/** POST /api/auth/logout-all: ends every session of the user, this one included. */
export function logoutAll(): Promise<MessageBody> {
  return apiRequest<MessageBody>('POST', '/api/auth/logout-all');
}

/**
 * Sign out everywhere: on success this browser forgets its session too and goes to /login with a notice. That
 * happens here rather than in the caller because the account page unmounts as soon as nobody is signed in.
 */
export function useLogoutAll() {
  const endLocalSession = useEndLocalSession();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: logoutAll,
    onSuccess: () => {
      navigate('/login');
      endLocalSession();
      toast({ variant: 'success', title: 'Signed out everywhere', description: 'Every session of your account has ended.' });
    },
  });
}
