import { useState } from 'react';
import { Link } from 'wouter';
import { BadgeCheck } from 'lucide-react';
import { formatUsd, type SubscriptionPlan } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { findSubscription, usePlanCatalogue } from '../api/get-plans.ts';
import { useSubscription } from '../api/get-subscription.ts';
import type { PaymentRequest } from '../api/create-payment.ts';
import { ChoosePlanDialog } from './choose-plan-dialog.tsx';
import { PlanSummary } from './order-summary.tsx';
import { PaymentLayout, PaymentMessage } from './payment-layout.tsx';
import { PaymentSetup, SetupSpinner } from './payment-setup.tsx';
import { PaymentsGate } from './payments-gate.tsx';
import { SignInToPay } from './sign-in-to-pay.tsx';

/** Each page's words (workspace spec section 8). */
const PAGE = {
  subscription: { setupFailure: 'Failed to initialize subscription. Please try again.' },
  publisher: { setupFailure: 'Failed to initialize Publisher Plan subscription. Please try again.' },
} as const;

/** The user already has a plan in force: no second subscription; a change of plan goes through the plan dialog. */
function AlreadySubscribed({ planName, same }: { planName: string; same: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <PaymentMessage
      level={2}
      icon={<BadgeCheck aria-hidden="true" />}
      tone="success"
      title={same ? `You already have the ${planName} plan` : `You have the ${planName} plan`}
      actions={
        <>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Change Plan
          </Button>
          <Button asChild>
            <Link href="/">Go to Your Books</Link>
          </Button>
        </>
      }
    >
      <p className="text-sm">
        {same
          ? 'It is active, so there is nothing to pay here.'
          : 'A change of plan applies to your current subscription, so you are not charged twice.'}
      </p>
      <ChoosePlanDialog open={open} onOpenChange={setOpen} />
    </PaymentMessage>
  );
}

/** What the payment card holds for a signed-in user: the form, or the plan they already have. */
function SubscribeForm({ request, plan, publishableKey }: { request: PaymentRequest; plan: SubscriptionPlan; publishableKey: string }) {
  const subscription = useSubscription();
  const catalogue = usePlanCatalogue();
  if (subscription.isPending) return <SetupSpinner />;
  const current = subscription.data?.active ? subscription.data.plan : null;
  if (current) {
    const name = findSubscription(catalogue.data, current)?.name ?? current;
    return <AlreadySubscribed planName={name} same={current === plan} />;
  }
  const words = request.kind === 'publisher' ? PAGE.publisher : PAGE.subscription;
  return (
    <PaymentSetup
      request={request}
      publishableKey={publishableKey}
      setupFailure={words.setupFailure}
      failureTitle="Subscription Failed"
      payLabel={(secret) => `Subscribe - ${formatUsd(secret.amountCents)} a month`}
    />
  );
}

/**
 * /subscribe?plan=standard|premium and /subscribe-publisher (workspace spec sections 2, 4 and 8): the plan from the
 * catalogue beside Stripe's Payment Element. A visitor is asked to sign in first and brought back; a user whose plan
 * is in force is not asked to pay again; on a server that takes no payments the page says so.
 */
export function SubscriptionCheckout({ plan, signedIn, returnPath }: {
  plan: SubscriptionPlan;
  /** Whether someone is signed in (the page knows; a subscription belongs to an account). */
  signedIn: boolean;
  /** This page's address, to come back to after signing in. */
  returnPath: string;
}) {
  const catalogue = usePlanCatalogue();
  const offer = findSubscription(catalogue.data, plan);
  const below = offer ? catalogue.data?.subscriptions[catalogue.data.subscriptions.indexOf(offer) - 1] : undefined;
  const name = offer?.name ?? plan.charAt(0).toUpperCase() + plan.slice(1);
  const title = plan === 'publisher' ? 'Publisher Plan' : `Subscribe to ${name}`;
  const request: PaymentRequest = plan === 'publisher' ? { kind: 'publisher' } : { kind: 'subscription', plan };
  return (
    <PaymentsGate title={title}>
      {(publishableKey) => (
        <PaymentLayout
          title={title}
          lead={offer ? `${formatUsd(offer.priceCents)} a month. ${offer.summary}` : undefined}
          summary={<PlanSummary offer={offer} below={below} />}
        >
          {signedIn ? (
            <SubscribeForm request={request} plan={plan} publishableKey={publishableKey} />
          ) : (
            <SignInToPay returnPath={returnPath}>
              A plan belongs to your Quire account. Sign in, or create a free account, and you will come straight back
              here to start {plan === 'publisher' ? 'the Publisher Plan' : `the ${name} plan`}.
            </SignInToPay>
          )}
        </PaymentLayout>
      )}
    </PaymentsGate>
  );
}
