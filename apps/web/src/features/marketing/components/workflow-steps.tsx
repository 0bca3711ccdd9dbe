import { Download, FileInput, LayoutTemplate, Sparkles } from 'lucide-react';

const STEPS = [
  {
    title: 'Import',
    icon: FileInput,
    text: 'Paste the address of a public text (a Project Gutenberg book, for example), combine up to 10 into a collection, or upload a file under 10MB: text, Markdown, HTML, Word, EPUB or PDF.',
  },
  {
    title: 'Clean',
    icon: Sparkles,
    text: 'Cleanup strips library boilerplate and scan page numbers, rejoins broken words and lines, curls quotes, links footnotes, keeps verse as verse and finds the chapters. Every change is counted in a report.',
  },
  {
    title: 'Format',
    icon: LayoutTemplate,
    text: 'Add genre, description and keywords, then set the text in a 6 × 9 in paperback layout: serif 11 pt, line height 1.15, gutter-aware margins.',
  },
  {
    title: 'Export',
    icon: Download,
    text: 'Download a print-ready PDF, an EPUB 3 for e-book stores, a Word file for your editor, and print- or EPUB-ready HTML.',
  },
] as const;

/** The four workflow steps: Import, Clean, Format, Export. */
export function WorkflowSteps() {
  return (
    <section id="how-it-works" aria-labelledby="workflow-title" className="mx-auto max-w-6xl scroll-mt-20 px-5 py-20 sm:px-8">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">How it works</p>
        <h2 id="workflow-title" className="mt-2 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
          Four steps from text to bookshelf
        </h2>
      </div>
      <ol className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, index) => (
          <li key={step.title} className="relative rounded-xl border border-line bg-surface p-6 shadow-card">
            <div className="flex items-center justify-between">
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent-soft text-accent-ink">
                <step.icon aria-hidden="true" className="size-5" />
              </span>
              <span className="font-display text-3xl font-semibold text-line-strong" aria-hidden="true">
                {index + 1}
              </span>
            </div>
            <h3 className="mt-5 font-display text-xl font-semibold">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-sm leading-relaxed text-muted">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
