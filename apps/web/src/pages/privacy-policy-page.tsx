import { LastUpdated, LegalDocument } from '../features/legal/components/legal-document.tsx';
import { privacyPolicySections } from '../features/legal/content/privacy-policy.tsx';
import { LEGAL_LAST_UPDATED, PRIVACY_POLICY_PATH } from '../features/legal/lib/legal-pages.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { PageIntro, PublicPageFrame } from './public-page-frame.tsx';

/**
 * /privacy-policy (workspace spec section 2, "Other pages"): what Quire keeps, where, who else handles it, for how
 * long, what deleting the account removes (from /account), the browser storage it uses, and how to reach the team
 * (the server's support address). Every statement is checked against the server; see features/legal/content.
 */
export function PrivacyPolicyPage() {
  usePageMeta({
    title: 'Privacy Policy — Quire',
    description:
      'What Quire keeps about you and your books, where and for how long, who else handles it (Stripe, e-mail, an optional AI service), and how deleting your account removes it.',
    canonicalPath: PRIVACY_POLICY_PATH,
  });
  return (
    <PublicPageFrame>
      <PageIntro eyebrow="Legal" title="Privacy Policy">
        <p>What Quire keeps about you and your books, why, for how long, and how to have it deleted.</p>
        <LastUpdated day={LEGAL_LAST_UPDATED} />
      </PageIntro>
      <LegalDocument sections={privacyPolicySections()} />
    </PublicPageFrame>
  );
}
