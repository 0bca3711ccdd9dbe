import { useId, useState } from 'react';
import { Gift, CircleCheck, Sparkles } from 'lucide-react';
import { formatUsd } from '@quire/contracts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { findOneTime, usePlanCatalogue } from '../api/get-plans.ts';
import { useFreeTrial } from '../api/get-free-trial.ts';
import { useSubscription } from '../api/get-subscription.ts';
import { trialBannerState, type TrialBannerState } from '../lib/trial-banner.ts';
import { ChoosePlanDialog } from './choose-plan-dialog.tsx';

function exportsWord(n: number): string {
  return n === 1 ? 'Export' : 'Exports';
}

/** The words of each state: its title, its badge and what it means. */
function bannerWords(state: TrialBannerState, words: string, documentPrice: string | null) {
  switch (state.kind) {
    case 'available':
      return {
        title: 'Free Trial Available',
        badge: `${state.exportsLimit} Free ${exportsWord(state.exportsLimit)}`,
        text: `Format and export your first book free: up to ${words} words (about 25 pages), no card needed.`,
      };
    case 'active':
      return {
        title: 'Free Trial Active',
        badge: `${state.remaining} ${exportsWord(state.remaining).toLowerCase()} left`,
        text: `Your trial books are formatted up to ${words} words, no card needed. A longer text is kept whole and comes back when you upgrade.`,
      };
    case 'complete':
      return {
        title: 'Free Trial Complete',
        badge: 'Trial Used',
        text: documentPrice
          ? `You have used your free export. Pay ${documentPrice} for a single document, or choose a plan to keep publishing.`
          : 'You have used your free export. Pay for a single document, or choose a plan to keep publishing.',
      };
  }
}

const ICONS = { available: Gift, active: Sparkles, complete: CircleCheck } as const;

/**
 * The free-trial banner of the home screen's side panel (accounts spec section 4): 'Free Trial Available',
 * 'Free Trial Active' with the exports left, or 'Free Trial Complete'; nothing in any other case, while a
 * subscription is active, when the server takes no payments, or while the answers are on their way.
 */
export function FreeTrialBanner({ className }: { className?: string }) {
  const titleId = useId();
  const freeTrial = useFreeTrial();
  const subscription = useSubscription();
  const catalogue = usePlanCatalogue();
  const [dialogOpen, setDialogOpen] = useState(false);
  if (!freeTrial.data || !subscription.data) return null;
  const state = trialBannerState(freeTrial.data, subscription.data);
  if (!state) return null;

  const document = findOneTime(catalogue.data, 'document');
  const words = bannerWords(state, freeTrial.data.wordLimit.toLocaleString('en-US'), document ? formatUsd(document.priceCents) : null);
  const Icon = ICONS[state.kind];
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'animate-fade-in rounded-xl border p-5',
        state.kind === 'complete' ? 'border-line bg-surface shadow-card' : 'border-accent/25 bg-accent-soft/60',
        className,
      )}
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-surface text-accent-ink shadow-card">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="flex min-w-0 flex-col items-start gap-1.5">
          <h2 id={titleId} className="font-semibold text-ink">
            {words.title}
          </h2>
          <Badge variant={state.kind === 'complete' ? 'secondary' : 'default'}>{words.badge}</Badge>
        </div>
      </div>
      <p className="mt-3 text-sm text-ink-soft">{words.text}</p>
      {state.kind === 'complete' && (
        <>
          <Button className="mt-4 w-full" onClick={() => setDialogOpen(true)}>
            View Plans
          </Button>
          <ChoosePlanDialog open={dialogOpen} onOpenChange={setDialogOpen} />
        </>
      )}
    </section>
  );
}
