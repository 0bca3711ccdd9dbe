import { Check } from 'lucide-react';
import { cn } from '../../../../lib/cn.ts';
import type { StepStatus, WorkspaceStep } from '../../lib/workspace-steps.ts';

const STATUS_TEXT: Record<StepStatus, string> = {
  completed: 'completed',
  current: 'current step',
  pending: 'not started',
};

/** The four-step progress strip of the workspace. */
export function ProgressStrip({ steps }: { steps: WorkspaceStep[] }) {
  return (
    <nav aria-label="Book progress">
      <ol className="grid grid-cols-4 gap-2 sm:gap-3">
        {steps.map((step, index) => (
          <li
            key={step.id}
            aria-current={step.status === 'current' ? 'step' : undefined}
            data-status={step.status}
            className="flex flex-col gap-2"
          >
            <div
              aria-hidden="true"
              className={cn(
                'h-1 rounded-full',
                step.status === 'completed' && 'bg-accent',
                step.status === 'current' && 'bg-accent/40',
                step.status === 'pending' && 'bg-line',
              )}
            />
            <div className="flex items-start gap-2">
              <span
                aria-hidden="true"
                className={cn(
                  'hidden size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold sm:flex',
                  step.status === 'completed' && 'bg-accent text-on-accent',
                  step.status === 'current' && 'border-2 border-accent bg-surface text-accent-ink',
                  step.status === 'pending' && 'border border-line-strong bg-surface text-muted',
                )}
              >
                {step.status === 'completed' ? <Check className="size-3.5" strokeWidth={3} /> : index + 1}
              </span>
              <span className="flex min-w-0 flex-col">
                <span
                  className={cn(
                    'text-xs leading-tight font-medium sm:text-sm',
                    step.status === 'pending' ? 'text-muted' : 'text-ink',
                  )}
                >
                  {step.label}
                </span>
                <span
                  className={cn(
                    'mt-0.5 text-[0.6875rem] capitalize sm:text-xs',
                    step.status === 'completed' && 'text-accent-ink',
                    step.status === 'current' && 'font-medium text-accent-ink',
                    step.status === 'pending' && 'text-muted',
                  )}
                >
                  {step.status === 'current' ? 'Current' : step.status === 'completed' ? 'Completed' : 'Pending'}
                  <span className="sr-only"> ({STATUS_TEXT[step.status]})</span>
                </span>
              </span>
            </div>
          </li>
        ))}
      </ol>
    </nav>
  );
}
