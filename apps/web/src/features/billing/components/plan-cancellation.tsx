import { useState } from 'react';
import type { Subscription } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/errors.ts';
import { formatDay } from '../../../lib/format-date.ts';
import { usePlanCancellation } from '../api/cancel-plan.ts';

/**
 * Cancelling a plan in force, as a user expects of a monthly subscription: 'Cancel Plan' asks to confirm, saying that
 * the plan stays until the end of the period paid for and nothing more is charged; once cancelled, the card says
 * when it ends and offers 'Keep My Plan'. `planName` is the catalogue's name of the plan.
 */
export function PlanCancellation({ subscription, planName }: { subscription: Subscription; planName: string }) {
  const cancellation = usePlanCancellation();
  const [confirming, setConfirming] = useState(false);
  const until = subscription.currentPeriodEnd ? formatDay(subscription.currentPeriodEnd) : null;

  const change = (cancelAtPeriodEnd: boolean) =>
    cancellation.mutate(cancelAtPeriodEnd, {
      onSuccess: () => {
        setConfirming(false);
        toast(
          cancelAtPeriodEnd
            ? { title: 'Plan cancelled', description: until ? `${planName} stays yours until ${until}.` : `${planName} stays yours until the end of this period.` }
            : { variant: 'success', title: 'Plan kept', description: `${planName} renews as before.` },
        );
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: cancelAtPeriodEnd ? 'Cancelling failed' : 'Keeping the plan failed',
          description: getErrorMessage(error, 'Please try again.'),
        }),
    });

  if (subscription.cancelAtPeriodEnd) {
    return (
      <div className="flex flex-col gap-3 rounded-lg bg-paper-deep/60 px-3 py-3 text-sm text-ink-soft">
        <p>
          You cancelled {planName}. It stays yours until {until ?? 'the end of this period'}, then ends; nothing more is charged.
        </p>
        <Button variant="secondary" size="md" className="w-full" disabled={cancellation.isPending} onClick={() => change(false)}>
          {cancellation.isPending ? 'Keeping your plan...' : 'Keep My Plan'}
        </Button>
      </div>
    );
  }

  return (
    <ConfirmDialog
      // The dialog's trigger: marked as opening it, and the focus comes back to it when the dialog closes.
      trigger={
        <button
          type="button"
          className="self-center rounded-md px-2 py-1 text-sm text-muted underline-offset-4 hover:text-ink hover:underline focus-visible:outline-2 focus-visible:outline-accent"
        >
          Cancel Plan
        </button>
      }
      open={confirming}
      onOpenChange={setConfirming}
      title={<>Cancel your {planName} plan?</>}
      description={
        <>
          You keep {planName} and its documents until {until ?? 'the end of this period'}. After that the plan ends and you are
          not charged again. Your books stay in your account.
        </>
      }
      cancelLabel="Keep My Plan"
      confirmLabel="Cancel Plan"
      pendingLabel="Cancelling..."
      pending={cancellation.isPending}
      onConfirm={() => change(true)}
    />
  );
}
