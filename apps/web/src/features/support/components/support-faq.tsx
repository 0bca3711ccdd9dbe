import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../../components/ui/accordion.tsx';
import type { FaqCategory } from '../lib/faq-content.ts';

/**
 * The FAQ of /contact: each category a titled block (its id an anchor: /contact#billing) with its questions in an
 * accordion, one open at a time per category.
 */
export function SupportFaq({ categories }: { categories: FaqCategory[] }) {
  return (
    <div className="flex flex-col gap-8">
      <nav aria-label="FAQ categories">
        <ul className="flex flex-wrap gap-2">
          {categories.map((category) => (
            <li key={category.id}>
              <a
                href={`#${category.id}`}
                className="inline-flex rounded-full border border-line bg-surface px-3 py-1.5 text-sm font-medium text-ink-soft hover:border-line-strong hover:text-ink"
              >
                {category.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {categories.map((category) => (
        <section key={category.id} id={category.id} aria-labelledby={`${category.id}-title`} className="scroll-mt-24">
          <h3 id={`${category.id}-title`} className="font-display text-xl font-semibold">
            {category.title}
          </h3>
          <Accordion type="single" collapsible className="mt-3 rounded-xl border border-line bg-surface px-5 shadow-card">
            {category.entries.map((entry) => (
              <AccordionItem key={entry.question} value={entry.question}>
                <AccordionTrigger>{entry.question}</AccordionTrigger>
                <AccordionContent>{entry.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </section>
      ))}
    </div>
  );
}
