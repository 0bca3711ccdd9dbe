import { useState } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { CircleSlash } from 'lucide-react';
import { PLAN_CATALOGUE, WEB_ROUTES } from '@quire/contracts';
import { Button } from '../components/ui/button.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { useCurrentUser } from '../features/auth/api/get-current-user.ts';
import { takesPayments, useBillingConfig } from '../features/billing/api/get-billing-config.ts';
import { findOneTime, usePlanCatalogue } from '../features/billing/api/get-plans.ts';
import { ConciergePayment } from '../features/billing/components/concierge-payment.tsx';
import { PaymentCard, PaymentMessage } from '../features/billing/components/payment-layout.tsx';
import { NOT_CONFIGURED_TITLE } from '../features/billing/components/payments-not-configured.tsx';
import { SetupSpinner } from '../features/billing/components/payment-setup.tsx';
import { PaymentsGate } from '../features/billing/components/payments-gate.tsx';
import { SignInToPay } from '../features/billing/components/sign-in-to-pay.tsx';
import { NextSteps, SupportContact } from '../features/concierge/components/next-steps.tsx';
import { ProjectSummary } from '../features/concierge/components/project-summary.tsx';
import { loadInquiry } from '../features/concierge/lib/inquiry-storage.ts';
import { PaymentPageFrame } from './payment-page-frame.tsx';

const TITLE = 'Complete Your Concierge Order';

/**
 * A server that takes no payments: the billing pages' sentence, then what it means here (the service is a person's
 * work, so unlike the plans it is not simply open: it is booked by writing to us).
 */
function ConciergeNotConfigured() {
  return (
    <PaymentMessage
      icon={<CircleSlash aria-hidden="true" />}
      title="Payments are not configured"
      actions={
        <Button asChild variant="secondary">
          <Link href={WEB_ROUTES.academicConcierge.path}>Back to the Concierge Page</Link>
        </Button>
      }
    >
      <p>{NOT_CONFIGURED_TITLE}</p>
      <p>The Academic Concierge cannot be paid for online here. Your project details are kept in this browser tab.</p>
      <SupportContact />
    </PaymentMessage>
  );
}

/**
 * /concierge-checkout (accounts spec sections 2, 4 and 8): the stored inquiry as a project summary, the next steps,
 * and Stripe's Payment Element. Without a stored inquiry, and when the payment cannot be set up, it goes back to
 * /academic-concierge. A visitor is asked to sign in first and brought back; a server without payments says so.
 */
export function ConciergeCheckoutPage() {
  usePageMeta({ title: 'Concierge checkout — Quire', description: 'Pay for the Academic Publishing Concierge.', robots: 'noindex' });
  const [inquiry] = useState(loadInquiry);
  const { data: user, isPending } = useCurrentUser();
  const catalogue = usePlanCatalogue();
  const offer = findOneTime(catalogue.data ?? (catalogue.isError ? PLAN_CATALOGUE : undefined), 'concierge');
  const [, navigate] = useLocation();
  const config = useBillingConfig();

  if (!inquiry) return <Redirect to={WEB_ROUTES.academicConcierge.path} replace />;
  return (
    <PaymentPageFrame>
      {isPending ? (
        <SetupSpinner label="Loading..." />
      ) : config.data && !takesPayments(config.data) ? (
        <ConciergeNotConfigured />
      ) : (
        <PaymentsGate title={TITLE}>
          {(publishableKey) => (
            <div className="mx-auto w-full max-w-5xl px-5 py-8 sm:px-8 sm:py-12">
              <h1 className="font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">{TITLE}</h1>
              <p className="mt-2 max-w-2xl text-lg text-ink-soft">Check your project, then pay once. We take it from there.</p>
              {/* Summary, payment, then next steps: on phones the price is read before the card and the card comes
                  before what follows it; on wide screens the next steps sit under the summary, beside the card. */}
              <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
                <ProjectSummary inquiry={inquiry} offer={offer} editHref={`${WEB_ROUTES.academicConcierge.path}#inquiry`} />
                <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
                  <PaymentCard>
                    {user ? (
                      <ConciergePayment
                        inquiry={inquiry}
                        publishableKey={publishableKey}
                        onSetupFailure={() => navigate(WEB_ROUTES.academicConcierge.path, { replace: true })}
                      />
                    ) : (
                      <SignInToPay returnPath={WEB_ROUTES.conciergeCheckout.path}>
                        You need a Quire account to pay, so that your receipt and your project are kept together. Sign
                        in, or create a free account, and you will come straight back here. Your project details are
                        kept.
                      </SignInToPay>
                    )}
                    <SupportContact className="mt-5 border-t border-line pt-4" />
                  </PaymentCard>
                </div>
                <NextSteps className="lg:col-start-1" />
              </div>
            </div>
          )}
        </PaymentsGate>
      )}
    </PaymentPageFrame>
  );
}
