import { queryOptions, useQuery } from '@tanstack/react-query';
import { PlanCatalogueSchema, type OneTimeOffer, type PlanCatalogue, type SubscriptionOffer, type SubscriptionPlan } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

/**
 * GET /api/plans (public): the one price catalogue every price on these pages comes from (US cents).
 * @throws Error("<status>: <body>") from the request helper, or a parse error for an answer that is not the contract's.
 */
export async function getPlanCatalogue(): Promise<PlanCatalogue> {
  return PlanCatalogueSchema.parse(await apiRequest<unknown>('GET', '/api/plans'));
}

/** Query options of {@link getPlanCatalogue}; prices hold for the life of the page. */
export function planCatalogueQueryOptions() {
  return queryOptions({ queryKey: billingKeys.plans(), queryFn: getPlanCatalogue });
}

/** Hook of {@link planCatalogueQueryOptions}. */
export function usePlanCatalogue() {
  return useQuery(planCatalogueQueryOptions());
}

/** The catalogue's subscription `plan`, if it offers it. */
export function findSubscription(catalogue: PlanCatalogue | undefined, plan: SubscriptionPlan | null | undefined): SubscriptionOffer | undefined {
  return plan ? catalogue?.subscriptions.find((s) => s.id === plan) : undefined;
}

/** The catalogue's one-time purchase `id` (`document`, `thesis`, `concierge`), if it offers it. */
export function findOneTime(catalogue: PlanCatalogue | undefined, id: OneTimeOffer['id']): OneTimeOffer | undefined {
  return catalogue?.oneTime.find((o) => o.id === id);
}
