import { ArrowRight, Image } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';

/** Covers tab: covers arrive in a later version; the step can be skipped. */
export function CoversTab({ onSkip }: { onSkip: () => void }) {
  const skip = () => {
    toast({ title: 'Covers skipped' });
    onSkip();
  };
  return (
    <section aria-labelledby="covers-title" className="rounded-xl border border-line bg-surface p-5 shadow-card sm:p-6">
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-ink">
          <Image aria-hidden="true" className="size-6" />
        </span>
        <div className="flex-1">
          <h2 id="covers-title" className="font-display text-xl font-semibold">
            Covers are coming
          </h2>
          <p className="mt-1.5 max-w-2xl text-sm text-ink-soft">
            Cover design, with text-only templates and illustrated styles, arrives in a later version of Quire. Your
            interior files do not depend on it: Amazon KDP and the e-book stores take the cover as a separate upload.
          </p>
          <Button className="mt-5" onClick={skip}>
            Skip covers <ArrowRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </section>
  );
}
