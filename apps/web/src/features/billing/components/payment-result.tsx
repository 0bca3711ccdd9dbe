import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { CircleCheck, CircleX, Clock, ReceiptText } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { documentsLine } from '../../../lib/plan-features.ts';
import { authPathReturningTo } from '../../../lib/return-path.ts';
import { isBookPayment, type PaymentRequest } from '../api/create-payment.ts';
import { findSubscription, usePlanCatalogue } from '../api/get-plans.ts';
import { usePaymentConfirmation } from '../hooks/use-payment-confirmation.ts';
import { paymentFromQuery, paymentPagePath } from '../lib/payment-paths.ts';
import { ActionLink, PaymentMessage } from './payment-layout.tsx';

/** The success title of each payment (workspace spec section 8's success notices). */
function successTitle(request: PaymentRequest): string {
  switch (request.kind) {
    case 'document':
    case 'thesis':
      return 'Payment Successful';
    case 'subscription':
      return 'Subscription Active';
    case 'publisher':
      return 'Publisher Plan Active';
  }
}

function bookPath(id: string): string {
  return `/book/${encodeURIComponent(id)}`;
}

/** The heading of a result takes focus when it appears, so that keyboard and screen-reader users start there. */
function useFocusHeading(key: string) {
  useEffect(() => {
    document.querySelector<HTMLElement>('#payment-result h1')?.focus();
  }, [key]);
}

/** The payment went through: what it was, the notice, and what comes next. */
function SuccessView({ request, state, signedIn, bookTitle }: {
  request: PaymentRequest;
  state: 'confirmed' | 'unconfirmed';
  signedIn: boolean;
  bookTitle: string | undefined;
}) {
  const catalogue = usePlanCatalogue();
  const title = successTitle(request);
  const toasted = useRef(false);
  useEffect(() => {
    if (toasted.current) return;
    toasted.current = true;
    toast({ variant: 'success', title });
  }, [title]);

  let what: string;
  let next: { href: string; label: string };
  if (isBookPayment(request)) {
    const name = bookTitle ? `“${bookTitle}”` : 'Your book';
    what = `${name} is paid for: its whole text is back, ready to format and export.`;
    next = request.bookId ? { href: bookPath(request.bookId), label: 'Back to Your Book' } : { href: '/', label: 'Go to Your Books' };
  } else {
    const offer = findSubscription(catalogue.data, request.kind === 'publisher' ? 'publisher' : request.plan);
    const planName = request.kind === 'publisher' ? 'Publisher Plan' : `${offer?.name ?? 'new'} plan`;
    what = offer
      ? `Your ${planName} is active: ${documentsLine(offer).toLowerCase()}, and every feature of the plan on every book.`
      : `Your ${planName} is active, with every feature of the plan on every book.`;
    next = { href: '/', label: 'Start Formatting' };
  }
  return (
    <PaymentMessage
      icon={<CircleCheck aria-hidden="true" />}
      tone="success"
      title={title}
      actions={
        signedIn ? (
          <Button asChild size="lg">
            <Link href={next.href}>{next.label}</Link>
          </Button>
        ) : (
          <Button asChild size="lg">
            <Link href={authPathReturningTo('/login', next.href)}>Sign In</Link>
          </Button>
        )
      }
    >
      <p>{what}</p>
      {state === 'unconfirmed' && (
        <p className="text-sm text-muted">
          {signedIn
            ? 'Stripe has taken the payment; your account can take a minute more to show it. If it does not yet, reload in a moment.'
            : 'Sign in to see it in your account.'}
        </p>
      )}
    </PaymentMessage>
  );
}

/**
 * /success, where Stripe sends the browser back (workspace spec sections 2, 4 and 8): reads `redirect_status` and
 * `kind` (document, thesis, subscription, publisher). A payment that went through is confirmed with the server
 * ('Confirming your payment…', up to about 20 s) and then shown as 'Payment Successful', 'Subscription Active' or
 * 'Publisher Plan Active' with what comes next; one that did not is shown as such with the way back to pay again.
 */
export function PaymentResult({ query, signedIn, intervalMs, timeoutMs }: {
  query: URLSearchParams;
  signedIn: boolean;
  intervalMs?: number;
  timeoutMs?: number;
}) {
  const request = paymentFromQuery(query);
  const status = query.get('redirect_status');
  const paid = status === 'succeeded' || status === 'processing';
  const confirmation = usePaymentConfirmation(paid ? request : null, {
    enabled: signedIn && paid,
    ...(intervalMs !== undefined ? { intervalMs } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  });
  const view = !request || !status ? 'none' : !paid ? 'failed' : confirmation.state === 'confirming' ? 'confirming' : status === 'processing' && confirmation.state !== 'confirmed' ? 'processing' : 'success';
  useFocusHeading(view);

  return (
    <div id="payment-result">
      {view === 'none' && (
        <PaymentMessage
          icon={<ReceiptText aria-hidden="true" />}
          title="No payment to show"
          actions={<ActionLink />}
        >
          <p>This page shows the result of a payment once Stripe sends you back from it. There is none to show here.</p>
        </PaymentMessage>
      )}
      {view === 'failed' && request && (
        <PaymentMessage
          icon={<CircleX aria-hidden="true" />}
          tone="problem"
          title="Payment not completed"
          actions={
            <>
              <ActionLink href={paymentPagePath(request)} label="Try Again" />
              {isBookPayment(request) && request.bookId ? (
                <ActionLink variant="secondary" href={bookPath(request.bookId)} label="Back to Your Book" />
              ) : (
                <ActionLink variant="secondary" />
              )}
            </>
          }
        >
          <p>The payment did not go through, so nothing was charged. You can try again with the same or another card.</p>
        </PaymentMessage>
      )}
      {view === 'confirming' && (
        <div role="status" className="mx-auto flex max-w-lg flex-col items-center px-5 py-16 text-center sm:py-24">
          <Spinner className="size-8 text-accent" />
          <h1 tabIndex={-1} className="mt-5 font-display text-3xl font-semibold tracking-tight outline-none">
            Confirming your payment…
          </h1>
          <p className="mt-2 text-ink-soft">Stripe is telling Quire about your payment. This takes a few seconds.</p>
        </div>
      )}
      {view === 'processing' && (
        <PaymentMessage
          icon={<Clock aria-hidden="true" />}
          title="Payment Processing"
          actions={<ActionLink />}
        >
          <p>Your bank is still confirming the payment. It applies to your account as soon as it arrives; you can leave this page.</p>
        </PaymentMessage>
      )}
      {view === 'success' && request && confirmation.state !== 'confirming' && (
        <SuccessView request={request} state={confirmation.state} signedIn={signedIn} bookTitle={confirmation.book?.title} />
      )}
    </div>
  );
}
