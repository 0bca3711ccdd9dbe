import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { ImportCollectionResponse } from '@quire/contracts';
import { ArrowRight } from 'lucide-react';
import { AppHeader } from '../components/layout/app-header.tsx';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../components/layout/skip-link.tsx';
import { Button } from '../components/ui/button.tsx';
import { UpgradeOfferProvider } from '../components/upgrade-offer-slot.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { displayName, useCurrentUser } from '../features/auth/api/get-current-user.ts';
import { UserMenu } from '../features/auth/components/user-menu.tsx';
import { bookKeys } from '../features/books/api/book-keys.ts';
import { BookList } from '../features/books/components/book-list.tsx';
import { ImportPanel } from '../features/import/components/import-panel.tsx';
import { ImportProgress } from '../features/import/components/import-progress.tsx';
import { FreeTrialBanner } from '../features/billing/components/free-trial-banner.tsx';
import { PlanChoiceButton, PricingNote } from '../features/billing/components/plan-choice-button.tsx';
import { SubscriptionCard } from '../features/billing/components/subscription-card.tsx';
import { UpgradeOfferAlert } from '../features/billing/components/upgrade-offer-alert.tsx';
import { useFeatureAccess } from '../features/billing/hooks/use-feature-access.ts';
import { PreferencesCard } from '../features/preferences/components/preferences-card.tsx';
import { FeaturesSection } from '../features/marketing/components/features-section.tsx';
import { PricingSection } from '../features/marketing/components/pricing-section.tsx';
import { DemoToggleButton, LazyPublishingDemo, PublishingDemoSlot, usePublishingDemo } from '../features/marketing/components/demo-toggle.tsx';
import type { WorkspaceArrival } from './book-workspace-page.tsx';
import { HOME_NAV, TAGLINE } from './signed-in-nav.ts';

/**
 * `/` for a signed-in user (accounts spec section 2 "Home"): the hero ('Start Publishing' opens the import panel,
 * 'View Demo' the four-step demo), then the import panel and the book
 * list beside a side panel (the free-trial banner, the subscription card and the preferences card; below the books on
 * narrow screens), then features and plans. The Publisher plan's batch work (the import panel's Batch tab, the book
 * list's select mode and ZIP export) follows the user's plan; a refusal for the plan shows the billing area's offer.
 */
export function HomePage() {
  usePageMeta({
    title: 'Your books — Quire',
    description: 'Import a book, then clean, format and export it with Quire.',
    robots: 'noindex',
  });
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [importOpen, setImportOpen] = useState(false);
  const [scrollRequest, setScrollRequest] = useState(0);
  const panelRef = useRef<HTMLElement>(null);
  const batchAccess = useFeatureAccess('batch');
  const demo = usePublishingDemo('home-demo');

  const openImport = () => {
    setImportOpen(true);
    setScrollRequest((n) => n + 1);
  };

  useEffect(() => {
    if (scrollRequest === 0 || !panelRef.current) return;
    panelRef.current.scrollIntoView({ behavior: 'smooth', block: 'start' });
    panelRef.current.focus({ preventScroll: true });
  }, [scrollRequest]);

  const onImported = (book: { id: string }, failedImports: ImportCollectionResponse['failedImports'] = []) => {
    void queryClient.invalidateQueries({ queryKey: bookKeys.all });
    // The workspace lists the URLs of a collection that could not be imported (see book-workspace-page.tsx).
    const arrival: WorkspaceArrival = failedImports.length > 0 ? { failedImports } : null;
    navigate(`/format/${encodeURIComponent(book.id)}`, arrival ? { state: arrival } : undefined);
  };
  // A batch stays on this page, showing its result; the new books join the list (so does the book of an import the
  // page found running after a reload).
  const onBatchImported = () => void queryClient.invalidateQueries({ queryKey: bookKeys.all });

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <AppHeader nav={HOME_NAV} tagline={TAGLINE} account={<UserMenu />} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        <section aria-labelledby="home-hero-title" className="border-b border-line bg-paper-deep/40">
          <div className="mx-auto flex max-w-6xl flex-col gap-6 px-5 py-12 sm:px-8 sm:py-16 md:flex-row md:items-end md:justify-between">
            <div className="max-w-2xl">
              <p className="text-sm font-medium text-accent-ink">Welcome back, {displayName(user)}</p>
              <h1 id="home-hero-title" className="mt-2 font-display text-4xl leading-tight font-semibold tracking-tight sm:text-5xl">
                Turn your next text into a finished book.
              </h1>
              <p className="mt-4 text-lg text-ink-soft">
                Import a manuscript or a public-domain text, clean it, format it for a 6 × 9 in paperback and export
                PDF, EPUB, Word and HTML files.
              </p>
            </div>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button size="lg" onClick={openImport} aria-expanded={importOpen} aria-controls="import-panel">
                Start Publishing <ArrowRight aria-hidden="true" />
              </Button>
              <DemoToggleButton toggleProps={demo.toggleProps} />
            </div>
          </div>
          <PublishingDemoSlot id="home-demo" className="mx-auto max-w-6xl px-5 pb-12 sm:px-8 sm:pb-16">
            {demo.open && (
              <LazyPublishingDemo
                onClose={() => demo.close()}
                start={{
                  // The import panel takes focus as it opens, so the demo closes without handing it back to its toggle.
                  onStart: () => {
                    demo.close({ returnFocus: false });
                    openImport();
                  },
                }}
              />
            )}
          </PublishingDemoSlot>
        </section>

        <div className="mx-auto grid max-w-6xl gap-10 px-5 py-10 sm:px-8 sm:py-12 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <UpgradeOfferProvider render={(offer) => <UpgradeOfferAlert {...offer} />}>
            <div className="flex min-w-0 flex-col gap-12">
              <div id="import-panel" className="empty:hidden">
                {importOpen && (
                  <ImportPanel
                    ref={panelRef}
                    onClose={() => setImportOpen(false)}
                    onImported={onImported}
                    batchAccess={batchAccess}
                    onBatchImported={onBatchImported}
                  />
                )}
              </div>
              <ImportProgress onBookMade={onBatchImported} />
              <BookList onImportClick={openImport} batchAccess={batchAccess} />
            </div>
          </UpgradeOfferProvider>
          <aside aria-label="Your account" className="flex flex-col gap-4 lg:sticky lg:top-24">
            <FreeTrialBanner />
            <SubscriptionCard />
            <PreferencesCard />
          </aside>
        </div>

        <FeaturesSection className="mt-8" />
        <PricingSection renderAction={(plan) => <PlanChoiceButton offer={plan} />} note={<PricingNote />} />
      </main>
      <SiteFooter />
    </div>
  );
}
