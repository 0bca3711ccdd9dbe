import type { ReactNode } from 'react';
import { BookOpen, Check } from 'lucide-react';
import { formatUsd, type OneTimeOffer, type SubscriptionOffer } from '@quire/contracts';
import { Badge } from '../../../components/ui/badge.tsx';
import { SectionCard, SectionCardRow, SectionCardTotal } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { planPoints } from '../../../lib/plan-features.ts';

function SummaryCard({ children }: { children: ReactNode }) {
  return <SectionCard title="Order summary">{children}</SectionCard>;
}

function Points({ points, label }: { points: string[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-2 text-sm text-ink-soft">
      {points.map((point) => (
        <li key={point} className="flex items-start gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
          {point}
        </li>
      ))}
    </ul>
  );
}

/** What is in a one-time purchase for a book, in words a buyer checks before paying. */
const PURCHASE_POINTS: Record<'document' | 'thesis', string[]> = {
  document: [
    'The whole text of this book, with nothing left out by the free trial',
    'Format and export this book',
    'One payment, no subscription',
  ],
  thesis: [
    'Formatting for a thesis or dissertation of 100 to 500 pages',
    'The whole text of this book, with nothing left out by the free trial',
    'One payment, no subscription',
  ],
};

/**
 * The checkout's summary (workspace spec section 2, "Document payment page"): the book, what is bought and its price
 * from the catalogue. `offer` or `book` undefined while they load.
 */
export function PurchaseSummary({ type, offer, book }: {
  type: 'document' | 'thesis';
  offer: OneTimeOffer | undefined;
  book: { title: string; author: string } | undefined;
}) {
  return (
    <SummaryCard>
      <div className="flex items-start gap-3 px-5 py-4 sm:px-6">
        <span className="flex h-14 w-10 shrink-0 items-center justify-center rounded-[3px] border border-line-strong/60 bg-paper-deep text-accent-ink">
          <BookOpen aria-hidden="true" className="size-4" />
        </span>
        <div className="min-w-0">
          {book ? (
            <>
              <p className="font-display text-lg leading-snug font-semibold [overflow-wrap:anywhere]">{book.title}</p>
              <p className="text-sm text-ink-soft">by {book.author}</p>
            </>
          ) : (
            <div className="flex flex-col gap-2" aria-hidden="true">
              <Skeleton className="h-5 w-48" />
              <Skeleton className="h-4 w-28" />
            </div>
          )}
        </div>
      </div>
      <SectionCardRow className="flex flex-col gap-3">
        <div className="flex items-baseline justify-between gap-4">
          <p className="font-medium text-ink">{offer?.name ?? (type === 'thesis' ? 'Thesis Package' : 'Pay Per Document')}</p>
          <p className="text-ink-soft tabular-nums">{offer ? formatUsd(offer.priceCents) : ''}</p>
        </div>
        {offer && <p className="text-sm text-muted">{offer.summary}</p>}
        <Points points={PURCHASE_POINTS[type]} label="Included" />
      </SectionCardRow>
      <SectionCardTotal label="Total today" amount={offer ? formatUsd(offer.priceCents) : null} />
    </SummaryCard>
  );
}

/** The subscription pages' summary: the plan, its price a month, documents and features (from the catalogue). */
export function PlanSummary({ offer, below }: { offer: SubscriptionOffer | undefined; below: SubscriptionOffer | undefined }) {
  if (!offer) {
    return (
      <SummaryCard>
        <div className="flex flex-col gap-3 px-5 py-5 sm:px-6" aria-hidden="true">
          <Skeleton className="h-6 w-32" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      </SummaryCard>
    );
  }
  return (
    <SummaryCard>
      <div className="flex flex-col gap-4 px-5 py-4 sm:px-6">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-display text-xl font-semibold">{offer.name} plan</p>
            {offer.mostPopular && <Badge>Most Popular</Badge>}
          </div>
          <p className="mt-1 text-sm text-muted">{offer.summary}</p>
        </div>
        <Points points={planPoints(offer, below)} label={`${offer.name} includes`} />
        <p className="text-xs text-muted">Billed monthly in US dollars. Your documents count again from each renewal.</p>
      </div>
      <SectionCardTotal label="Per month" amount={formatUsd(offer.priceCents)} />
    </SummaryCard>
  );
}
