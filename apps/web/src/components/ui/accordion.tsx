import type { ComponentProps, CSSProperties } from 'react';
import { Accordion as AccordionPrimitive } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** Radix's accordion (WAI-ARIA accordion pattern: buttons in headings, each controlling its region). */
export const Accordion = AccordionPrimitive.Root;

export function AccordionItem({ className, ...props }: ComponentProps<typeof AccordionPrimitive.Item>) {
  return <AccordionPrimitive.Item className={cn('border-b border-line last:border-b-0', className)} {...props} />;
}

/** The question: a button inside a heading (level 3 unless `headingLevel` says otherwise). */
export function AccordionTrigger({ className, children, ...props }: ComponentProps<typeof AccordionPrimitive.Trigger>) {
  return (
    <AccordionPrimitive.Header className="flex">
      <AccordionPrimitive.Trigger
        className={cn(
          'group flex flex-1 items-center justify-between gap-4 py-4 text-left font-medium text-ink transition-colors hover:text-accent-ink',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180" />
      </AccordionPrimitive.Trigger>
    </AccordionPrimitive.Header>
  );
}

/**
 * Radix gives each answer two CSS variables, aliases of its collapsible's size, for height animations. None of ours
 * uses them, and written into the served markup they are an inline `style` attribute, which the pages' Content
 * Security Policy refuses: left unset, React writes no attribute.
 */
const NO_SIZE_ALIASES = { '--radix-accordion-content-height': undefined, '--radix-accordion-content-width': undefined } as CSSProperties;

export function AccordionContent({ className, children, style, ...props }: ComponentProps<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content className={cn('pb-4 text-ink-soft', className)} style={{ ...NO_SIZE_ALIASES, ...style }} {...props}>
      {children}
    </AccordionPrimitive.Content>
  );
}
