import { Code, FileWarning, ImageOff, Link2Off, Sigma, Table, type LucideIcon } from 'lucide-react';
import type { Diagnostic } from '@quire/contracts';
import { cn } from '../../../../lib/cn.ts';

/** The icon of each kind of note (contracts `DIAGNOSTIC_CODES`), so a long list can be scanned by eye. */
const ICONS: Readonly<Record<Diagnostic['code'], LucideIcon>> = {
  'unsupported-element': FileWarning,
  'image-missing': ImageOff,
  'image-refused': ImageOff,
  'image-low-resolution': ImageOff,
  'latex-command': Code,
  'latex-mapped': Code,
  'crossref-unresolved': Link2Off,
  'math-unconverted': Sigma,
  'table-shrunk': Table,
  'table-rotated': Table,
  'table-simplified': Table,
  other: FileWarning,
};

/** Most notes shown before "Show all"; a thesis full of one LaTeX command is one note with a count anyway. */
const FIRST_NOTES = 8;

/**
 * What a reader or writer could not keep or had to change (issue "Nothing silent"), one line each: where in the text
 * (the chapter or table), what happened in plain words, and how many times. `title` names the list for screen
 * readers and is shown as its heading; `icon`, when given, marks every line instead of each kind's own icon.
 */
export function DiagnosticList({
  diagnostics,
  title,
  intro,
  className,
  headingLevel = 'h3',
  icon,
}: {
  diagnostics: readonly Diagnostic[];
  title: string;
  intro?: string;
  className?: string;
  headingLevel?: 'h3' | 'h4';
  icon?: LucideIcon;
}) {
  if (diagnostics.length === 0) return null;
  const Heading = headingLevel;
  const first = diagnostics.slice(0, FIRST_NOTES);
  const rest = diagnostics.slice(FIRST_NOTES);
  return (
    <section aria-label={title} className={cn('rounded-lg border border-warning/25 bg-warning-soft/60 px-4 py-3.5 sm:px-5', className)}>
      <Heading className="text-sm font-semibold text-ink">{title}</Heading>
      {intro && <p className="mt-1 text-sm text-ink-soft">{intro}</p>}
      <ul className="mt-2 flex flex-col gap-2">
        {first.map((d, i) => (
          <DiagnosticItem key={`${d.code}-${i}`} diagnostic={d} icon={icon} />
        ))}
      </ul>
      {rest.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer rounded font-medium text-accent-ink underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent">
            Show {rest.length === 1 ? 'one more note' : `${rest.length} more notes`}
          </summary>
          <ul className="mt-2 flex flex-col gap-2">
            {rest.map((d, i) => (
              <DiagnosticItem key={`${d.code}-more-${i}`} diagnostic={d} icon={icon} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function DiagnosticItem({ diagnostic, icon }: { diagnostic: Diagnostic; icon: LucideIcon | undefined }) {
  const Icon = icon ?? ICONS[diagnostic.code] ?? FileWarning;
  return (
    <li className="flex items-start gap-2 text-sm text-ink-soft">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <span className="min-w-0 break-words">
        {diagnostic.where && <span className="font-medium text-ink">{diagnostic.where}: </span>}
        {diagnostic.message}
        {diagnostic.count && diagnostic.count > 1 && <span className="text-muted"> ({diagnostic.count.toLocaleString('en-US')} times)</span>}
      </span>
    </li>
  );
}
