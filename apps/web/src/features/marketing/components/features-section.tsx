import { BookOpenCheck, FileText, ListChecks, PenLine, Printer, Tablet } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

const FEATURES = [
  {
    icon: ListChecks,
    title: 'Cleanup you can see',
    text: 'Each cleanup pass reports what it changed: boilerplate and page numbers removed, broken words and paragraphs rejoined, quotes curled, footnotes linked, chapters and parts found. Changed your mind? Undo it.',
  },
  {
    icon: BookOpenCheck,
    title: 'Formatting, not content',
    text: 'Quire changes how your text is set, never what it says. Word counts before and after cleanup keep it honest.',
  },
  {
    icon: PenLine,
    title: 'Edit before you format',
    text: 'Read the cleaned text in the browser and correct anything by hand before it is set in type.',
  },
  {
    icon: Printer,
    title: 'Print-ready PDF',
    text: 'A 6 × 9 in paperback interior with embedded fonts, mirrored margins (0.9 in inside, 0.6 in outside) and proper chapter openings.',
  },
  {
    icon: Tablet,
    title: 'EPUB 3 for e-book stores',
    text: 'A reflowable EPUB with a navigation document and store metadata: title, author, language, description and keywords.',
  },
  {
    icon: FileText,
    title: 'Word and HTML as well',
    text: 'A .docx with real heading and body styles for editors, plus print-ready and EPUB-ready HTML.',
  },
] as const;

/** The features grid (anchor #features). */
export function FeaturesSection({ className }: { className?: string }) {
  return (
    <section id="features" aria-labelledby="features-title" className={cn('scroll-mt-20 border-y border-line bg-paper-deep/50', className)}>
      <div className="mx-auto max-w-6xl px-5 py-20 sm:px-8">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">Features</p>
          <h2 id="features-title" className="mt-2 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
            Built for people who care how a page looks
          </h2>
          <p className="mt-4 text-lg text-ink-soft">
            For graduate students with a thesis, independent authors with a manuscript and publishers of public-domain
            classics.
          </p>
        </div>
        <ul className="mt-12 grid gap-x-10 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="flex gap-4">
              <feature.icon aria-hidden="true" className="mt-1 size-5 shrink-0 text-accent" />
              <div>
                <h3 className="font-semibold text-ink">{feature.title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted">{feature.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
