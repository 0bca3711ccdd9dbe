import { useState } from 'react';
import { Link } from 'wouter';
import { Lock, X } from 'lucide-react';
import { formatUsd, type UpgradeOffer } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import type { UpgradeOfferProps } from '../../../components/upgrade-offer-slot.tsx';
import { cn } from '../../../lib/cn.ts';
import { PLAN_FEATURE_WORDS } from '../../../lib/plan-features.ts';
import { findOneTime, usePlanCatalogue } from '../api/get-plans.ts';
import { checkoutPath } from '../lib/payment-paths.ts';
import { ChoosePlanDialog } from './choose-plan-dialog.tsx';

/** The alert's title: why the action was refused. */
function offerTitle(offer: UpgradeOffer): string {
  switch (offer.reason) {
    case 'trial-used':
      return 'Upgrade to keep exporting';
    case 'plan-limit':
      return "You have used this month's documents";
    case 'feature':
      return offer.feature ? `${PLAN_FEATURE_WORDS[offer.feature]}: not in your plan` : 'Not in your plan';
    case 'no-plan':
      return 'Choose a plan to continue';
  }
}

/**
 * An action refused for the user's plan (a 402 or 403 carrying `upgrade`), shown where it happened: the server's
 * message and the way up: 'Pay $5.99 for this document' when paying for the one document would do, and 'View Plans'
 * (the 'Choose Your Plan' dialog). A `passive` offer (a feature the plan lacks, shown before anything was refused) is
 * not announced as an alert.
 */
export function UpgradeOfferAlert({ message, offer, bookId, onDismiss, passive, className }: UpgradeOfferProps & { className?: string }) {
  const catalogue = usePlanCatalogue();
  const [dialogOpen, setDialogOpen] = useState(false);
  const document = findOneTime(catalogue.data, 'document');
  return (
    <div role={passive ? undefined : 'alert'} className={cn('relative rounded-lg border border-warning/30 bg-warning-soft px-4 py-3.5', onDismiss && 'pr-11', className)}>
      <div className="flex items-start gap-3">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-ink">{offerTitle(offer)}</p>
          <p className="mt-0.5 text-sm text-ink-soft">{message}</p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {offer.documentPurchase && bookId && (
              <Button asChild size="sm">
                <Link href={checkoutPath(bookId, 'document')}>
                  {document ? `Pay ${formatUsd(document.priceCents)} for this document` : 'Pay for this document'}
                </Link>
              </Button>
            )}
            <Button variant={offer.documentPurchase && bookId ? 'secondary' : 'primary'} size="sm" onClick={() => setDialogOpen(true)}>
              View Plans
            </Button>
          </div>
        </div>
      </div>
      {onDismiss && (
        <Button variant="ghost" size="icon" className="absolute top-2 right-2 size-8" aria-label="Dismiss" onClick={onDismiss}>
          <X aria-hidden="true" />
        </Button>
      )}
      <ChoosePlanDialog open={dialogOpen} onOpenChange={setDialogOpen} bookId={offer.documentPurchase ? bookId : undefined} />
    </div>
  );
}
