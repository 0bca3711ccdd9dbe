import { Redirect, useSearch } from 'wouter';
import { WEB_ROUTES } from '@quire/contracts';
import { SetupSpinner } from '../features/billing/components/payment-setup.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { useCurrentUser } from '../features/auth/api/get-current-user.ts';
import { SubscriptionCheckout } from '../features/billing/components/subscription-checkout.tsx';
import { PaymentPageFrame } from './payment-page-frame.tsx';

/**
 * /subscribe?plan=standard|premium (default premium; the Publisher Plan has its own page): open to anyone; a visitor
 * is asked to sign in and brought back.
 */
export function SubscribePage() {
  const plan = new URLSearchParams(useSearch()).get('plan');
  const chosen = plan === 'standard' ? 'standard' : 'premium';
  usePageMeta({
    title: `${chosen === 'standard' ? 'Standard' : 'Premium'} plan — Quire`,
    description: 'Subscribe to a Quire plan: documents every month, print-ready PDFs, e-books and covers.',
    canonicalPath: `${WEB_ROUTES.subscribe.path}?plan=${chosen}`,
  });
  const { data: user, isPending } = useCurrentUser();
  if (plan === 'publisher') return <Redirect to={WEB_ROUTES.subscribePublisher.path} replace />;
  return (
    <PaymentPageFrame>
      {isPending ? (
        <SetupSpinner label="Loading..." />
      ) : (
        <SubscriptionCheckout plan={chosen} signedIn={Boolean(user)} returnPath={`${WEB_ROUTES.subscribe.path}?plan=${chosen}`} />
      )}
    </PaymentPageFrame>
  );
}
