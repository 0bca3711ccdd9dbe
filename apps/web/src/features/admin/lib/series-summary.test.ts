import { describe, expect, it } from 'vitest';
import type { AnalyticsDay } from '@quire/contracts';
import { formatCount, formatDollars } from './format.ts';
import { summarizeSeries } from './series-summary.ts';

function day(date: string, signUps: number, revenue = 0): AnalyticsDay {
  return { date, signUps, imports: 0, exports: 0, revenue, pageViews: 0 };
}

describe('summarizeSeries', () => {
  it('gives the total and the busiest day (the first of equals)', () => {
    const days = [day('2025-03-01', 2), day('2025-03-02', 7), day('2025-03-03', 7)];
    expect(summarizeSeries(days, { pick: (d) => d.signUps, format: formatCount })).toBe('16 over 3 days; most on 2 Mar (7)');
  });

  it('writes money as dollars', () => {
    const days = [day('2025-03-01', 0, 1200), day('2025-03-02', 0, 49.5)];
    expect(summarizeSeries(days, { pick: (d) => d.revenue, format: formatDollars })).toBe(
      '$1,249.50 over 2 days; most on 1 Mar ($1,200.00)',
    );
  });

  it('says none for an empty or silent series', () => {
    expect(summarizeSeries([day('2025-03-01', 0)], { pick: (d) => d.signUps, format: formatCount })).toBe('None over 1 day');
    expect(summarizeSeries([], { pick: (d) => d.signUps, format: formatCount })).toBe('None over 0 days');
  });
});
