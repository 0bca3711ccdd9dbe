import { TriangleAlert } from 'lucide-react';
import type { CleanReport, Diagnostic, StructureSummary } from '@quire/contracts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { DiagnosticList } from './diagnostic-list.tsx';

/**
 * What cleanup did: chapters and parts found, words, what Quire found in the book (its structure, with warnings where
 * it looks unreliable; absent on books cleaned before it was kept), each pass with its count, and what the import
 * could not keep.
 */
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
      {report.structure && <StructureFound structure={report.structure} />}
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

/**
 * "What Quire found": the book's divisions and front and back matter as short labels (`2 parts`, `61 chapters`,
 * `Preface`, `3 letters`), then the warnings where the structure looks unreliable, in the notice style of the import's
 * notes.
 */
function StructureFound({ structure }: { structure: StructureSummary }) {
  const warnings = structure.warnings.map((w): Diagnostic => ({ code: 'other', message: w.message }));
  return (
    <>
      {structure.found.length > 0 && (
        <section aria-labelledby="structure-found-title" className="mt-5">
          <h4 id="structure-found-title" className="text-sm font-semibold text-ink">
            What Quire found
          </h4>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {structure.found.map((phrase) => (
              <li key={phrase}>
                <Badge variant="secondary" className="px-3 py-1 text-sm font-normal whitespace-normal">
                  {phrase}
                </Badge>
              </li>
            ))}
          </ul>
        </section>
      )}
      <DiagnosticList
        className="mt-4"
        diagnostics={warnings}
        title="Check the structure before you format"
        intro="Quire may have missed some chapters or found them in the wrong places. Look at these in the text below and fix the headings there."
        headingLevel="h4"
        icon={TriangleAlert}
      />
    </>
  );
}
