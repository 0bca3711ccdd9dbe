import { Check } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** One point of a PointList: its title, a sentence of detail, and an optional kicker above the title ('Days 1-2'). */
export interface Point {
  title: string;
  detail: string;
  kicker?: string;
}

/**
 * The public pages' list of points over data: `checks` is an unordered list of features, each with a check mark, in
 * two columns from tablets up; `steps` is an ordered list of numbered cards, side by side from `md` up (`columns` of
 * them, 3 to 5) and stacked on phones.
 */
export function PointList({ points, marker, columns = 5, label }: {
  points: readonly Point[];
  marker: 'checks' | 'steps';
  /** Cards per row from `md` up, for steps. */
  columns?: 3 | 4 | 5;
  /** An accessible name for the list when no heading labels it. */
  label?: string;
}) {
  if (marker === 'checks') {
    return (
      <ul aria-label={label} className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
        {points.map((point) => (
          <li key={point.title} className="flex items-start gap-3">
            <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
              <Check aria-hidden="true" className="size-3.5" />
            </span>
            <PointText point={point} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ol aria-label={label} className={cn('grid gap-4', { 3: 'md:grid-cols-3', 4: 'md:grid-cols-4', 5: 'md:grid-cols-5' }[columns])}>
      {points.map((point, i) => (
        <li key={point.title} className="flex gap-4 rounded-xl border border-line bg-surface p-4 shadow-card md:flex-col md:gap-3">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-on-accent tabular-nums">
            {i + 1}
          </span>
          <PointText point={point} />
        </li>
      ))}
    </ol>
  );
}

function PointText({ point }: { point: Point }) {
  return (
    <div>
      {point.kicker && <p className="text-xs font-semibold tracking-wide text-accent-ink uppercase">{point.kicker}</p>}
      <p className={cn('font-semibold text-ink', point.kicker ? 'mt-0.5' : 'font-medium')}>{point.title}</p>
      <p className="mt-1 text-sm text-ink-soft">{point.detail}</p>
    </div>
  );
}
