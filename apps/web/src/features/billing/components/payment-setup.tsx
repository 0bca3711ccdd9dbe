import { lazy, Suspense, useEffect, useRef } from 'react';
import { RefreshCw } from 'lucide-react';
import type { ClientSecret } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/errors.ts';
import { useCreatePayment, type PaymentRequest } from '../api/create-payment.ts';
import { successReturnUrl } from '../lib/payment-paths.ts';
import type { PaymentFormProps } from './payment-form.tsx';

// Stripe's libraries load with the form, once a client secret is on its way, never with the rest of the app.
const PaymentForm = lazy(() => import('./payment-form.tsx').then((m) => ({ default: m.PaymentForm })));

/** Stripe's Payment Element form, loaded on first use (a spinner meanwhile), so Stripe never loads with the app. */
export function LazyPaymentForm(props: PaymentFormProps) {
  return (
    <Suspense fallback={<SetupSpinner label="Loading the payment form..." />}>
      <PaymentForm {...props} />
    </Suspense>
  );
}

/** The setup spinner (workspace spec section 4: "a setup spinner shows until a client secret arrives"). */
export function SetupSpinner({ label = 'Setting up secure payment...' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-56 flex-col items-center justify-center gap-3 text-sm text-muted">
      <Spinner className="size-6 text-accent" />
      {label}
    </div>
  );
}

/** Props of {@link PaymentSetup}: what to pay for, Stripe's key, and the page's words for a failure. */
export type PaymentSetupProps = {
  request: PaymentRequest;
  publishableKey: string;
  /** The notice of a failed setup (workspace spec section 8), e.g. 'Failed to initialize payment. Please try again.' */
  setupFailure: string;
  /** The notice of a refused confirmation: 'Payment Failed' or 'Subscription Failed'. */
  failureTitle: string;
  /** The pay button for what the server set up ('Pay $5.99'). */
  payLabel: (secret: ClientSecret) => string;
};

/**
 * A payment page's form: asks the server for a client secret once (a spinner until it arrives), then shows Stripe's
 * Payment Element. A failed setup says 'Error' with the page's words, shows the server's reason where it gave one,
 * and can be tried again.
 */
export function PaymentSetup({ request, publishableKey, setupFailure, failureTitle, payLabel }: PaymentSetupProps) {
  const setup = useCreatePayment();
  const started = useRef(false);
  const start = () =>
    setup.mutate(request, {
      onError: () => toast({ variant: 'destructive', title: 'Error', description: setupFailure }),
    });

  useEffect(() => {
    // Once per page, even when React runs effects twice in development: each call creates a payment at Stripe.
    if (started.current) return;
    started.current = true;
    start();
  }, []);

  if (setup.isError) {
    const reason = getErrorMessage(setup.error, '');
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 bg-destructive-soft px-4 py-3 text-sm text-destructive">
        <p>
          <span className="font-semibold">{setupFailure}</span>
          {reason && reason !== setupFailure && <span className="mt-1 block text-ink-soft">{reason}</span>}
        </p>
        <Button variant="secondary" size="sm" onClick={start}>
          <RefreshCw aria-hidden="true" /> Try again
        </Button>
      </div>
    );
  }
  if (!setup.isSuccess) return <SetupSpinner />;
  return (
    <LazyPaymentForm
      publishableKey={publishableKey}
      clientSecret={setup.data.clientSecret}
      returnUrl={successReturnUrl(window.location.origin, request)}
      payLabel={payLabel(setup.data)}
      failureTitle={failureTitle}
    />
  );
}
