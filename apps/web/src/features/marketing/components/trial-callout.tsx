import { Link } from 'wouter';
import { Gift } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

/** The free-trial callout (accounts spec sections 1 and 9). */
export function TrialCallout() {
  return (
    <section aria-labelledby="trial-title" className="px-5 sm:px-8">
      <div className="mx-auto flex max-w-6xl flex-col gap-5 rounded-2xl bg-ink px-6 py-7 text-paper sm:flex-row sm:items-center sm:justify-between sm:px-10">
        <div className="flex items-start gap-4">
          <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-paper/10 sm:flex">
            <Gift aria-hidden="true" className="size-5 text-paper" />
          </span>
          <div>
            <h2 id="trial-title" className="font-display text-2xl font-semibold">
              Your first book is on us.
            </h2>
            <p className="mt-1.5 text-paper/80">
              Every new account gets 1 free export of up to 25 pages (about 12,500 words). No credit card needed.
            </p>
          </div>
        </div>
        <Button asChild size="lg" className="bg-paper text-ink hover:bg-paper-deep">
          <Link href="/register">Start Free Trial</Link>
        </Button>
      </div>
    </section>
  );
}
