import type { ReactNode } from 'react';
import { CircleSlash } from 'lucide-react';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { getErrorMessage } from '../../../lib/errors.ts';
import { takesPayments, useBillingConfig } from '../api/get-billing-config.ts';
import { ActionLink, PaymentMessage } from './payment-layout.tsx';
import { NOT_CONFIGURED_DETAIL, NOT_CONFIGURED_TITLE } from './payments-not-configured.tsx';
import { SetupSpinner } from './payment-setup.tsx';

/**
 * What every payment page shows before anything else: the server's payment settings (GET /api/billing/config) while
 * they load, a way to try again if they cannot be read, the plain 'not configured' page when the server takes no
 * payments (Stripe is then never loaded), and otherwise the page itself with the Stripe publishable key.
 */
export function PaymentsGate({ title, children }: { title: string; children: (publishableKey: string) => ReactNode }) {
  const config = useBillingConfig();
  if (config.isPending) {
    return (
      <div className="mx-auto w-full max-w-lg px-5 py-16">
        <h1 className="sr-only">{title}</h1>
        <SetupSpinner label="Loading..." />
      </div>
    );
  }
  if (config.isError) {
    return (
      <div className="mx-auto w-full max-w-lg px-5 py-16">
        <h1 className="mb-6 font-display text-3xl font-semibold tracking-tight">{title}</h1>
        <RetryAlert
          title="Payments could not be loaded."
          message={getErrorMessage(config.error, 'Please try again.')}
          onRetry={() => void config.refetch()}
        />
      </div>
    );
  }
  if (!takesPayments(config.data)) {
    return (
      <PaymentMessage
        icon={<CircleSlash aria-hidden="true" />}
        title="Payments are not configured"
        actions={<ActionLink />}
      >
        <p>{NOT_CONFIGURED_TITLE}</p>
        <p>{NOT_CONFIGURED_DETAIL}</p>
      </PaymentMessage>
    );
  }
  return children(config.data.publishableKey);
}
