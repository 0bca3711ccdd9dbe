import { useId, useState } from 'react';
import { CircleAlert, CreditCard } from 'lucide-react';
import { formatUsd, type Subscription } from '@quire/contracts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { getErrorMessage } from '../../../lib/errors.ts';
import { formatDay } from '../../../lib/format-date.ts';
import { PlanCancellation } from './plan-cancellation.tsx';
import { findSubscription, usePlanCatalogue } from '../api/get-plans.ts';
import { useSubscription } from '../api/get-subscription.ts';
import { isLowOnDocuments, lowDocumentsLine, statusWords, usageLine, usagePercent } from '../lib/plan-usage.ts';
import { ChoosePlanDialog } from './choose-plan-dialog.tsx';
import { PaymentsNotConfigured } from './payments-not-configured.tsx';

/** This period's documents: a bar of booksUsed over booksLimit (capped at 100 %), or the count of an unlimited plan. */
function UsageMeter({ subscription }: { subscription: Subscription }) {
  const labelId = useId();
  const percent = usagePercent(subscription);
  const line = usageLine(subscription);
  if (percent === null) {
    return (
      <div className="flex flex-col gap-0.5 rounded-lg bg-paper-deep/60 px-3 py-2.5 text-sm">
        <span className="font-medium text-ink">Unlimited documents</span>
        <span className="text-muted">{line}</span>
      </div>
    );
  }
  const low = isLowOnDocuments(subscription);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={labelId} className="font-medium text-ink">
          Documents this month
        </span>
        <span aria-hidden="true" className="text-muted tabular-nums">
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={line}
        className="h-2 overflow-hidden rounded-full bg-paper-deep"
      >
        <div className={cn('h-full rounded-full transition-[width]', low ? 'bg-warning' : 'bg-accent')} style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-ink-soft tabular-nums">{line}</p>
      {low && (
        <p className="mt-1 flex items-start gap-2 rounded-lg border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-warning">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{lowDocumentsLine(subscription)}</span>
        </p>
      )}
    </div>
  );
}

/** A subscription's plan, status, renewal and documents. */
function PlanDetails({ subscription, onChoose }: { subscription: Subscription; onChoose: () => void }) {
  const catalogue = usePlanCatalogue();
  const offer = findSubscription(catalogue.data, subscription.plan);
  const name = offer?.name ?? (subscription.plan ? subscription.plan.charAt(0).toUpperCase() + subscription.plan.slice(1) : 'Your plan');
  const status = statusWords(subscription.status);
  const renewal =
    subscription.currentPeriodEnd && subscription.active
      ? `${subscription.cancelAtPeriodEnd ? 'Ends' : 'Renews'} ${formatDay(subscription.currentPeriodEnd)}`
      : subscription.currentPeriodEnd && subscription.status === 'canceled'
        ? `Ended ${formatDay(subscription.currentPeriodEnd)}`
        : null;
  const priceLine = [offer ? `${formatUsd(offer.priceCents)} a month` : null, renewal].filter((part): part is string => Boolean(part));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-display text-2xl leading-tight font-semibold">{name}</p>
          {priceLine.length > 0 && (
            <p className="mt-0.5 text-sm text-muted">
              {priceLine.map((part, i) => (
                <span key={part} className="whitespace-nowrap">
                  {i > 0 && ' · '}
                  {part}
                </span>
              ))}
            </p>
          )}
        </div>
        <Badge variant={subscription.active ? 'default' : subscription.status === 'canceled' ? 'secondary' : 'destructive'} className="mt-1">
          {status.label}
        </Badge>
      </div>
      {status.explanation && (
        <p className={cn('rounded-lg px-3 py-2 text-sm', subscription.status === 'canceled' ? 'bg-paper-deep/60 text-ink-soft' : 'bg-destructive-soft text-destructive')}>
          {status.explanation}
        </p>
      )}
      {subscription.active && <UsageMeter subscription={subscription} />}
      <Button variant="secondary" className="w-full" onClick={onChoose}>
        {subscription.active ? 'Change Plan' : 'Choose a Plan'}
      </Button>
      {subscription.active && <PlanCancellation subscription={subscription} planName={name} />}
    </div>
  );
}

/** No subscription: the 'Choose a Plan' prompt, with the lowest price of the catalogue when it is known. */
function ChoosePlanPrompt({ onChoose }: { onChoose: () => void }) {
  const catalogue = usePlanCatalogue();
  const cheapest = [...(catalogue.data?.subscriptions ?? [])].sort((a, b) => a.priceCents - b.priceCents)[0];
  const documents = cheapest?.documentsPerPeriod ? `${cheapest.documentsPerPeriod} documents` : 'documents';
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-soft">
        You have no plan yet.{' '}
        {cheapest
          ? `Plans start at ${formatUsd(cheapest.priceCents)} a month for ${documents}, with print-ready PDFs, e-books and covers.`
          : 'A plan gives you documents every month, with print-ready PDFs, e-books and covers.'}
      </p>
      <Button className="w-full" onClick={onChoose}>
        Choose a Plan
      </Button>
    </div>
  );
}

function CardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3">
      <Skeleton className="h-7 w-28" />
      <Skeleton className="h-4 w-40" />
      <Skeleton className="mt-2 h-2 w-full rounded-full" />
      <Skeleton className="h-4 w-44" />
      <Skeleton className="mt-1 h-10 w-full" />
    </div>
  );
}

/**
 * What the subscription card holds, without its frame (the account page puts it in its own section): the plan and
 * its status in words, this month's documents as a bar capped at 100 % (a warning above 80 %; 'Unlimited documents'
 * for Publisher) and the 'Choose Your Plan' dialog; without a subscription a 'Choose a Plan' prompt. On a server
 * that takes no payments it says so, and that every feature is open.
 */
export function SubscriptionPanel() {
  const query = useSubscription();
  const [dialogOpen, setDialogOpen] = useState(false);
  const openDialog = () => setDialogOpen(true);
  const subscription = query.data;
  return (
    <div aria-busy={query.isPending}>
      {query.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading your plan...
          </p>
          <CardSkeleton />
        </>
      ) : query.isError ? (
        <RetryAlert title="Your plan could not be loaded." message={getErrorMessage(query.error, 'Please try again.')} onRetry={() => void query.refetch()} />
      ) : !subscription?.billingEnabled ? (
        <PaymentsNotConfigured compact />
      ) : subscription.plan === null ? (
        <ChoosePlanPrompt onChoose={openDialog} />
      ) : (
        <PlanDetails subscription={subscription} onChoose={openDialog} />
      )}
      <ChoosePlanDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </div>
  );
}

/** The subscription card of the home screen's side panel (accounts spec sections 2, 4 and 9): {@link SubscriptionPanel} in a card. */
export function SubscriptionCard({ className }: { className?: string }) {
  const titleId = useId();
  return (
    <Card className={className}>
      <section aria-labelledby={titleId}>
        <div className="flex items-center gap-3 border-b border-line p-5">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-ink">
            <CreditCard aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 id={titleId} className="font-semibold text-ink">
              Your plan
            </h2>
            <p className="text-sm text-muted">Your subscription and this month's documents</p>
          </div>
        </div>
        <div className="p-5">
          <SubscriptionPanel />
        </div>
      </section>
    </Card>
  );
}
