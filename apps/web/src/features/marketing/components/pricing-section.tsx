import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { PLAN_CATALOGUE, formatUsd, type SubscriptionOffer } from '@quire/contracts';
import { cn } from '../../../lib/cn.ts';
import { planPoints } from '../../../lib/plan-features.ts';

type PricingSectionProps = {
  /** The call to action of each plan card; none on pages where checkout is not offered. */
  renderAction?: (plan: SubscriptionOffer) => ReactNode;
  /** A note under the cards. */
  note?: ReactNode;
  className?: string;
};

/**
 * The pricing section (anchor #pricing): the three subscriptions of the price catalogue (contracts PLAN_CATALOGUE, the
 * catalogue GET /api/plans serves; read at build time, so the prerendered landing page carries the prices), the most
 * popular one marked, and the one-time purchases under them.
 */
export function PricingSection({ renderAction, note, className }: PricingSectionProps) {
  const { subscriptions, oneTime } = PLAN_CATALOGUE;
  return (
    <section id="pricing" aria-labelledby="pricing-title" className={cn('mx-auto max-w-6xl scroll-mt-20 px-5 py-20 sm:px-8', className)}>
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">Plans</p>
        <h2 id="pricing-title" className="mt-2 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
          Simple prices, no formatting invoice
        </h2>
        <p className="mt-4 text-lg text-ink-soft">Traditional formatting services charge $300–800 per book.</p>
      </div>
      <ul className="mt-12 grid items-stretch gap-5 md:grid-cols-3">
        {subscriptions.map((plan, i) => (
          <li
            key={plan.id}
            className={cn(
              'relative flex flex-col rounded-2xl border p-7',
              plan.mostPopular ? 'border-accent/40 bg-surface shadow-lift ring-1 ring-accent/20' : 'border-line bg-surface shadow-card',
            )}
          >
            {plan.mostPopular && (
              <p className="absolute -top-3 left-7 rounded-full bg-accent px-3 py-0.5 text-xs font-semibold text-on-accent">Most Popular</p>
            )}
            <h3 className="font-display text-xl font-semibold">{plan.name}</h3>
            <p className="mt-1 text-sm text-muted">{plan.summary}</p>
            <p className="mt-6 flex items-baseline gap-2">
              <span className="font-display text-4xl font-semibold tracking-tight">{formatUsd(plan.priceCents)}</span>
              <span className="text-sm text-muted">per month</span>
            </p>
            <ul className="mt-6 flex-1 space-y-2.5 text-sm text-ink-soft">
              {planPoints(plan, subscriptions[i - 1]).map((point) => (
                <li key={point} className="flex items-start gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
                  {point}
                </li>
              ))}
            </ul>
            {renderAction && <div className="mt-7">{renderAction(plan)}</div>}
          </li>
        ))}
      </ul>
      <h3 className="mt-14 text-center font-display text-xl font-semibold">Or pay once</h3>
      <ul className="mx-auto mt-6 grid max-w-4xl gap-4 sm:grid-cols-3">
        {oneTime.map((offer) => (
          <li key={offer.id} className="rounded-xl border border-line bg-surface p-5 shadow-card">
            <p className="font-semibold">{offer.name}</p>
            <p className="mt-1 flex items-baseline gap-2">
              <span className="font-display text-2xl font-semibold">{formatUsd(offer.priceCents)}</span>
              {offer.listPriceCents !== null && (
                <s className="text-sm text-muted">
                  <span className="sr-only">was </span>
                  {formatUsd(offer.listPriceCents)}
                </s>
              )}
            </p>
            <p className="mt-1 text-sm text-ink-soft">{offer.summary}</p>
          </li>
        ))}
      </ul>
      {note && <p className="mt-8 text-center text-sm text-muted">{note}</p>}
    </section>
  );
}
