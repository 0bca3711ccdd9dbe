import type { AdminAnalytics } from '@quire/contracts';
import { formatCount, formatDollars } from '../lib/format.ts';

/** The four headline figures: users, books, active subscriptions and revenue in US dollars. */
export function SummaryTotals({ analytics }: { analytics: AdminAnalytics }) {
  const totals = [
    { label: 'Total users', value: formatCount(analytics.totalUsers) },
    { label: 'Total books', value: formatCount(analytics.totalBooks) },
    { label: 'Active subscriptions', value: formatCount(analytics.activeSubscriptions) },
    { label: 'Total revenue', value: formatDollars(analytics.totalRevenue) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {totals.map(({ label, value }) => (
        <div key={label} className="flex flex-col-reverse gap-1 rounded-xl border border-line bg-surface p-4 shadow-card sm:p-5">
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="font-display text-2xl font-semibold tracking-tight text-ink [overflow-wrap:anywhere] sm:text-3xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
