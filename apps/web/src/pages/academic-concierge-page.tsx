import { useState } from 'react';
import { useLocation } from 'wouter';
import { ArrowDown, Clock, ShieldCheck } from 'lucide-react';
import { PLAN_CATALOGUE, WEB_ROUTES } from '@quire/contracts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { findOneTime, usePlanCatalogue } from '../features/billing/api/get-plans.ts';
import {
  AuthorResponsibilities,
  ConciergeFaq,
  ConciergeFeatures,
  ConciergePrice,
  ConciergeTimeline,
} from '../features/concierge/components/concierge-sections.tsx';
import { InquiryForm } from '../features/concierge/components/inquiry-form.tsx';
import { loadInquiry, saveInquiry } from '../features/concierge/lib/inquiry-storage.ts';
import { PaymentPageFrame } from './payment-page-frame.tsx';

/** The concierge offer of the catalogue (GET /api/plans); the built-in catalogue if the server's cannot be read. */
function useConciergeOffer() {
  const catalogue = usePlanCatalogue();
  return findOneTime(catalogue.data ?? (catalogue.isError ? PLAN_CATALOGUE : undefined), 'concierge');
}

/**
 * /academic-concierge (accounts spec section 2): the done-for-you service for graduate authors: its price, what it
 * includes, the 14-day timeline, what stays with the author, questions, and the inquiry that leads to the checkout.
 */
export function AcademicConciergePage() {
  usePageMeta({
    title: 'Academic Publishing Concierge — Quire',
    description:
      'We turn your thesis or dissertation into a published paperback and e-book in 14 days: formatting, 3 cover concepts, store setup, description, ISBN guidance and 30 days of support.',
    keywords: 'publish dissertation, thesis to book, dissertation publishing service, academic book formatting, self-publish thesis',
    canonicalPath: WEB_ROUTES.academicConcierge.path,
  });
  const offer = useConciergeOffer();
  const [, navigate] = useLocation();
  // Back from the checkout, the inquiry is filled in again.
  const [initial] = useState(loadInquiry);

  return (
    <PaymentPageFrame>
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-16 px-5 py-10 sm:gap-20 sm:px-8 sm:py-16">
        <section aria-labelledby="concierge-title" className="grid items-center gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-accent uppercase">Academic Publishing Concierge</p>
            <h1 id="concierge-title" className="mt-2 font-display text-4xl leading-tight font-semibold tracking-tight sm:text-5xl">
              Your thesis, published as a book in 14 days
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-ink-soft">
              You wrote the dissertation. We do the rest: formatting for print and e-book, a cover, your store listing and
              the upload, with you approving every stage and keeping every right.
            </p>
            <ul className="mt-6 flex flex-col gap-2 text-sm text-ink-soft sm:flex-row sm:gap-6">
              <li className="flex items-center gap-2">
                <Clock aria-hidden="true" className="size-4 text-accent" /> Contact within 24 hours
              </li>
              <li className="flex items-center gap-2">
                <ShieldCheck aria-hidden="true" className="size-4 text-accent" /> Published in your name, royalties to you
              </li>
            </ul>
          </div>
          <Card className="p-6 sm:p-7">
            <p className="font-semibold text-ink">{offer?.name ?? 'Academic Concierge'}</p>
            <div className="mt-3">
              <ConciergePrice offer={offer} />
            </div>
            <p className="mt-3 text-sm text-ink-soft">
              Traditional formatting services alone charge $300–800 per book.
            </p>
            <Button asChild size="lg" className="mt-6 w-full">
              <a href="#inquiry">
                Start Your Project <ArrowDown aria-hidden="true" />
              </a>
            </Button>
          </Card>
        </section>

        <ConciergeFeatures />
        <ConciergeTimeline />
        <AuthorResponsibilities />

        <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)] lg:gap-10">
          <ConciergeFaq />
          <section id="inquiry" aria-labelledby="concierge-inquiry-title" className="scroll-mt-24">
            <Card className="p-5 sm:p-7">
              <h2 id="concierge-inquiry-title" className="font-display text-2xl font-semibold tracking-tight">
                Start your project
              </h2>
              <p className="mt-1 mb-6 text-sm text-ink-soft">
                Tell us about your thesis. Next you review your project and pay; nothing is charged before that.
              </p>
              <InquiryForm
                initial={initial}
                onSubmit={(inquiry) => {
                  saveInquiry(inquiry);
                  navigate(WEB_ROUTES.conciergeCheckout.path);
                }}
              />
            </Card>
          </section>
        </div>
      </div>
    </PaymentPageFrame>
  );
}
