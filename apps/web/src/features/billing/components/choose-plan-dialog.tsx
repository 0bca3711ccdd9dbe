import { Link } from 'wouter';
import { Check } from 'lucide-react';
import { formatUsd, type SubscriptionOffer, type SubscriptionPlan } from '@quire/contracts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../../components/ui/dialog.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { getErrorMessage } from '../../../lib/errors.ts';
import { planPoints } from '../../../lib/plan-features.ts';
import { takesPayments, useBillingConfig } from '../api/get-billing-config.ts';
import { findOneTime, usePlanCatalogue } from '../api/get-plans.ts';
import { currentPlan, useSubscription } from '../api/get-subscription.ts';
import { useChoosePlan } from '../hooks/use-choose-plan.ts';
import { checkoutPath } from '../lib/payment-paths.ts';
import { PaymentsNotConfigured } from './payments-not-configured.tsx';

/** One plan of the dialog: name, price a month, documents, features, and its button. */
function PlanOption(props: {
  offer: SubscriptionOffer;
  below: SubscriptionOffer | undefined;
  current: boolean;
  pending: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const { offer, below, current, pending, disabled, onChoose } = props;
  const titleId = `plan-option-${offer.id}`;
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col rounded-xl border p-5',
        offer.mostPopular ? 'border-accent/40 bg-surface shadow-lift ring-1 ring-accent/20' : 'border-line bg-surface',
        current && 'bg-accent-soft/40',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="font-display text-lg font-semibold">
          {offer.name}
        </h3>
        {offer.mostPopular && <Badge>Most Popular</Badge>}
      </div>
      <p className="mt-1 text-sm text-muted">{offer.summary}</p>
      <p className="mt-4 flex items-baseline gap-1.5">
        <span className="font-display text-3xl font-semibold tracking-tight">{formatUsd(offer.priceCents)}</span>
        <span className="text-sm text-muted">per month</span>
      </p>
      <ul aria-label={`${offer.name} includes`} className="mt-4 flex-1 space-y-2 text-sm text-ink-soft">
        {planPoints(offer, below).map((point) => (
          <li key={point} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
            {point}
          </li>
        ))}
      </ul>
      <Button
        className="mt-5 w-full"
        variant={current ? 'secondary' : offer.mostPopular ? 'primary' : 'secondary'}
        disabled={current || disabled}
        aria-busy={pending || undefined}
        onClick={onChoose}
      >
        {pending && <Spinner />}
        {current ? 'Current Plan' : pending ? `Choosing ${offer.name}...` : `Choose ${offer.name}`}
      </Button>
    </li>
  );
}

function PlansSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-4 md:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex flex-col gap-3 rounded-xl border border-line p-5">
          <Skeleton className="h-6 w-24" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-9 w-28" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
}

/** The dialog's body: the three plans of the catalogue, or why there is nothing to choose. */
function PlanChoices({ bookId, onDone }: { bookId: string | undefined; onDone: () => void }) {
  const config = useBillingConfig();
  const catalogue = usePlanCatalogue();
  const subscription = useSubscription();
  const { choose, pendingPlan } = useChoosePlan({ onDone });

  if (config.isPending || catalogue.isPending) {
    return (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          Loading plans...
        </p>
        <PlansSkeleton />
      </div>
    );
  }
  if (config.isSuccess && !takesPayments(config.data)) return <PaymentsNotConfigured />;
  if (config.isError || catalogue.isError) {
    return (
      <RetryAlert
        title="The plans could not be loaded."
        message={getErrorMessage(config.error ?? catalogue.error, 'Please try again.')}
        onRetry={() => {
          if (config.isError) void config.refetch();
          if (catalogue.isError) void catalogue.refetch();
        }}
      />
    );
  }

  const plans = catalogue.data.subscriptions;
  const current: SubscriptionPlan | null = currentPlan(subscription.data);
  const single = bookId ? findOneTime(catalogue.data, 'document') : undefined;
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Plans" className="grid gap-4 md:grid-cols-3">
        {plans.map((offer, i) => (
          <PlanOption
            key={offer.id}
            offer={offer}
            below={plans[i - 1]}
            current={offer.id === current}
            pending={pendingPlan === offer.id}
            disabled={pendingPlan !== null}
            onChoose={() => choose(offer.id)}
          />
        ))}
      </ul>
      <p className="text-xs text-muted">
        Prices in US dollars, billed monthly by Stripe.
        {current && ' A change of plan applies to your current subscription; you are not charged twice.'}
      </p>
      {bookId && single && (
        <p className="rounded-lg bg-paper-deep/60 px-4 py-3 text-sm text-ink-soft">
          Only need this book?{' '}
          <Link href={checkoutPath(bookId, 'document')} className="font-medium text-accent-ink underline underline-offset-4 hover:text-accent">
            Pay {formatUsd(single.priceCents)} once for this document
          </Link>
          .
        </p>
      )}
    </div>
  );
}

/**
 * 'Choose Your Plan' (accounts spec sections 2 and 4): the catalogue's three subscriptions with their price a month,
 * documents a month and features, Premium marked 'Most Popular'; the current plan's button is disabled and reads
 * 'Current Plan', any other plan can be chosen. With `bookId` it also offers paying for that one document. On a
 * server that takes no payments it says so instead.
 */
export function ChoosePlanDialog({ open, onOpenChange, bookId }: { open: boolean; onOpenChange: (open: boolean) => void; bookId?: string | undefined }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogTitle>Choose Your Plan</DialogTitle>
        <DialogDescription>Pick the plan that fits how much you publish. Word and HTML files are in every plan.</DialogDescription>
        {open && <PlanChoices bookId={bookId} onDone={() => onOpenChange(false)} />}
        <DialogFooter className="mt-0">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Not now
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
