import type { ReactNode } from 'react';
import { formatUsd, type OneTimeOffer } from '@quire/contracts';
import { cn } from '../../lib/cn.ts';

/**
 * A one-time offer's price as the public pages show it (the Academic Concierge: "$799 struck through, now $299"): the
 * catalogue's list price struck through when it has one, then today's price large; `children` follows on the same
 * line (a short note such as "one payment, no subscription"). Screen readers hear "was … now …".
 */
export function OfferPrice({ offer, className, children }: { offer: Pick<OneTimeOffer, 'priceCents' | 'listPriceCents'>; className?: string; children?: ReactNode }) {
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-3 gap-y-1', className)}>
      {offer.listPriceCents !== null && (
        <s className="font-display text-2xl text-muted">
          <span className="sr-only">was </span>
          {formatUsd(offer.listPriceCents)}
        </s>
      )}
      <span className="font-display text-5xl font-semibold tracking-tight text-ink">
        <span className="sr-only">now </span>
        {formatUsd(offer.priceCents)}
      </span>
      {children}
    </p>
  );
}
