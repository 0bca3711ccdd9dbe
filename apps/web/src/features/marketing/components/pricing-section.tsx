import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

type Plan = {
  name: string;
  price: string;
  period: string;
  summary: string;
  points: readonly string[];
  featured?: boolean;
};

/** Landing prices (accounts spec section 9). */
export const PLANS: readonly Plan[] = [
  {
    name: 'Pay Per Document',
    price: '$5.99',
    period: 'per document',
    summary: 'For a single book or paper under 100 pages.',
    points: ['Documents under 100 pages', 'Cleanup with a full report', 'PDF, EPUB, Word and HTML files'],
  },
  {
    name: 'Thesis Package',
    price: '$19.99',
    period: 'one-time',
    summary: 'For a thesis or dissertation of 100 to 500 pages.',
    points: ['100–500 pages', '24-hour processing', 'PDF, EPUB, Word and HTML files'],
    featured: true,
  },
  {
    name: 'Publisher Plan',
    price: '$9.99',
    period: 'per month',
    summary: 'For publishers with a steady list of titles.',
    points: ['5 documents per month', 'AI covers', 'Priority and bulk processing'],
  },
];

type PricingSectionProps = {
  /** The call to action of each plan card; none on pages where checkout is not offered. */
  renderAction?: (plan: Plan) => ReactNode;
  /** A note under the cards. */
  note?: ReactNode;
  className?: string;
};

/** The pricing section (anchor #pricing). */
export function PricingSection({ renderAction, note, className }: PricingSectionProps) {
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
        {PLANS.map((plan) => (
          <li
            key={plan.name}
            className={cn(
              'flex flex-col rounded-2xl border p-7',
              plan.featured ? 'border-accent/40 bg-surface shadow-lift ring-1 ring-accent/20' : 'border-line bg-surface shadow-card',
            )}
          >
            <h3 className="font-display text-xl font-semibold">{plan.name}</h3>
            <p className="mt-1 text-sm text-muted">{plan.summary}</p>
            <p className="mt-6 flex items-baseline gap-2">
              <span className="font-display text-4xl font-semibold tracking-tight">{plan.price}</span>
              <span className="text-sm text-muted">{plan.period}</span>
            </p>
            <ul className="mt-6 flex-1 space-y-2.5 text-sm text-ink-soft">
              {plan.points.map((point) => (
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
      {note && <p className="mt-8 text-center text-sm text-muted">{note}</p>}
    </section>
  );
}
