import { cn } from '../../lib/cn.ts';

/**
 * A thin bar whose stripe sweeps across while work of unknown length goes on (one long request: a batch import, a ZIP
 * of many PDFs). Decorative: the text beside it says what is happening.
 */
export function IndeterminateBar({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('h-1 overflow-hidden rounded-full bg-paper-deep', className)}>
      <div className="h-full w-1/3 rounded-full bg-accent motion-safe:animate-indeterminate motion-reduce:w-full motion-reduce:opacity-40" />
    </div>
  );
}
