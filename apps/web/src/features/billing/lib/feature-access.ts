import type { PlanCatalogue, PlanFeature, Subscription } from '@quire/contracts';
import type { FeatureAccess } from '../../../lib/plan-features.ts';

/** What {@link featureAccess} reads of a query: its answer, and whether it is still loading or failed. */
type Read<T> = { data: T | undefined; isPending: boolean; isError: boolean };

/**
 * Whether the user may use `feature` (contracts PLAN_FEATURES), from their subscription and the plan catalogue, as
 * the server's entitlement check decides it: everything is open on a server that takes no payments; otherwise the
 * live plan's features apply (none of the Publisher plan's without one). A plan or catalogue that could not be read
 * is taken as `available`: the server still refuses what the plan lacks, and its refusal carries the offer.
 */
export function featureAccess(feature: PlanFeature, subscription: Read<Subscription>, catalogue: Read<PlanCatalogue>): FeatureAccess {
  if (subscription.isError) return 'available';
  if (!subscription.data) return 'checking';
  const { billingEnabled, active, plan } = subscription.data;
  if (!billingEnabled) return 'available';
  if (!active || !plan) return 'locked';
  if (catalogue.isError) return 'available';
  if (!catalogue.data) return 'checking';
  const offer = catalogue.data.subscriptions.find((s) => s.id === plan);
  return offer?.features.includes(feature) ? 'available' : 'locked';
}
