import { useEffect, useRef } from 'react';
import { formatUsd, WEB_ROUTES, type ConciergeInquiry } from '@quire/contracts';
import { useCreateConciergePayment } from '../api/create-concierge-payment.ts';
import { LazyPaymentForm, SetupSpinner } from './payment-setup.tsx';

/** Where Stripe sends the browser once the concierge payment is confirmed (accounts spec section 7). */
export function conciergeReturnUrl(origin: string): string {
  return `${origin}${WEB_ROUTES.conciergeSuccess.path}`;
}

/**
 * The Academic Concierge payment (accounts spec sections 2, 4 and 8): sets the payment up once with the inquiry (a
 * spinner until the client secret arrives), then Stripe's Payment Element with 'Complete Payment - $299'. A failed
 * setup is logged and handed to `onSetupFailure` (the page goes back to the concierge page).
 */
export function ConciergePayment({ inquiry, publishableKey, onSetupFailure }: {
  inquiry: ConciergeInquiry;
  publishableKey: string;
  onSetupFailure: (error: Error) => void;
}) {
  const setup = useCreateConciergePayment();
  const started = useRef(false);

  useEffect(() => {
    // Once per page, even when React runs effects twice in development: each call creates a payment at Stripe.
    if (started.current) return;
    started.current = true;
    setup.mutate(inquiry, {
      onError: (error) => {
        console.error('Failed to set up the concierge payment:', error);
        onSetupFailure(error);
      },
    });
  }, []);

  if (!setup.isSuccess) return <SetupSpinner />;
  return (
    <LazyPaymentForm
      publishableKey={publishableKey}
      clientSecret={setup.data.clientSecret}
      returnUrl={conciergeReturnUrl(window.location.origin)}
      payLabel={`Complete Payment - ${formatUsd(setup.data.amountCents)}`}
      failureTitle="Payment Failed"
    />
  );
}
