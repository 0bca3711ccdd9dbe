import { queryOptions, useQuery } from '@tanstack/react-query';
import { PreferencesSchema, type Preferences } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Query keys of the preferences area. */
export const preferencesKeys = {
  all: ['preferences'] as const,
};

/**
 * GET /api/user/preferences: the signed-in user's defaults for new books.
 * @returns the preferences with every field set: a field the server leaves out takes the contract's default
 *   (`autoCleanImports` unset is true, accounts spec section 3).
 * @throws Error("<status>: <body>") from the request helper (401 when signed out).
 */
export async function getPreferences(): Promise<Preferences> {
  const body = await apiRequest<unknown>('GET', '/api/user/preferences');
  return PreferencesSchema.parse(body ?? {});
}

/**
 * Query options of {@link getPreferences}. `enabled` is false until the card is expanded: the spec loads
 * preferences only while the panel is open (accounts spec sections 4 and 7).
 */
export function preferencesQueryOptions({ enabled }: { enabled: boolean }) {
  return queryOptions({ queryKey: preferencesKeys.all, queryFn: getPreferences, enabled });
}

/** Hook of {@link preferencesQueryOptions}. */
export function usePreferences({ enabled }: { enabled: boolean }) {
  return useQuery(preferencesQueryOptions({ enabled }));
}
