import type { ReactNode } from 'react';
import { formatDay } from '../../../lib/format-date.ts';
import type { LegalSection } from '../lib/legal-pages.ts';

/** "Last updated 27 November 2026", with the machine-readable day in `<time>`. */
export function LastUpdated({ day }: { day: string }) {
  return (
    <p className="mt-3 text-base text-muted">
      Last updated <time dateTime={day}>{formatDay(day, 'd MMMM yyyy')}</time>
    </p>
  );
}

/**
 * The body of a legal page: a numbered table of contents linking to each section's anchor, then the sections, each a
 * region named by its heading. The text column stops near 70 characters a line, where long reading stays comfortable;
 * the contents sit beside it on wide screens and above it on narrow ones.
 */
export function LegalDocument({ sections, children }: { sections: LegalSection[]; children?: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-5 py-12 sm:px-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16 lg:py-16">
      <nav aria-labelledby="legal-contents-title" className="self-start rounded-xl border border-line bg-surface p-5 lg:sticky lg:top-24">
        <h2 id="legal-contents-title" className="text-sm font-semibold tracking-wide text-accent uppercase">
          Contents
        </h2>
        <ol className="mt-3 flex list-decimal flex-col gap-2 pl-5 text-sm text-ink-soft marker:text-muted">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="underline-offset-4 hover:text-ink hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="flex min-w-0 max-w-[70ch] flex-col gap-12">
        {children}
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
            <h2 id={`${section.id}-title`} className="font-display text-2xl font-semibold tracking-tight text-ink">
              <span className="text-muted">{index + 1}.</span> {section.title}
            </h2>
            <div className={LEGAL_TEXT}>{section.body}</div>
          </section>
        ))}
      </div>
    </div>
  );
}

/**
 * Typography of the sections' running text, set once here so the content files stay plain paragraphs and lists:
 * spacing between blocks, bullets, sub-headings, links that look like links, and inline code for storage keys.
 */
const LEGAL_TEXT = [
  'mt-4 flex flex-col gap-4 leading-relaxed text-ink-soft',
  '[&_h3]:mt-2 [&_h3]:font-semibold [&_h3]:text-ink',
  '[&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-2 [&_ul]:pl-6 [&_ul]:marker:text-muted',
  '[&_strong]:font-semibold [&_strong]:text-ink',
  '[&_a]:font-medium [&_a]:text-accent-ink [&_a]:underline [&_a]:underline-offset-4',
  '[&_code]:rounded [&_code]:bg-paper-deep [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em] [&_code]:text-ink',
].join(' ');

/**
 * A small table of facts (prices, storage keys) with a visible caption. Below its minimum width it scrolls sideways
 * inside its frame, so that a phone shows readable columns instead of one word a line.
 */
export function LegalTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-surface">
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption className="border-b border-line px-4 py-3 text-left font-semibold text-ink">{caption}</caption>
        <thead>
          <tr className="border-b border-line bg-paper-deep/50">
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-4 py-2 font-semibold text-ink">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="border-b border-line last:border-b-0">
              {row.map((cell, c) =>
                c === 0 ? (
                  <th key={c} scope="row" className="px-4 py-2 align-top font-medium text-ink">
                    {cell}
                  </th>
                ) : (
                  <td key={c} className="px-4 py-2 align-top">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
