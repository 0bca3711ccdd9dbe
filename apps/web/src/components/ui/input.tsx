import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const fieldControlClass =
  'w-full rounded-md border border-line-strong bg-surface px-3 text-[0.9375rem] text-ink shadow-[inset_0_1px_1px_rgb(29_26_22/0.04)] ' +
  'placeholder:text-muted/80 transition-colors hover:border-ink-soft/40 ' +
  'focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent/35 ' +
  'disabled:cursor-not-allowed disabled:bg-paper-deep/50 disabled:opacity-70 ' +
  'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/30';

export function Input({ className, type, ...props }: ComponentProps<'input'>) {
  return <input type={type ?? 'text'} className={cn(fieldControlClass, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldControlClass, 'min-h-24 py-2 leading-relaxed', className)} {...props} />;
}

export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        className={cn(fieldControlClass, 'h-10 cursor-pointer appearance-none pr-9', className)}
        {...props}
      >
        {children}
      </select>
      <svg
        aria-hidden="true"
        viewBox="0 0 16 16"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted"
      >
        <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
    </div>
  );
}
