import type { CleanReport } from '@quire/contracts';
import { DiagnosticList } from './diagnostic-list.tsx';

/** What cleanup did: each pass with its count, chapters and parts found, words. */
export function CleanReportView({ report }: { report: CleanReport }) {
  const stats = [
    { label: 'Words', value: report.wordCount },
    { label: 'Chapters found', value: report.chaptersFound },
    { label: 'Parts found', value: report.partsFound },
  ];
  return (
    <section aria-labelledby="clean-report-title" className="rounded-xl border border-line bg-surface p-5 shadow-card sm:p-6">
      <h3 id="clean-report-title" className="font-display text-lg font-semibold">
        Cleanup report
      </h3>
      <dl className="mt-4 grid grid-cols-3 gap-3">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-lg bg-paper-deep/70 px-3 py-3">
            <dt className="text-xs text-muted">{stat.label}</dt>
            <dd className="mt-1 font-display text-xl font-semibold tabular-nums sm:text-2xl">
              {stat.value.toLocaleString('en-US')}
            </dd>
          </div>
        ))}
      </dl>
      {report.passes.length > 0 ? (
        <table className="mt-5 w-full text-sm">
          <caption className="sr-only">Changes made by each cleanup pass</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Change</th>
              <th scope="col">Count</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {report.passes.map((pass) => (
              <tr key={pass.id} className={pass.count === 0 ? 'text-muted' : 'text-ink-soft'}>
                <th scope="row" className="py-2 pr-4 text-left font-normal">
                  {pass.label}
                </th>
                <td className="py-2 text-right font-medium tabular-nums">{pass.count.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-4 text-sm text-muted">The text needed no changes.</p>
      )}
      <DiagnosticList
        className="mt-5"
        diagnostics={report.diagnostics ?? []}
        title="What the import could not keep as it was"
        intro="Everything else of your file is in the text below. Fix these in your file and import it again, or edit the text here."
        headingLevel="h4"
      />
    </section>
  );
}
