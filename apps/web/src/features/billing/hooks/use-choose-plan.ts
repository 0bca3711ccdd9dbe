import { useLocation } from 'wouter';
import type { SubscriptionPlan } from '@quire/contracts';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/errors.ts';
import { safeReturnPath } from '../../../lib/return-path.ts';
import { useUpgradePlan } from '../api/upgrade-plan.ts';

/**
 * Choosing a plan (accounts spec sections 4, 7 and 8): POST /api/user/upgrade; a live subscription moved to the plan
 * says 'Plan updated!' and the plan's figures are read again; a plan to pay for first opens its checkout page; a
 * failure says 'Upgrade failed' with the server's message, or 'Please try again'. `onDone` runs after either success.
 */
export function useChoosePlan({ onDone }: { onDone?: () => void } = {}) {
  const upgrade = useUpgradePlan();
  const [, navigate] = useLocation();
  const choose = (plan: SubscriptionPlan) =>
    upgrade.mutate(plan, {
      onSuccess: (result) => {
        onDone?.();
        if (result.status === 'updated') toast({ variant: 'success', title: 'Plan updated!' });
        // The checkout path comes from the server; it is followed only when it is a page of this site.
        else navigate(safeReturnPath(result.checkoutPath));
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Upgrade failed', description: getErrorMessage(error, 'Please try again') }),
    });
  return { choose, pendingPlan: upgrade.isPending ? (upgrade.variables ?? null) : null };
}
