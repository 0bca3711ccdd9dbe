import { WEB_ROUTES } from '@quire/contracts';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { useCurrentUser } from '../features/auth/api/get-current-user.ts';
import { SetupSpinner } from '../features/billing/components/payment-setup.tsx';
import { SubscriptionCheckout } from '../features/billing/components/subscription-checkout.tsx';
import { PaymentPageFrame } from './payment-page-frame.tsx';

/** /subscribe-publisher: the Publisher Plan; open to anyone, a visitor is asked to sign in and brought back. */
export function SubscribePublisherPage() {
  usePageMeta({
    title: 'Publisher Plan — Quire',
    description: 'The Publisher Plan: unlimited documents, batch processing and white-label files.',
    canonicalPath: WEB_ROUTES.subscribePublisher.path,
  });
  const { data: user, isPending } = useCurrentUser();
  return (
    <PaymentPageFrame>
      {isPending ? (
        <SetupSpinner label="Loading..." />
      ) : (
        <SubscriptionCheckout plan="publisher" signedIn={Boolean(user)} returnPath={WEB_ROUTES.subscribePublisher.path} />
      )}
    </PaymentPageFrame>
  );
}
