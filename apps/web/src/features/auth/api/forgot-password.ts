import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, ForgotPasswordResponse } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/forgot-password: e-mails a reset link when the address has an account (the answer is the same either way). */
export function requestPasswordReset(body: ForgotPasswordBody): Promise<ForgotPasswordResponse> {
  return apiRequest<ForgotPasswordResponse>('POST', '/api/auth/forgot-password', body);
}

/** Sends the forgot-password request; the form shows the sent view on success. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
