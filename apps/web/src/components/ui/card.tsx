import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Skeleton } from './skeleton.tsx';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('rounded-xl border border-line bg-surface shadow-card', className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1 p-5 sm:p-6', className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('font-display text-xl font-semibold tracking-tight text-ink', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-5 pb-5 sm:px-6 sm:pb-6', className)} {...props} />;
}

/**
 * A card that is one titled section (an order summary, the payment details, a project summary): a header row with
 * the title and an optional aside (a link, a note), then the rows given as children. The section is labelled by its
 * title for screen readers.
 */
export function SectionCard({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card>
      <section aria-labelledby={titleId} className="flex flex-col">
        <div className="flex items-center justify-between gap-3 border-b border-line px-5 py-4 sm:px-6">
          <h2 id={titleId} className="font-semibold text-ink">
            {title}
          </h2>
          {aside}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** A row of a SectionCard after the first: a rule above it and the card's padding. */
export function SectionCardRow({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('border-t border-line px-5 py-4 sm:px-6', className)} {...props} />;
}

/**
 * A SectionCard's closing line: the label on the left, the amount on the right in the display face; a skeleton stands
 * in while `amount` is null (still loading). `before` is shown just left of the amount (a struck-out list price).
 */
export function SectionCardTotal({ label, amount, before }: { label: string; amount: string | null; before?: ReactNode }) {
  return (
    <SectionCardRow className="flex items-baseline justify-between gap-4">
      <span className="font-medium text-ink">{label}</span>
      {amount === null ? (
        <Skeleton className="h-7 w-20" />
      ) : (
        <span className="flex items-baseline gap-2">
          {before}
          <span className="font-display text-2xl font-semibold tabular-nums">{amount}</span>
        </span>
      )}
    </SectionCardRow>
  );
}
