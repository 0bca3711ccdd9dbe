import { queryOptions, useQuery } from '@tanstack/react-query';
import { SubscriptionSchema, type Subscription } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

/**
 * GET /api/user/subscription: the signed-in user's plan, its status and this period's documents.
 * @throws Error("<status>: <body>") from the request helper (401 when signed out), or a parse error.
 */
export async function getSubscription(): Promise<Subscription> {
  return SubscriptionSchema.parse(await apiRequest<unknown>('GET', '/api/user/subscription'));
}

/**
 * Query options of {@link getSubscription}. Read again each time a screen showing it opens: an export made in the
 * workspace, or a payment confirmed by Stripe's webhook, changes it without passing through this area.
 */
export function subscriptionQueryOptions() {
  return queryOptions({ queryKey: billingKeys.subscription(), queryFn: getSubscription, refetchOnMount: 'always' });
}

/** Hook of {@link subscriptionQueryOptions}; `enabled` false for a visitor who is not signed in. */
export function useSubscription({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}

/** The plan whose features apply now (an active or trialing subscription), or null. */
export function currentPlan(subscription: Subscription | undefined): Subscription['plan'] {
  return subscription?.active ? subscription.plan : null;
}
