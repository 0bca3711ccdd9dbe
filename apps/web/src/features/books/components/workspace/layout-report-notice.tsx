import { BookOpenText, Info } from 'lucide-react';
import type { LayoutReport } from '@quire/contracts';
import { cn } from '../../../../lib/cn.ts';
import { adjustmentLine, pageCountLine, pageLimitLine } from '../../lib/layout-report.ts';
import { DiagnosticList } from './diagnostic-list.tsx';

/**
 * What the last format measured (contracts `LayoutReportSchema`), as a calm notice in the Format tab: the page count
 * at the trim, the font used, each margin the KDP rules raised (the issue: "where a template's own margin is below a
 * rule, the rule wins and the user is told") and the warnings, such as a book past KDP's page limit.
 */
export function LayoutReportNotice({ report, className }: { report: LayoutReport; className?: string }) {
  const limit = pageLimitLine(report);
  const notes = [...report.adjustments.map(adjustmentLine), ...report.warnings];
  return (
    <section aria-labelledby="layout-report-title" className={cn('rounded-lg border border-accent/20 bg-accent-soft/45 px-4 py-3.5 sm:px-5', className)}>
      <div className="flex items-start gap-3">
        <BookOpenText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
        <div className="flex min-w-0 flex-col gap-1.5">
          <h3 id="layout-report-title" className="text-sm font-semibold text-ink">
            Your book is set: {pageCountLine(report)}
          </h3>
          <p className="text-sm text-ink-soft">
            Set in {report.fontLabel}.{limit && ` ${limit}`}
          </p>
          {notes.length > 0 && (
            <ul aria-label="Layout notes" className="mt-1 flex flex-col gap-1.5">
              {notes.map((note) => (
                <li key={note} className="flex items-start gap-2 text-sm text-ink-soft">
                  <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
                  <span>{note}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <DiagnosticList className="mt-3" diagnostics={report.contentNotes ?? []} title="What the print PDF sets differently" headingLevel="h4" />
    </section>
  );
}

/** One line for the Export tab: `412 pages at 6 x 9 in, set in Times New Roman (…).` and how many notes there are. */
export function LayoutReportLine({ report }: { report: LayoutReport }) {
  const notes = report.adjustments.length + report.warnings.length;
  return (
    <>
      <p className="mt-2 flex items-start gap-2 text-sm text-ink-soft">
        <BookOpenText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
        <span>
          {pageCountLine(report)}, set in {report.fontLabel}.
          {notes > 0 && ` ${notes === 1 ? 'One layout note' : `${notes} layout notes`} in the Format tab.`}
        </span>
      </p>
      <DiagnosticList
        className="mt-3"
        diagnostics={report.contentNotes ?? []}
        title="Before you download: what the book's files set differently"
        intro="Your text keeps these as you wrote them; the exported files could not."
      />
    </>
  );
}
