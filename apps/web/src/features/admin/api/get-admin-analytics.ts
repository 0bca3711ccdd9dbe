import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminAnalyticsSchema, type AdminAnalytics } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/**
 * GET /api/admin/analytics with the admin session's token. The answer is checked against the contract, so a
 * dashboard is drawn only from figures it understands (anything else is a failed load).
 */
export async function getAdminAnalytics(token: string): Promise<AdminAnalytics> {
  const body = await apiRequest<unknown>('GET', '/api/admin/analytics', undefined, { headers: { 'X-Admin-Token': token } });
  return AdminAnalyticsSchema.parse(body);
}

/** Query of the dashboard's figures (GET /api/admin/analytics, `X-Admin-Token: token`); a 401 ends the session. */
export function adminAnalyticsQueryOptions(token: string) {
  return queryOptions({
    queryKey: adminKeys.analytics(token),
    queryFn: () => getAdminAnalytics(token),
    // The spec asks for no retry here, whatever the app's defaults become; 'Try again' is the person's choice.
    retry: false,
  });
}

/** The dashboard's figures for the admin session `token`. */
export function useAdminAnalytics(token: string) {
  return useQuery(adminAnalyticsQueryOptions(token));
}
