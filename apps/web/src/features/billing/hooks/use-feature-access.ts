import type { PlanFeature } from '@quire/contracts';
import type { FeatureAccess } from '../../../lib/plan-features.ts';
import { usePlanCatalogue } from '../api/get-plans.ts';
import { useSubscription } from '../api/get-subscription.ts';
import { featureAccess } from '../lib/feature-access.ts';

/**
 * Whether the signed-in user's plan has `feature` (see {@link featureAccess}), for a page to hand to the areas that
 * show it (the Publisher plan's batch import and ZIP export on the home screen).
 */
export function useFeatureAccess(feature: PlanFeature): FeatureAccess {
  const subscription = useSubscription();
  const catalogue = usePlanCatalogue();
  return featureAccess(feature, subscription, catalogue);
}
