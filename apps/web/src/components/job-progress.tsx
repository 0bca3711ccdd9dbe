import type { Job } from '@quire/contracts';
import { Progress } from './ui/progress.tsx';
import { cn } from '../lib/cn.ts';

/** A job's progress in words: its stage and percentage, or that it waits for a worker. */
export function jobProgressText(job: Pick<Job, 'state' | 'stage' | 'percent' | 'attempts'>): { label: string; valueText: string } {
  if (job.state === 'queued') {
    const waiting = job.attempts > 0 ? 'Waiting to try again' : 'Waiting to start';
    return { label: waiting, valueText: waiting };
  }
  const stage = job.stage ?? 'Working';
  return { label: `${stage} · ${job.percent}%`, valueText: `${stage}, ${job.percent}%` };
}

/**
 * The bar of a job still queued or running (an export, a cleanup), with its stage and percentage above it, named by
 * the heading `labelledBy` of the card it belongs to.
 */
export function JobProgress({ job, labelledBy, className }: { job: Job; labelledBy: string; className?: string }) {
  const { label, valueText } = jobProgressText(job);
  return (
    <div className={cn('mt-3 flex flex-col gap-1.5', className)}>
      {/* The bar says the same to assistive technology (aria-valuetext). */}
      <p aria-hidden="true" className="text-xs font-medium text-ink-soft tabular-nums">
        {label}
      </p>
      <Progress value={job.percent} valueText={valueText} aria-labelledby={labelledBy} />
    </div>
  );
}
