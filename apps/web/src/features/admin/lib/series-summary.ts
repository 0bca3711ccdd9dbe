import type { AnalyticsDay } from '@quire/contracts';
import { formatDay } from '../../../lib/format-date.ts';

/** One measure of the daily series, with how its values are written. */
export type DailyMeasure = {
  pick: (day: AnalyticsDay) => number;
  format: (value: number) => string;
};

/**
 * The words a chart is read by (its accessible name and the line under its title): the total over the days shown
 * and the busiest day, e.g. '42 over 30 days; most on 3 Mar (9)'.
 */
export function summarizeSeries(days: readonly AnalyticsDay[], { pick, format }: DailyMeasure): string {
  const span = `${days.length} ${days.length === 1 ? 'day' : 'days'}`;
  const total = days.reduce((sum, day) => sum + pick(day), 0);
  if (total === 0) return `None over ${span}`;
  const busiest = days.reduce((best, day) => (pick(day) > pick(best) ? day : best));
  return `${format(total)} over ${span}; most on ${formatDay(busiest.date, 'd MMM')} (${format(pick(busiest))})`;
}
