import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PreferencesSchema, type Preferences } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { preferencesKeys } from './get-preferences.ts';

/**
 * POST /api/user/preferences with the whole preferences object (accounts spec section 4: "every change
 * saves the whole preferences object at once").
 * @returns the preferences as saved: the server's answer when it is a preferences object, else what was sent.
 * @throws Error("<status>: <body>") from the request helper.
 */
export async function savePreferences(preferences: Preferences): Promise<Preferences> {
  const body = await apiRequest<unknown>('POST', '/api/user/preferences', preferences);
  const saved = PreferencesSchema.safeParse(body);
  return saved.success ? saved.data : preferences;
}

/**
 * Mutation of {@link savePreferences}. Saves run one after another (a shared mutation scope), so quick
 * successive changes reach the server in the order they were made and the last one wins.
 */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    scope: { id: 'preferences' },
    onSuccess: (saved) => queryClient.setQueryData(preferencesKeys.all, saved),
  });
}
