import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Lock } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { SectionCard, SectionCardRow } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * A payment page: its heading and lead, then what is bought beside the payment card (stacked on phones, the summary
 * first so that the price is read before the card number).
 */
export function PaymentLayout({ title, lead, summary, children }: { title: string; lead?: ReactNode; summary: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-5 py-8 sm:px-8 sm:py-12">
      <h1 className="font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">{title}</h1>
      {lead && <p className="mt-2 max-w-2xl text-lg text-ink-soft">{lead}</p>}
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
        {summary}
        <PaymentCard>{children}</PaymentCard>
      </div>
    </div>
  );
}

/** The card holding the payment form (or what stands in for it). */
export function PaymentCard({ children }: { children: ReactNode }) {
  return (
    <SectionCard
      title="Payment details"
      aside={
        <p className="flex items-center gap-1.5 text-xs text-muted">
          <Lock aria-hidden="true" className="size-3.5" /> Secured by Stripe
        </p>
      }
    >
      <div className="p-5 sm:p-6">{children}</div>
      <SectionCardRow className="py-3 text-xs text-muted">
        Stripe processes the payment; Quire never sees or stores your card number.
      </SectionCardRow>
    </SectionCard>
  );
}

/**
 * A payment page that has nothing to pay (payments not configured, no document chosen, a missing book, the result
 * of a payment): an icon, the heading, what it means and where to go next.
 */
export function PaymentMessage(props: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  tone?: 'neutral' | 'success' | 'problem';
  /** The heading's level: 1 when the message is the page, 2 inside a payment card. */
  level?: 1 | 2;
}) {
  const { icon, title, children, actions, tone = 'neutral', level = 1 } = props;
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={cn('mx-auto flex w-full flex-col items-center text-center', level === 1 ? 'max-w-lg px-5 py-16 sm:py-24' : 'py-4')}>
      <span
        className={cn(
          'flex size-14 items-center justify-center rounded-full [&_svg]:size-6',
          tone === 'success' ? 'bg-accent-soft text-accent' : tone === 'problem' ? 'bg-destructive-soft text-destructive' : 'bg-paper-deep text-muted',
        )}
      >
        {icon}
      </span>
      <Heading tabIndex={-1} className={cn('mt-5 font-display font-semibold tracking-tight outline-none', level === 1 ? 'text-3xl' : 'text-xl')}>
        {title}
      </Heading>
      <div className="mt-2 flex flex-col gap-2 text-ink-soft">{children}</div>
      {actions && <div className="mt-7 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">{actions}</div>}
    </div>
  );
}

/** A PaymentMessage's way on: a link styled as a button, to the home page (the book list) unless `href` says where. */
export function ActionLink({ label = 'Back to Home', href = '/', variant, size }: {
  label?: string;
  href?: string;
  variant?: 'secondary';
  size?: 'lg';
}) {
  return (
    <Button asChild variant={variant} size={size}>
      <Link href={href}>{label}</Link>
    </Button>
  );
}
