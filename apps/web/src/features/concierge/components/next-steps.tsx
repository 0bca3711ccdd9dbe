import { Link } from 'wouter';
import { CalendarDays, Mail, MessageCircle } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { useSupportContact } from '../../../lib/support-contact.ts';
import { NEXT_STEPS } from '../lib/concierge-content.ts';

const ICONS = [Mail, MessageCircle, CalendarDays];

/** What happens after the payment: email, a call within 24 hours, the 14 days (accounts spec section 2). */
export function NextSteps({ title = 'What happens next', className }: { title?: string; className?: string }) {
  return (
    <section aria-labelledby="concierge-next-steps-title" className={cn('rounded-xl border border-line bg-paper-deep/50 p-5 sm:p-6', className)}>
      <h2 id="concierge-next-steps-title" className="font-semibold text-ink">
        {title}
      </h2>
      <ol className="mt-4 flex flex-col gap-4">
        {NEXT_STEPS.map((step, i) => {
          const Icon = ICONS[i] ?? Mail;
          return (
            <li key={step.title} className="flex items-start gap-3 text-left">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-surface text-accent ring-1 ring-line">
                <Icon aria-hidden="true" className="size-4" />
              </span>
              <div>
                <p className="font-medium text-ink">{step.title}</p>
                <p className="text-sm text-ink-soft">{step.detail}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * The team's address (the server's SUPPORT_EMAIL) as a mailto link; a short skeleton while it loads, and the contact
 * page instead when it cannot be read.
 */
export function SupportContact({ className }: { className?: string }) {
  const contact = useSupportContact();
  const link = 'font-medium text-accent-ink underline underline-offset-4';
  return (
    <p className={cn('text-sm text-ink-soft', className)}>
      Questions?{' '}
      {contact.data ? (
        <>
          Write to us at{' '}
          <a href={`mailto:${contact.data.email}`} className={link}>
            {contact.data.email}
          </a>
          .
        </>
      ) : contact.isError ? (
        <>
          Write to us from the{' '}
          <Link href="/contact" className={link}>
            contact page
          </Link>
          .
        </>
      ) : (
        <>
          Write to us at <span aria-hidden="true" className="inline-block h-4 w-40 animate-pulse rounded-md bg-paper-deep align-middle" />
        </>
      )}
    </p>
  );
}
