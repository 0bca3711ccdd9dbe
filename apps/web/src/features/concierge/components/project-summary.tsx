import { Link } from 'wouter';
import { GraduationCap, Pencil } from 'lucide-react';
import { formatUsd, type ConciergeInquiry, type OneTimeOffer } from '@quire/contracts';
import { SectionCard, SectionCardRow, SectionCardTotal } from '../../../components/ui/card.tsx';
import { STATUS_LABELS } from '../lib/concierge-content.ts';

/**
 * The checkout's project summary (accounts spec section 2: project name, degree, field, title): the project is named
 * after the thesis; the price is the catalogue's (`offer` undefined while it loads).
 */
export function ProjectSummary({ inquiry, offer, editHref }: { inquiry: ConciergeInquiry; offer: OneTimeOffer | undefined; editHref?: string }) {
  const rows: [string, string][] = [
    ['Degree', inquiry.degree],
    ['Field', inquiry.fieldOfStudy],
    ['Title', inquiry.thesisTitle],
    ['Status', STATUS_LABELS[inquiry.currentStatus]],
  ];
  if (inquiry.institution) rows.push(['Institution', inquiry.institution]);
  return (
    <SectionCard
      title="Project summary"
      aside={
        editHref && (
          <Link href={editHref} className="flex items-center gap-1.5 text-sm font-medium text-accent-ink underline-offset-4 hover:underline">
            <Pencil aria-hidden="true" className="size-3.5" /> Edit details
          </Link>
        )
      }
    >
      <div className="flex items-start gap-3 px-5 py-4 sm:px-6">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
          <GraduationCap aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">Project</p>
          <p className="font-display text-lg leading-snug font-semibold [overflow-wrap:anywhere]">{inquiry.thesisTitle}</p>
          <p className="text-sm text-ink-soft">
            for {inquiry.name} · {inquiry.email}
          </p>
        </div>
      </div>
      <SectionCardRow>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted">{term}</dt>
              <dd className="text-ink [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
      </SectionCardRow>
      <SectionCardTotal
        label={offer?.name ?? 'Academic Concierge'}
        amount={offer ? formatUsd(offer.priceCents) : null}
        before={
          offer?.listPriceCents != null && (
            <s className="text-sm text-muted">
              <span className="sr-only">was </span>
              {formatUsd(offer.listPriceCents)}
            </s>
          )
        }
      />
    </SectionCard>
  );
}
