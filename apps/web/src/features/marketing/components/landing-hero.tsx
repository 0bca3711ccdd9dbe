import { Link } from 'wouter';
import { ArrowRight, Check } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { HeroSpread } from './hero-spread.tsx';

const TRIAL_POINTS = ['1 free export', 'Up to 25 pages', 'No credit card'] as const;

/** Landing hero: the promise, the free trial and a spread of a book Quire typeset. */
export function LandingHero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-5 pt-12 pb-16 sm:px-8 sm:pt-16 lg:grid-cols-[1.05fr_1fr] lg:gap-10 lg:pt-20 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-line-strong/70 bg-surface px-3 py-1 text-xs font-medium text-ink-soft">
            <span className="size-1.5 rounded-full bg-accent" aria-hidden="true" />
            Book formatting for self-publishing platforms
          </p>
          <h1
            id="hero-title"
            className="mt-6 font-display text-[2.5rem] leading-[1.08] font-semibold tracking-tight text-ink sm:text-5xl lg:text-[3.5rem]"
          >
            From raw text to a book <span className="text-accent">the stores accept.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-soft">
            Import a manuscript, a thesis or a public-domain text. Quire cleans the formatting, sets it in a 6 × 9 in
            paperback layout and exports a print-ready PDF, an EPUB 3, a Word file and HTML.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link href="/register">
                Start Free Trial <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <a href="#how-it-works">See how it works</a>
            </Button>
          </div>
          <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted">
            {TRIAL_POINTS.map((point) => (
              <li key={point} className="flex items-center gap-1.5">
                <Check aria-hidden="true" className="size-4 text-accent" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <HeroSpread />
      </div>
    </section>
  );
}
