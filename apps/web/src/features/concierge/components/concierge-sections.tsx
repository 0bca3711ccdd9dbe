import { CircleUserRound } from 'lucide-react';
import type { OneTimeOffer } from '@quire/contracts';
import { OfferPrice } from '../../../components/marketing/offer-price.tsx';
import { PointList } from '../../../components/marketing/point-list.tsx';
import { SectionHeading } from '../../../components/marketing/section-heading.tsx';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../../components/ui/accordion.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { AUTHOR_RESPONSIBILITIES, CONCIERGE_FAQ, CONCIERGE_FEATURES, CONCIERGE_TIMELINE } from '../lib/concierge-content.ts';

/** The concierge's price from the catalogue: the list price struck through, then today's; a skeleton while loading. */
export function ConciergePrice({ offer }: { offer: OneTimeOffer | undefined }) {
  if (!offer) return <Skeleton className="h-12 w-48" />;
  return (
    <OfferPrice offer={offer}>
      <span className="text-sm text-muted">one payment, no subscription</span>
    </OfferPrice>
  );
}

/** What the service includes. */
export function ConciergeFeatures() {
  return (
    <section aria-labelledby="concierge-features-title" className="flex flex-col gap-6">
      <SectionHeading id="concierge-features-title" eyebrow="What you get" title="Everything from manuscript to bookstore" />
      <PointList points={CONCIERGE_FEATURES} marker="checks" />
    </section>
  );
}

/** The 14-day timeline, as an ordered list of its five steps. */
export function ConciergeTimeline() {
  return (
    <section aria-labelledby="concierge-timeline-title" className="flex flex-col gap-6">
      <SectionHeading id="concierge-timeline-title" eyebrow="14 days" title="From manuscript to published book" />
      <PointList points={CONCIERGE_TIMELINE} marker="steps" columns={5} />
    </section>
  );
}

/** What the author does and keeps (the book is published in their name). */
export function AuthorResponsibilities() {
  return (
    <section aria-labelledby="concierge-responsibilities-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-paper-deep/50 p-6 sm:p-8">
      <div className="flex items-start gap-3">
        <CircleUserRound aria-hidden="true" className="mt-1 size-6 shrink-0 text-accent" />
        <div>
          <h2 id="concierge-responsibilities-title" className="font-display text-2xl font-semibold tracking-tight">
            What stays with you
          </h2>
          <p className="mt-1 text-ink-soft">Your book is published in your name, so these remain yours. We guide you through each one.</p>
        </div>
      </div>
      <ul className="grid gap-x-8 gap-y-2 text-ink-soft sm:grid-cols-2">
        {AUTHOR_RESPONSIBILITIES.map((item) => (
          <li key={item} className="flex items-start gap-2">
            <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-accent" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Questions a graduate student asks before paying. */
export function ConciergeFaq() {
  return (
    <section aria-labelledby="concierge-faq-title" className="flex flex-col gap-4">
      <SectionHeading id="concierge-faq-title" eyebrow="Questions" title="Frequently asked questions" />
      <Accordion type="single" collapsible className="rounded-xl border border-line bg-surface px-5 shadow-card">
        {CONCIERGE_FAQ.map((item) => (
          <AccordionItem key={item.question} value={item.question}>
            <AccordionTrigger>{item.question}</AccordionTrigger>
            <AccordionContent>{item.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
