import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { CircleCheck, CircleX } from 'lucide-react';
import { WEB_ROUTES } from '@quire/contracts';
import { toast } from '../components/ui/use-toast.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { ActionLink, PaymentMessage } from '../features/billing/components/payment-layout.tsx';
import { NextSteps, SupportContact } from '../features/concierge/components/next-steps.tsx';
import { clearInquiry } from '../features/concierge/lib/inquiry-storage.ts';
import { PaymentPageFrame } from './payment-page-frame.tsx';

/** Stripe's `redirect_status` of a payment that did not go through (a declined authentication, for one). */
const FAILED_STATUSES = new Set(['requires_payment_method', 'canceled', 'failed']);

function PaymentSucceeded() {
  const done = useRef(false);
  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (done.current) return;
    done.current = true;
    clearInquiry();
    toast({ variant: 'success', title: 'Payment Successful', description: "We'll contact you within 24 hours to begin your project!" });
  }, []);
  return (
    <PaymentMessage
      icon={<CircleCheck aria-hidden="true" />}
      tone="success"
      title="Payment Successful!"
      actions={
        <ActionLink size="lg" href="/" label="Go to Quire" />
      }
    >
      <p>Thank you. Your Academic Publishing Concierge project is booked.</p>
      <NextSteps className="mt-5" />
      <SupportContact className="mt-2" />
    </PaymentMessage>
  );
}

function PaymentNotCompleted() {
  return (
    <PaymentMessage
      icon={<CircleX aria-hidden="true" />}
      tone="problem"
      title="Your payment did not go through"
      actions={
        <ActionLink size="lg" href={WEB_ROUTES.conciergeCheckout.path} label="Try Again" />
      }
    >
      <p>Nothing was charged. Your project details are kept, so you can try again with another card.</p>
      <SupportContact />
    </PaymentMessage>
  );
}

/**
 * /concierge-success (accounts spec sections 2 and 4): where Stripe returns after the concierge payment: 'Payment
 * Successful!', the next steps and the support address; the stored inquiry is cleared. A payment Stripe reports as
 * not made (`redirect_status`) keeps the inquiry and leads back to the checkout.
 */
export function ConciergeSuccessPage() {
  usePageMeta({ title: 'Payment successful — Quire', description: 'Your Academic Publishing Concierge project is booked.', robots: 'noindex' });
  const status = new URLSearchParams(useSearch()).get('redirect_status');
  return <PaymentPageFrame>{status && FAILED_STATUSES.has(status) ? <PaymentNotCompleted /> : <PaymentSucceeded />}</PaymentPageFrame>;
}
