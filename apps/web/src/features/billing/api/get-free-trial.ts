import { queryOptions, useQuery } from '@tanstack/react-query';
import { FreeTrialSchema, type FreeTrial } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

/**
 * GET /api/user/free-trial: whether the user is on the free trial and how many of its exports are used.
 * @throws Error("<status>: <body>") from the request helper (401 when signed out), or a parse error.
 */
export async function getFreeTrial(): Promise<FreeTrial> {
  return FreeTrialSchema.parse(await apiRequest<unknown>('GET', '/api/user/free-trial'));
}

/** Query options of {@link getFreeTrial}; read again each time the banner opens (an export uses the trial). */
export function freeTrialQueryOptions() {
  return queryOptions({ queryKey: billingKeys.freeTrial(), queryFn: getFreeTrial, refetchOnMount: 'always' });
}

/** Hook of {@link freeTrialQueryOptions}. */
export function useFreeTrial() {
  return useQuery(freeTrialQueryOptions());
}
