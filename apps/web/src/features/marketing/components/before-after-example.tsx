import { PointList, type Point } from '../../../components/marketing/point-list.tsx';
import { SectionHeading } from '../../../components/marketing/section-heading.tsx';

/**
 * The opening of Pride and Prejudice exactly as Project Gutenberg publishes it (pg1342.txt, lines 21-63 of the 2018
 * UTF-8 edition, carriage returns dropped): the library's marker, the volunteer credit, the e-text's own title
 * lines, the chapter label, lines wrapped at 72 characters, and underscores where the printed book had italics.
 */
export const GUTENBERG_OPENING = `*** START OF THIS PROJECT GUTENBERG EBOOK PRIDE AND PREJUDICE ***




Produced by Anonymous Volunteers





PRIDE AND PREJUDICE

By Jane Austen



Chapter 1


It is a truth universally acknowledged, that a single man in possession
of a good fortune, must be in want of a wife.

However little known the feelings or views of such a man may be on his
first entering a neighbourhood, this truth is so well fixed in the minds
of the surrounding families, that he is considered the rightful property
of some one or other of their daughters.

“My dear Mr. Bennet,” said his lady to him one day, “have you heard that
Netherfield Park is let at last?”

Mr. Bennet replied that he had not.

“But it is,” returned she; “for Mrs. Long has just been here, and she
told me all about it.”

Mr. Bennet made no answer.

“Do you not want to know who has taken it?” cried his wife impatiently.

“_You_ want to tell me, and I have no objection to hearing it.”

This was invitation enough.`;

/** What changed between the two sides, each visible when they are compared. */
const CHANGES: readonly Point[] = [
  { title: 'Library marker and volunteer credit removed; title and author moved to the title page' },
  { title: 'Lines rejoined into paragraphs, then justified and hyphenated' },
  { title: '“Chapter 1” set as a chapter opening, CHAPTER I, with a fleuron and a drop capital' },
  { title: '_You_ set in italics' },
];

/**
 * The before/after example (accounts spec section 2): a real page of a real book, the raw Project Gutenberg text
 * beside the page Quire typeset from it (`public/landing/chapter-one-opening.webp`, made by
 * `scripts/make-landing-images.ts`).
 */
export function BeforeAfterExample() {
  return (
    <section aria-labelledby="before-after-title" className="mx-auto max-w-6xl px-5 py-20 sm:px-8">
      <SectionHeading
        id="before-after-title"
        eyebrow="Before and after"
        title="The same page, before and after Quire"
        lead="The opening of Pride and Prejudice as Project Gutenberg publishes it, and the page Quire set from it in the Classic Literature template, unretouched."
      />
      <div className="mt-10 grid items-start gap-6 lg:grid-cols-2">
        <figure className="flex min-w-0 flex-col">
          <figcaption className="mb-3 flex items-baseline justify-between gap-3 text-sm">
            <span className="font-semibold text-ink">Before: pg1342.txt</span>
            <span className="text-muted">Plain text, 72-character lines</span>
          </figcaption>
          <pre
            tabIndex={0}
            className="max-h-[34rem] overflow-auto rounded-xl border border-line bg-paper-deep/60 p-4 font-mono text-xs leading-[1.55] whitespace-pre text-ink-soft sm:p-5 sm:text-[0.78rem] lg:aspect-[800/1236] lg:text-[0.68rem] xl:text-[0.72rem] lg:max-h-none"
          >
            {GUTENBERG_OPENING}
          </pre>
        </figure>
        <figure className="flex min-w-0 flex-col">
          <figcaption className="mb-3 flex items-baseline justify-between gap-3 text-sm">
            <span className="font-semibold text-ink">After: page 1 of the paperback</span>
            <span className="text-muted">5.5 × 8.5 in, EB Garamond</span>
          </figcaption>
          <img
            src="/landing/chapter-one-opening.webp"
            width={800}
            height={1236}
            loading="lazy"
            decoding="async"
            alt="The first page of Chapter I set by Quire: the heading CHAPTER I over a fleuron, then “It is a truth universally acknowledged” opening with a three-line drop capital I and a small-capital lead-in, the paragraphs justified, and “You” in italics."
            className="h-auto w-full rounded-xl border border-line-strong/70 shadow-lift"
          />
        </figure>
      </div>
      <div className="mt-8">
        <PointList points={CHANGES} marker="arrows" />
      </div>
    </section>
  );
}
