import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a narrow screen instead of squeezing its columns. The scrolling box is focusable
 * and named, so keyboard users can scroll it too (WCAG 2.1.1).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={`${label} table`} tabIndex={0} className="-mx-5 overflow-x-auto px-5 outline-none focus-visible:outline-2 focus-visible:outline-accent sm:mx-0 sm:px-0">
      <table aria-label={label} className="w-full min-w-[36rem] border-collapse text-left text-sm">{children}</table>
    </div>
  );
}

/** A column heading of a {@link ScrollTable}. */
export function Th({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <th scope="col" className={`border-b border-line py-2 pr-4 text-xs font-semibold tracking-wide text-muted uppercase last:pr-0 ${className}`}>
      {children}
    </th>
  );
}

/** A cell of a {@link ScrollTable}. */
export function Td({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <td className={`border-b border-line/70 py-2.5 pr-4 align-middle last:pr-0 ${className}`}>{children}</td>;
}
