import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpgradeResultSchema, type SubscriptionPlan, type UpgradeResult } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

/**
 * POST /api/user/upgrade { plan }: moves a live subscription to `plan` (`updated`), or answers where to pay for it
 * first (`payment-required`, with the checkout path).
 * @throws Error("<status>: <body>") from the request helper, or a parse error.
 */
export async function upgradePlan(plan: SubscriptionPlan): Promise<UpgradeResult> {
  return UpgradeResultSchema.parse(await apiRequest<unknown>('POST', '/api/user/upgrade', { plan }));
}

/** Mutation of {@link upgradePlan}; an updated plan refreshes the figures of the user's plan. */
export function useUpgradePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upgradePlan,
    onSuccess: (result) => {
      if (result.status === 'updated') void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}
