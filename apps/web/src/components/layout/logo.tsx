import { cn } from '../../lib/cn.ts';

/** The Quire mark: a folded gathering of pages. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8', className)}>
      <rect width="32" height="32" rx="7" fill="var(--color-accent)" />
      <path d="M9 8.5h9.5a4.5 4.5 0 0 1 4.5 4.5v10.5H13.5A4.5 4.5 0 0 1 9 19z" fill="var(--color-paper)" />
      <path d="M13 12.5h6M13 16h6M13 19.5h4" stroke="var(--color-accent)" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** Brand name beside the mark; the tagline appears from small screens up. */
export function Logo({ tagline, className }: { tagline?: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span className="flex flex-col leading-none">
        <span className="font-display text-[1.375rem] font-semibold tracking-tight text-ink">Quire</span>
        {tagline && <span className="mt-1 hidden text-xs text-muted sm:block">{tagline}</span>}
      </span>
    </span>
  );
}
