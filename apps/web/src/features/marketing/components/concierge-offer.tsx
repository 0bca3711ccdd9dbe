import { Link } from 'wouter';
import { ArrowRight } from 'lucide-react';
import { PLAN_CATALOGUE } from '@quire/contracts';
import { OfferPrice } from '../../../components/marketing/offer-price.tsx';
import { PointList, type Point } from '../../../components/marketing/point-list.tsx';
import { SectionHeading } from '../../../components/marketing/section-heading.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** The service in four points; the concierge page (/academic-concierge) lists all of it. */
const CONCIERGE_POINTS: readonly Point[] = [
  { title: 'Formatted for print and e-book', detail: 'Your thesis set as a 6x9 paperback and an EPUB, front matter to references.' },
  { title: '3 cover concepts', detail: 'Three designs to choose from, the chosen one finished for print and the store.' },
  { title: 'Store setup and upload', detail: 'Your author account prepared with you, description and keywords written, files uploaded.' },
  { title: 'Published in 14 days', detail: 'Two revision rounds on the way, then 30 days of support after launch.' },
];

/**
 * The concierge offer of the landing page (accounts spec section 2): the Academic Publishing Concierge, its price and
 * struck-through list price from the price catalogue (contracts PLAN_CATALOGUE, read at build time like the pricing
 * section, so the prerendered page carries it), and the way to /academic-concierge.
 */
export function ConciergeOffer() {
  const offer = PLAN_CATALOGUE.oneTime.find((o) => o.id === 'concierge');
  if (!offer) return null;
  return (
    <section aria-labelledby="concierge-offer-title" className="border-t border-line bg-paper-deep/50">
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-20 sm:px-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-center">
        <div>
          <SectionHeading
            id="concierge-offer-title"
            eyebrow="Academic Publishing Concierge"
            title="Rather have it done for you?"
            lead="Send us your finished thesis or dissertation. We format it, design the cover and publish it with you, in your name, with every right and royalty yours."
          />
          <div className="mt-8">
            <PointList points={CONCIERGE_POINTS} marker="checks" label="What the concierge includes" />
          </div>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-7 shadow-lift">
          <p className="font-semibold text-ink">{offer.name}</p>
          <OfferPrice offer={offer} className="mt-3" />
          <p className="mt-2 text-sm text-muted">One payment, no subscription.</p>
          <Button asChild size="lg" className="mt-6 w-full">
            <Link href="/academic-concierge">
              About the concierge <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
