import { useSearch } from 'wouter';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { useCurrentUser } from '../features/auth/api/get-current-user.ts';
import { PaymentResult } from '../features/billing/components/payment-result.tsx';
import { SetupSpinner } from '../features/billing/components/payment-setup.tsx';
import { PaymentPageFrame } from './payment-page-frame.tsx';

/** /success: where Stripe sends the browser back after a payment (`kind`, `redirect_status`, and the book or plan). */
export function SuccessPage() {
  usePageMeta({ title: 'Your payment — Quire', description: 'The result of your payment.', robots: 'noindex' });
  const search = useSearch();
  const { data: user, isPending } = useCurrentUser();
  return (
    <PaymentPageFrame>
      {isPending ? <SetupSpinner label="Loading..." /> : <PaymentResult query={new URLSearchParams(search)} signedIn={Boolean(user)} />}
    </PaymentPageFrame>
  );
}
