import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Subscription } from '@quire/contracts';
import { isBookPayment, type PaymentRequest } from '../api/create-payment.ts';
import { paymentBookQueryOptions, type PaymentBook } from '../api/get-payment-book.ts';
import { subscriptionQueryOptions } from '../api/get-subscription.ts';

/** How often /success asks, and for how long, whether the server has heard of the payment from Stripe. */
export const CONFIRM_INTERVAL_MS = 1000;
/** After this long without the server confirming, /success says the payment is still being processed. */
export const CONFIRM_TIMEOUT_MS = 20_000;

/** `confirming` while asking; `confirmed` once the server shows the payment; `unconfirmed` when it did not in time. */
export type ConfirmationState = 'confirming' | 'confirmed' | 'unconfirmed';

function subscriptionConfirmed(request: PaymentRequest, subscription: Subscription | undefined): boolean {
  if (!subscription?.active) return false;
  if (request.kind === 'publisher') return subscription.plan === 'publisher';
  if (request.kind === 'subscription') return subscription.plan === request.plan;
  return false;
}

function bookConfirmed(book: PaymentBook | undefined): boolean {
  return book !== undefined && !book.isFreeTrial;
}

/**
 * Whether a payment Stripe reported as made has reached the server, which learns of it from Stripe's webhook: asks
 * every second, for up to 20 s, for the user's subscription (a plan) or the book (a document: until it is no longer a
 * free-trial book). A document without a book to ask about is taken as confirmed. Not asked when `enabled` is false
 * (nobody signed in), which counts as not confirmed.
 */
export function usePaymentConfirmation(
  request: PaymentRequest | null,
  { enabled, intervalMs = CONFIRM_INTERVAL_MS, timeoutMs = CONFIRM_TIMEOUT_MS }: { enabled: boolean; intervalMs?: number; timeoutMs?: number },
): { state: ConfirmationState; subscription: Subscription | undefined; book: PaymentBook | undefined } {
  const [timedOut, setTimedOut] = useState(false);
  const forPlan = request?.kind === 'subscription' || request?.kind === 'publisher';
  const bookId = request && isBookPayment(request) ? request.bookId : '';
  const asking = enabled && request !== null && (forPlan || bookId !== '');

  useEffect(() => {
    if (!asking) return;
    const timer = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [asking, timeoutMs]);

  const subscription = useQuery({
    ...subscriptionQueryOptions(),
    enabled: asking && forPlan,
    refetchInterval: (query) => (timedOut || (request && subscriptionConfirmed(request, query.state.data)) ? false : intervalMs),
  });
  const book = useQuery({
    ...paymentBookQueryOptions(bookId),
    enabled: asking && bookId !== '',
    refetchInterval: (query) => (timedOut || bookConfirmed(query.state.data) ? false : intervalMs),
  });

  let state: ConfirmationState;
  if (!request || !enabled) state = 'unconfirmed';
  else if (!asking) state = 'confirmed';
  else if (forPlan ? subscriptionConfirmed(request, subscription.data) : bookConfirmed(book.data)) state = 'confirmed';
  else state = timedOut ? 'unconfirmed' : 'confirming';
  return { state, subscription: subscription.data, book: book.data };
}
