import type { SubscriptionOffer } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { takesPayments, useBillingConfig } from '../api/get-billing-config.ts';
import { currentPlan, useSubscription } from '../api/get-subscription.ts';
import { useChoosePlan } from '../hooks/use-choose-plan.ts';
import { NOT_CONFIGURED_DETAIL, NOT_CONFIGURED_TITLE } from './payments-not-configured.tsx';

/**
 * The button of a plan card in the home screen's pricing section: 'Current Plan' (disabled) for the plan in force,
 * else 'Choose …', which changes the plan or opens its checkout like the 'Choose Your Plan' dialog. None while the
 * server's payment settings are unknown, or when it takes no payments.
 */
export function PlanChoiceButton({ offer }: { offer: SubscriptionOffer }) {
  const config = useBillingConfig();
  const subscription = useSubscription();
  const { choose, pendingPlan } = useChoosePlan();
  if (!config.data || !takesPayments(config.data)) return null;
  const current = currentPlan(subscription.data) === offer.id;
  const pending = pendingPlan === offer.id;
  return (
    <Button
      className="w-full"
      variant={current || !offer.mostPopular ? 'secondary' : 'primary'}
      disabled={current || pendingPlan !== null || subscription.isPending}
      onClick={() => choose(offer.id)}
    >
      {pending && <Spinner />}
      {current ? 'Current Plan' : pending ? `Choosing ${offer.name}...` : `Choose ${offer.name}`}
    </Button>
  );
}

/** The note under the home screen's prices: how they are billed, or that this server takes no payments. */
export function PricingNote() {
  const config = useBillingConfig();
  if (config.data && !takesPayments(config.data)) return `${NOT_CONFIGURED_TITLE} ${NOT_CONFIGURED_DETAIL}`;
  return 'Prices in US dollars, billed monthly by Stripe. Your account starts with 1 free export of up to 25 pages.';
}
