import type { AnalyticsDay } from '@quire/contracts';
import { formatDay } from '../../../lib/format-date.ts';
import { summarizeSeries, type DailyMeasure } from '../lib/series-summary.ts';

const SLOT = 10;
const BAR = 7;
const HEIGHT = 100;

/**
 * A bar per day, drawn as plain SVG (no chart library: thirty bars do not need one). The picture is named by its
 * summary (the total and the busiest day), which is also written under the title; each bar's tooltip gives its day.
 */
export function DailyBarChart({ title, days, measure }: { title: string; days: readonly AnalyticsDay[]; measure: DailyMeasure }) {
  const summary = summarizeSeries(days, measure);
  const values = days.map(measure.pick);
  const max = Math.max(0, ...values);
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className="flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-surface p-4 shadow-card sm:p-5">
      <figcaption>
        <span className="block font-semibold text-ink">{title}</span>
        <span className="block text-sm text-muted">{summary}</span>
      </figcaption>
      <svg
        role="img"
        aria-label={`${title}: ${summary}`}
        viewBox={`0 0 ${Math.max(days.length, 1) * SLOT} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-28 w-full"
      >
        {days.map((day, index) => {
          const value = values[index] ?? 0;
          // An empty day keeps a hairline, so the thirty slots still read as a time line.
          const height = max === 0 || value === 0 ? 1 : Math.max(2, (value / max) * (HEIGHT - 4));
          return (
            <rect
              key={day.date}
              x={index * SLOT + (SLOT - BAR) / 2}
              y={HEIGHT - height}
              width={BAR}
              height={height}
              rx={1}
              fill={value === 0 ? 'var(--color-line-strong)' : 'var(--color-accent)'}
            >
              <title>{`${formatDay(day.date, 'd MMM')}: ${measure.format(value)}`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last && (
        <div aria-hidden="true" className="flex justify-between text-xs text-muted">
          <span>{formatDay(first.date, 'd MMM')}</span>
          <span>{formatDay(last.date, 'd MMM')}</span>
        </div>
      )}
    </figure>
  );
}
