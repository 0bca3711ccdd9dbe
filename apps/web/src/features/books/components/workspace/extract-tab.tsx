import { ListTree } from 'lucide-react';

/** Extract tab: topic extraction arrives in a later version. */
export function ExtractTab() {
  return (
    <section aria-labelledby="extract-title" className="rounded-xl border border-line bg-surface p-5 shadow-card sm:p-6">
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-ink">
          <ListTree aria-hidden="true" className="size-6" />
        </span>
        <div>
          <h2 id="extract-title" className="font-display text-xl font-semibold">
            Topic extraction is coming
          </h2>
          <p className="mt-1.5 max-w-2xl text-sm text-ink-soft">
            Soon you will be able to gather the passages of a book on one topic (prayer, grace, Christmas…) into a
            book of their own. This step is optional and does not hold up formatting or export.
          </p>
        </div>
      </div>
    </section>
  );
}
