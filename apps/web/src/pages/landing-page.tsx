import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../components/ui/button.tsx';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../components/layout/skip-link.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { BeforeAfterExample } from '../features/marketing/components/before-after-example.tsx';
import { ConciergeOffer } from '../features/marketing/components/concierge-offer.tsx';
import { ContentTypeCards } from '../features/marketing/components/content-type-cards.tsx';
import { FeaturesSection } from '../features/marketing/components/features-section.tsx';
import { LandingHeader } from '../features/marketing/components/landing-header.tsx';
import { LandingHero } from '../features/marketing/components/landing-hero.tsx';
import { PricingSection } from '../features/marketing/components/pricing-section.tsx';
import { DemoToggleSection } from '../features/marketing/components/demo-toggle.tsx';
import { TrialCallout } from '../features/marketing/components/trial-callout.tsx';
import { WorkflowSteps } from '../features/marketing/components/workflow-steps.tsx';

// The exit-intent popup loads after the page is up: it opens at the earliest 15 s later, and the first script is
// what a phone waits for.
const ExitIntentPopup = lazy(() =>
  import('../features/exit-intent/components/exit-intent-popup.tsx').then((m) => ({ default: m.ExitIntentPopup })),
);

/** The exit-intent popup, mounted once the page has been drawn (and taken over, when it came rendered). */
function DeferredExitIntentPopup() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready ? (
    <Suspense fallback={null}>
      <ExitIntentPopup />
    </Suspense>
  ) : null;
}

/**
 * `/` for visitors who are not signed in (and while sign-in is being checked). The sections in the order of the
 * accounts spec (section 2): hero, free-trial callout, demo toggle, content-type cards, workflow steps, features,
 * before/after example, pricing, concierge offer, footer.
 */
export function LandingPage() {
  usePageMeta({
    title: 'Quire — Format your book for print and e-book stores',
    description:
      'Import a manuscript, thesis or public-domain text. Quire cleans the formatting and exports a print-ready 6x9 PDF, an EPUB 3, a Word file and HTML. First export free.',
    keywords:
      'book formatting, KDP formatting, 6x9 paperback, EPUB, print-ready PDF, thesis formatting, self-publishing, public domain books',
    canonicalPath: '/',
  });
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <LandingHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        <LandingHero />
        <TrialCallout />
        <DemoToggleSection />
        <ContentTypeCards />
        <WorkflowSteps />
        <FeaturesSection />
        <BeforeAfterExample />
        <PricingSection
          renderAction={(plan) => (
            <Button asChild variant={plan.mostPopular ? 'primary' : 'secondary'} className="w-full">
              <Link href="/register">Start Free Trial</Link>
            </Button>
          )}
          note="Every plan starts with a free trial: 1 free export of up to 25 pages, no credit card."
        />
        <ConciergeOffer />
      </main>
      <SiteFooter />
      <DeferredExitIntentPopup />
    </div>
  );
}
