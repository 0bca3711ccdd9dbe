import { PLAN_CATALOGUE } from '@quire/contracts';
import { usePlanCatalogue } from '../features/billing/api/get-plans.ts';
import { LastUpdated, LegalDocument } from '../features/legal/components/legal-document.tsx';
import { termsOfServiceSections } from '../features/legal/content/terms-of-service.tsx';
import { LEGAL_LAST_UPDATED, TERMS_OF_SERVICE_PATH } from '../features/legal/lib/legal-pages.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { PageIntro, PublicPageFrame } from './public-page-frame.tsx';

/**
 * /terms-of-service (workspace spec section 2, "Other pages"): the agreement, the free trial, plans and prices,
 * billing and cancellation with 30 days' notice of price changes, one-time purchases, the Academic Concierge, the
 * user's responsibility for what they publish, acceptable use, liability, changes and contact. Prices come from the
 * catalogue (GET /api/plans; the built-in copy of the same catalogue until it answers, so the page is whole at once).
 */
export function TermsOfServicePage() {
  usePageMeta({
    title: 'Terms of Service — Quire',
    description:
      'The terms of using Quire: the free trial, monthly plans and one-time purchases, billing and cancellation, the Academic Concierge, and your responsibility for what you publish.',
    canonicalPath: TERMS_OF_SERVICE_PATH,
  });
  const catalogue = usePlanCatalogue();
  return (
    <PublicPageFrame>
      <PageIntro eyebrow="Legal" title="Terms of Service">
        <p>The agreement between you and Quire: what we provide, what you pay, and what stays your responsibility.</p>
        <LastUpdated day={LEGAL_LAST_UPDATED} />
      </PageIntro>
      <LegalDocument sections={termsOfServiceSections(catalogue.data ?? PLAN_CATALOGUE)} />
    </PublicPageFrame>
  );
}
