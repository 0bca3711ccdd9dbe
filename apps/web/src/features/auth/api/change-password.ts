import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, MessageBody } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/user/change-password: the server ends the user's other sessions and keeps this one. */
export function changePassword(body: ChangePasswordBody): Promise<MessageBody> {
  return apiRequest<MessageBody>('POST', '/api/user/change-password', body);
}

/** Changes the password; a 400 carries the server's message ('Current password is incorrect'). */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
