import type { Subscription } from '@quire/contracts';

/** Above this share of the period's documents, the subscription card warns that few are left (accounts spec section 9). */
export const LOW_DOCUMENTS_PERCENT = 80;

/** booksUsed over booksLimit as a whole percentage, capped at 100 (accounts spec section 9); null when unlimited. */
export function usagePercent({ booksUsed, booksLimit }: Pick<Subscription, 'booksUsed' | 'booksLimit'>): number | null {
  if (booksLimit === null) return null;
  return Math.min(100, Math.round((booksUsed / booksLimit) * 100));
}

/** Whether the low-documents warning shows: above 80 percent of the period's documents used. */
export function isLowOnDocuments(subscription: Pick<Subscription, 'booksUsed' | 'booksLimit'>): boolean {
  const percent = usagePercent(subscription);
  return percent !== null && percent > LOW_DOCUMENTS_PERCENT;
}

/** `3 of 5 documents this month`, or for an unlimited plan `12 documents this month`. */
export function usageLine({ booksUsed, booksLimit }: Pick<Subscription, 'booksUsed' | 'booksLimit'>): string {
  if (booksLimit === null) return `${booksUsed} ${booksUsed === 1 ? 'document' : 'documents'} this month`;
  return `${booksUsed} of ${booksLimit} ${booksLimit === 1 ? 'document' : 'documents'} this month`;
}

/** The warning of a plan running low: what is left this month. */
export function lowDocumentsLine({ booksUsed, booksLimit }: Pick<Subscription, 'booksUsed' | 'booksLimit'>): string {
  if (booksLimit === null) return '';
  const left = Math.max(0, booksLimit - booksUsed);
  if (left === 0) return `You have used all ${booksLimit} documents of this month. Choose a larger plan to format more now.`;
  return `Only ${left} ${left === 1 ? 'document' : 'documents'} left this month. A larger plan gives you more.`;
}

/** A subscription status in words: its badge, and what it means for the user when the plan is not in force. */
export function statusWords(status: string | null): { label: string; explanation: string | null } {
  switch (status) {
    case 'active':
      return { label: 'Active', explanation: null };
    case 'trialing':
      return { label: 'Trial', explanation: null };
    case 'past_due':
      return {
        label: 'Payment past due',
        explanation: "Your last payment did not go through. Stripe will try your card again; until then the plan's features are paused.",
      };
    case 'unpaid':
      return { label: 'Unpaid', explanation: "Your payments did not go through, so the plan's features are paused." };
    case 'canceled':
      return { label: 'Canceled', explanation: 'This plan has ended. Choose a plan to format more books.' };
    case 'incomplete':
      return { label: 'Payment incomplete', explanation: 'The first payment was not completed, so the plan has not started yet.' };
    case 'incomplete_expired':
      return { label: 'Expired', explanation: 'The first payment was not completed in time, so the plan did not start.' };
    case 'paused':
      return { label: 'Paused', explanation: "The plan is paused, and with it the plan's features." };
    default:
      return { label: status ? status.replace(/_/g, ' ') : 'No plan', explanation: null };
  }
}
