import type { ComponentProps } from 'react';
import { Slider as SliderPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn.ts';

/**
 * A one-thumb slider (Radix Slider: role="slider" on the thumb with aria-valuemin/max/now; arrow keys move
 * one step, Page Up/Down ten, Home/End to the bounds). Name the thumb with `thumbLabel` and give
 * `valueText` when the bare number needs a unit to be understood ('11 pt', '0.75 in').
 */
export function Slider({
  className,
  thumbLabel,
  valueText,
  ...props
}: ComponentProps<typeof SliderPrimitive.Root> & { thumbLabel: string; valueText?: string }) {
  return (
    <SliderPrimitive.Root
      className={cn('relative flex h-6 w-full touch-none items-center select-none data-[disabled]:opacity-55', className)}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-line">
        <SliderPrimitive.Range className="absolute h-full bg-accent" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={thumbLabel}
        aria-valuetext={valueText}
        className={cn(
          'block size-5 cursor-grab rounded-full border-2 border-accent bg-surface shadow-sm transition-colors',
          'hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent active:cursor-grabbing',
        )}
      />
    </SliderPrimitive.Root>
  );
}
