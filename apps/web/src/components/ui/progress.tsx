import type { ComponentProps } from 'react';
import { Progress as ProgressPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn.ts';

type ProgressProps = Omit<ComponentProps<typeof ProgressPrimitive.Root>, 'value' | 'getValueLabel' | 'children'> & {
  /** How far the work is, from 0 to `max` (100 unless told). */
  value: number;
  /**
   * The value in words for assistive technology (aria-valuetext), when the bare percentage is not the whole story
   * ('Typesetting pages, 40%'); the percentage otherwise.
   */
  valueText?: string | undefined;
};

/**
 * A bar showing how far a piece of work of known length has gone (Radix Progress: role="progressbar" with
 * aria-valuemin 0, aria-valuemax and aria-valuenow). Name it with `aria-labelledby` (a visible label) or `aria-label`.
 * The fill glides to each new value, and simply jumps there for people who ask for reduced motion; it never loops.
 */
export function Progress({ value, max = 100, valueText, className, ...props }: ProgressProps) {
  const bounded = Math.min(Math.max(value, 0), max);
  const remaining = 100 - (bounded / max) * 100;
  return (
    <ProgressPrimitive.Root
      value={bounded}
      max={max}
      {...(valueText !== undefined ? { getValueLabel: () => valueText } : {})}
      className={cn('relative h-1.5 w-full overflow-hidden rounded-full bg-paper-deep', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className="h-full w-full rounded-full bg-accent motion-safe:transition-transform motion-safe:duration-500 motion-safe:ease-out"
        style={{ transform: `translateX(-${remaining}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
