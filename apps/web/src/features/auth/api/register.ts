import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, RegisterBody } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';

/** POST /api/auth/register. */
export function register(body: RegisterBody): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('POST', '/api/auth/register', body);
}

export function useRegister() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({ mutationFn: register, onSuccess: completeSignIn });
}
