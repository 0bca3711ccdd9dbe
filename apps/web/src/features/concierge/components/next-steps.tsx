import { CalendarDays, Mail, MessageCircle } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { NEXT_STEPS, SUPPORT_EMAIL } from '../lib/concierge-content.ts';

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

/** The support address as a link. */
export function SupportContact({ className }: { className?: string }) {
  return (
    <p className={cn('text-sm text-ink-soft', className)}>
      Questions? Write to us at{' '}
      <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-accent-ink underline underline-offset-4">
        {SUPPORT_EMAIL}
      </a>
      .
    </p>
  );
}
