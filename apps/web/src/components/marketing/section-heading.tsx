/**
 * A public page's section heading: a short eyebrow line in the accent colour above an h2. `id` labels the section
 * (`aria-labelledby`).
 */
export function SectionHeading({ id, eyebrow, title, lead }: { id: string; eyebrow: string; title: string; lead?: string }) {
  return (
    <div>
      <p className="text-sm font-semibold tracking-wide text-accent uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-1 font-display text-2xl font-semibold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {lead && <p className="mt-2 max-w-2xl text-ink-soft">{lead}</p>}
    </div>
  );
}
