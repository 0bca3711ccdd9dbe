import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginBody } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';

/** POST /api/auth/login. */
export function login(body: LoginBody): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('POST', '/api/auth/login', body);
}

export function useLogin() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({ mutationFn: login, onSuccess: completeSignIn });
}
