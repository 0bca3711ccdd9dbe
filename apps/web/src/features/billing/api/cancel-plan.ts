import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SubscriptionSchema, type Subscription } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

/**
 * POST /api/user/subscription/cancel { cancelAtPeriodEnd }: true ends the plan at the end of the period paid for,
 * false keeps it renewing. Answers the subscription as Stripe now has it.
 * @throws Error("<status>: <body>") from the request helper (409 without a plan in force), or a parse error.
 */
export async function setPlanCancellation(cancelAtPeriodEnd: boolean): Promise<Subscription> {
  return SubscriptionSchema.parse(await apiRequest<unknown>('POST', '/api/user/subscription/cancel', { cancelAtPeriodEnd }));
}

/**
 * Mutation of {@link setPlanCancellation}: the card shows Stripe's answer at once; the stored plan follows Stripe's
 * webhook, so the user's figures are read again afterwards.
 */
export function usePlanCancellation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPlanCancellation,
    onSuccess: (subscription) => {
      queryClient.setQueryData(billingKeys.subscription(), subscription);
      void queryClient.invalidateQueries({ queryKey: billingKeys.subscription(), refetchType: 'none' });
    },
  });
}
