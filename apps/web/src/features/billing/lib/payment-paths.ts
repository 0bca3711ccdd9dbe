import { WEB_ROUTES } from '@quire/contracts';
import { isBookPayment, type PaymentRequest } from '../api/create-payment.ts';

/** `/checkout?bookId=…&type=document`: paying for one book (workspace spec section 2, "Document payment page"). */
export function checkoutPath(bookId: string, type: 'document' | 'thesis' = 'document'): string {
  return `${WEB_ROUTES.checkout.path}?${new URLSearchParams({ bookId, type })}`;
}

/** `/subscribe?plan=…` for Standard or Premium; `/subscribe-publisher` for the Publisher Plan. */
export function subscribePath(plan: 'standard' | 'premium' | 'publisher'): string {
  return plan === 'publisher' ? WEB_ROUTES.subscribePublisher.path : `${WEB_ROUTES.subscribe.path}?${new URLSearchParams({ plan })}`;
}

/** The page a payment is made on, to go back to when it did not go through. */
export function paymentPagePath(request: PaymentRequest): string {
  switch (request.kind) {
    case 'document':
    case 'thesis':
      return checkoutPath(request.bookId, request.kind);
    case 'subscription':
      return subscribePath(request.plan);
    case 'publisher':
      return subscribePath('publisher');
  }
}

/**
 * Where Stripe sends the browser back after confirming (workspace spec section 7: "returns to /success"): the page,
 * what was paid for (`kind`), and the book or plan, so that /success can confirm it and lead on.
 */
export function successReturnUrl(origin: string, request: PaymentRequest): string {
  const query = new URLSearchParams({ kind: request.kind });
  if (isBookPayment(request)) query.set('bookId', request.bookId);
  if (request.kind === 'subscription') query.set('plan', request.plan);
  return `${origin}${WEB_ROUTES.success.path}?${query}`;
}

/** The payment described by /success's query (`kind`, `bookId`, `plan`), or null when it names none. */
export function paymentFromQuery(query: URLSearchParams): PaymentRequest | null {
  const kind = query.get('kind');
  const bookId = query.get('bookId') ?? '';
  switch (kind) {
    case 'document':
    case 'thesis':
      return { kind, bookId };
    case 'subscription':
      return { kind, plan: query.get('plan') === 'standard' ? 'standard' : 'premium' };
    case 'publisher':
      return { kind };
    default:
      return null;
  }
}
