import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Appearance, Stripe } from '@stripe/stripe-js';
import { Lock } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { cn } from '../../../lib/cn.ts';
import { getStripe } from '../lib/stripe.ts';

/** Stripe's Payment Element in Quire's colours (index.css tokens); its fields keep Stripe's own accessible markup. */
const APPEARANCE: Appearance = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#2c5e4f',
    colorBackground: '#fffdf8',
    colorText: '#1d1a16',
    colorTextSecondary: '#665d51',
    colorDanger: '#a8261d',
    fontFamily: "'Inter Variable', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
    borderRadius: '6px',
  },
  rules: {
    '.Input': { borderColor: '#cbbfa8', boxShadow: 'none' },
    '.Input:focus': { borderColor: '#2c5e4f', boxShadow: '0 0 0 1px #2c5e4f' },
    '.Tab': { borderColor: '#cbbfa8', boxShadow: 'none' },
  },
};

/** Props of the payment form: Stripe's publishable key and the client secret the server answered. */
export type PaymentFormProps = {
  publishableKey: string;
  clientSecret: string;
  /** Where Stripe sends the browser once the payment is confirmed (/success?kind=…). */
  returnUrl: string;
  /** The submit button: 'Pay $5.99'. */
  payLabel: string;
  /** The notice of a refused confirmation (workspace spec section 8): 'Payment Failed' or 'Subscription Failed'. */
  failureTitle: string;
};

/** The card form inside Stripe's Elements: the Payment Element, the provider's errors, and the pay button. */
function ConfirmForm({ returnUrl, payLabel, failureTitle }: Omit<PaymentFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
      // Only an error comes back here: a confirmed payment leaves the page for `returnUrl`.
      const message = result.error?.message ?? 'Please try again.';
      setError(message);
      toast({ variant: 'destructive', title: failureTitle, description: message });
    } catch {
      const message = 'Something went wrong. Please try again.';
      setError(message);
      toast({ variant: 'destructive', title: 'Payment Error', description: message });
    }
    setSubmitting(false);
  };

  if (loadError) {
    return <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive-soft px-3 py-2.5 text-sm text-destructive">{loadError}</p>;
  }
  return (
    <form onSubmit={(event) => void submit(event)} aria-busy={submitting} className="flex flex-col gap-5">
      <div className={cn('relative', !ready && 'min-h-56')}>
        {!ready && (
          <div className="absolute inset-0 flex flex-col gap-3" aria-hidden="true">
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-11 w-full" />
            <div className="grid grid-cols-2 gap-3">
              <Skeleton className="h-11" />
              <Skeleton className="h-11" />
            </div>
          </div>
        )}
        <PaymentElement
          options={{ layout: 'tabs' }}
          onReady={() => setReady(true)}
          onLoadError={(event) => setLoadError(event.error.message ?? 'The payment form could not be loaded. Please reload the page.')}
        />
      </div>
      <p role="status" aria-live="polite" className={error ? 'text-sm text-destructive' : 'sr-only'}>
        {!ready ? 'Loading the payment form...' : submitting ? 'Processing Payment...' : error}
      </p>
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !elements || !ready || submitting}>
        {submitting ? <Spinner /> : <Lock aria-hidden="true" />}
        {submitting ? 'Processing Payment...' : payLabel}
      </Button>
    </form>
  );
}

/**
 * Stripe's Payment Element for a client secret (workspace spec section 4: "the payment form shows; submitting
 * confirms the payment ... and returns to /success"). Stripe.js is loaded here, once per publishable key; if it
 * cannot be loaded (no network, a blocker) the form says so and can try again.
 */
export function PaymentForm({ publishableKey, clientSecret, ...form }: PaymentFormProps) {
  const [attempt, setAttempt] = useState(0);
  const [unavailable, setUnavailable] = useState(false);
  // `attempt` asks for Stripe.js again after a failed load (getStripe forgets a failure).
  const stripe = useMemo((): Promise<Stripe | null> => getStripe(publishableKey).catch(() => null), [publishableKey, attempt]);

  useEffect(() => {
    let live = true;
    void stripe.then((loaded) => {
      if (live && !loaded) setUnavailable(true);
    });
    return () => {
      live = false;
    };
  }, [stripe]);

  if (unavailable) {
    return (
      <RetryAlert
        title="The payment form could not be loaded."
        message="Check your connection (and any blocker of Stripe's script), then try again."
        onRetry={() => {
          setUnavailable(false);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return (
    <Elements key={attempt} stripe={stripe} options={{ clientSecret, appearance: APPEARANCE }}>
      <ConfirmForm {...form} />
    </Elements>
  );
}
