import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileBody, User } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { updateStoredUser } from '../../../lib/auth-storage.ts';
import { authKeys } from './auth-keys.ts';

/** PATCH /api/user/profile: first and last name (empty clears); answers the updated user. */
export function updateProfile(body: UpdateProfileBody): Promise<User> {
  return apiRequest<User>('PATCH', '/api/user/profile', body);
}

/** Saves the name and shows it at once wherever the current user is read (header, home greeting). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      updateStoredUser(user);
      queryClient.setQueryData(authKeys.user(), user);
    },
  });
}
