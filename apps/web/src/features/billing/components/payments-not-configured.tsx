import { CircleSlash } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

/** The one sentence every payment surface says when this server takes no payments. */
export const NOT_CONFIGURED_TITLE = 'Payments are not configured on this server.';
/** What that means for the user, said after {@link NOT_CONFIGURED_TITLE}. */
export const NOT_CONFIGURED_DETAIL = 'Every feature is open here, with no limits on documents or exports, so there is nothing to pay for.';

/**
 * What a payment surface shows when the server takes no payments (GET /api/billing/config `enabled: false`): said
 * plainly, with nothing offered for sale and Stripe never loaded.
 */
export function PaymentsNotConfigured({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <div role="note" className={cn('flex items-start gap-3 rounded-lg border border-line bg-paper-deep/50 text-sm', compact ? 'p-3' : 'p-4', className)}>
      <CircleSlash aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
      <p className="text-ink-soft">
        <span className="font-semibold text-ink">{NOT_CONFIGURED_TITLE}</span> {NOT_CONFIGURED_DETAIL}
      </p>
    </div>
  );
}
